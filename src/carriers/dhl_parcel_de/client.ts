/**
 * dhl_parcel_de's only file with I/O: the Shipping API v2 through the shared client with a
 * password-grant token (auth.ts), and the Tracking API through it with HTTP Basic (the API app; the
 * portal user rides inside the request document). Everything it sends and reads is built and
 * parsed by the pure modules beside it; rates need no call at all (the price list, rate.ts).
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierAdapter, CarrierDeps } from '../carrier.js';
import { createHttpClient, formCodec, jsonCodec } from '../shared/http-client.js';
import { parseJson } from '../shared/calls.js';
import { billingNumberOf, buildTokenRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { PUBLISHED_PRICES } from './codes-prices.js';
import { declaration } from './declaration.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import {
  buildManifestDocumentQuery,
  buildManifestRequest,
  parseManifestDocumentResponse,
  parseManifestResponse,
} from './manifest.js';
import {
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import {
  buildReturnRequest,
  buildShipRequest,
  parseReturnResponse,
  parseShipResponse,
  partialBooking,
  RETURN_QUERY,
} from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const base = { carrier: 'dhl_parcel_de' as const, parseErrorResponse, unexpectedBody };
  const shipping = createHttpClient(deps, {
    ...base,
    auth: { kind: 'oauth', token: ENDPOINTS.token, tokenRequest: buildTokenRequest },
    codec: jsonCodec(),
    headers: { accept: 'application/json' },
  });
  const tracking = createHttpClient(deps, {
    ...base,
    auth: {
      kind: 'basic',
      credentials: (call) => ({
        username: credentialsOf(call.auth).clientId,
        password: credentialsOf(call.auth).clientSecret,
      }),
    },
    codec: formCodec,
    headers: { accept: 'application/xml' },
  });
  // validate_credentials asks for a token now, never one held from before: every answer is read here.
  const login = createHttpClient(deps, { ...base, auth: { kind: 'none' }, codec: formCodec, ok: () => true });

  const track = async (call: Parameters<NonNullable<CarrierAdapter['track']>>[0], numbers: string[]) =>
    tracking.send(call, { endpoint: ENDPOINTS.track, query: buildTrackRequest(numbers, credentialsOf(call.auth)) });

  /**
   * DHL booked some parcels of an order and refused others (207): the booking is all its parcels or
   * none, so the booked ones are deleted and the refusal answered. Parcels that cannot be deleted
   * are named in the error, never left behind unseen.
   */
  const undoPartial = async (
    call: Parameters<NonNullable<CarrierAdapter['ship']>>[0],
    partial: { booked: string[]; error: ApiError },
  ): Promise<ApiError> => {
    const { booked, error } = partial;
    const undone = await shipping
      .send(call, {
        endpoint: ENDPOINTS.cancel,
        query: buildCancelRequest({ tracking_number: booked[0]!, carrier_shipment_id: booked.join(',') }),
      })
      .then((body) => (parseCancelResponse(body), undefined))
      .catch((err: unknown) => (err instanceof ApiError ? err : new ApiError('carrier_http_exception', String(err))));
    if (!undone)
      return new ApiError(
        error.code,
        error.message,
        `${error.detail ?? ''}; the parcels DHL booked of the order were deleted: ${booked.join(', ')}`,
      );
    call.log.error(
      { carrier: 'dhl_parcel_de', booked, err: undone },
      'parcels of a refused order could not be deleted',
    );
    return new ApiError(
      error.code,
      `${error.message}; DHL booked parcels ${booked.join(', ')} of the order and refused to delete them (${undone.message}): cancel them with DHL`,
      error.detail,
    );
  };

  return {
    declaration,
    async rate(_call, req) {
      return parseRateResponse(PUBLISHED_PRICES, buildRateRequest(req));
    },
    async ship(call, req) {
      if (req.type === 'return')
        return parseReturnResponse(
          await shipping.send(call, {
            endpoint: ENDPOINTS.returnLabel,
            query: RETURN_QUERY,
            body: buildReturnRequest(req),
          }),
          req.service,
        );
      const { query, body } = buildShipRequest(req, billingNumberOf(call.auth), clock.now());
      const answer = await shipping.send(call, { endpoint: ENDPOINTS.ship, query: Object.entries(query), body });
      const partial = partialBooking(answer);
      if (partial) throw await undoPartial(call, partial);
      return parseShipResponse(answer, req.service);
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(await track(call, [trackingNumber]), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(await track(call, trackingNumbers), trackingNumbers);
    },
    async cancel(call, shipment) {
      return parseCancelResponse(
        await shipping.send(call, { endpoint: ENDPOINTS.cancel, query: buildCancelRequest(shipment) }),
      );
    },
    async pickup(call, req) {
      const body = buildPickupRequest(req, billingNumberOf(call.auth), clock.now());
      return parsePickupResponse(await shipping.send(call, { endpoint: ENDPOINTS.pickup, body }), req);
    },
    async cancelPickup(call, req) {
      return parsePickupCancelResponse(
        await shipping.send(call, { endpoint: ENDPOINTS.pickupCancel, query: buildPickupCancelRequest(req) }),
        req.confirmation_number,
      );
    },
    async manifest(call, req) {
      const closings = [];
      for (const body of buildManifestRequest(req))
        closings.push(parseManifestResponse(await shipping.send(call, { endpoint: ENDPOINTS.manifest, body })));
      if (closings.every((c) => c.closed.length === 0)) return parseManifestDocumentResponse(undefined, closings);
      return parseManifestDocumentResponse(
        await shipping.send(call, {
          endpoint: ENDPOINTS.manifestDocument,
          query: buildManifestDocumentQuery(clock.now()),
        }),
        closings,
      );
    },
    async validateCredentials(call) {
      let c;
      try {
        c = credentialsOf(call.auth);
      } catch (err) {
        if (err instanceof ApiError) return { valid: false, message: err.message };
        throw err;
      }
      const form = {
        grant_type: 'password',
        username: c.username,
        password: c.password,
        client_id: c.clientId,
        client_secret: c.clientSecret,
      };
      const res = await login.request(call, { endpoint: ENDPOINTS.token, body: form });
      if (
        res.status === 200 &&
        parseValidateCredentialsResponse(parseJson(res.body, () => unexpectedBody('token response (not JSON)')))
      ) {
        return { valid: true, message: 'dhl_parcel_de issued a token for the credentials' };
      }
      const err = parseErrorResponse(res.status, res.body, {
        auth: res.status === 400 || res.status === 401 || res.status === 403,
      });
      if (err.code === 'carrier_authentication') return { valid: false, message: err.message };
      throw err;
    },
  };
}
