/**
 * carrier_d's only file with I/O: the USPS REST APIs v3 (README.md), one base path per API.
 * Two tokens, both kept in the shared token store so that every instance uses the same ones:
 * the OAuth access token (a new one revokes the previous, so refresh must be serialised: the store
 * does that) and the payment authorization token labels, refunds and SCAN forms carry (valid eight
 * hours; payments.yaml says to reuse it, not to ask per label).
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import type { BookedShipment } from '../../domain/types.js';
import { toApiError } from '../../domain/errors.js';
import { mapLimited } from '../../foundations/limiter.js';
import { parseJson } from '../shared/calls.js';
import { createHttpClient, jsonCodec, type HttpRequest } from '../shared/http-client.js';
import type { FetchedToken } from '../shared/oauth.js';
import type { CarrierHttpResponse } from '../shared/transport.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import {
  buildPaymentAuthorizationRequest,
  buildTokenRequest,
  parsePaymentAuthorizationResponse,
  paymentAccount,
  paymentKey,
} from './auth.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, locationsQueryString, parseLocationsResponse } from './locations.js';
import { buildManifestRequest, parseManifestResponse } from './manifest.js';
import {
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupResponse,
  buildPickupCancelRequest,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse, shipmentFromLabels, type LabelKind, type ParsedLabel } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';
import { labelSpec } from './codes.js';

/** One call: with `payment`, it carries the payment authorization token. */
interface Call extends HttpRequest {
  payment?: boolean;
}

const LABEL_ENDPOINTS = {
  label: ENDPOINTS.label,
  return: ENDPOINTS.returnLabel,
  international: ENDPOINTS.internationalLabel,
} satisfies Record<LabelKind, unknown>;

/** Price searches in flight per rate request (one per package and, abroad, per mail class). */
const RATE_CONCURRENCY = 4;

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const client = createHttpClient(deps, {
    carrier: 'carrier_d',
    auth: { kind: 'oauth', token: ENDPOINTS.token, tokenRequest: buildTokenRequest },
    codec: jsonCodec(),
    headers: { accept: 'application/json' },
    parseErrorResponse,
    unexpectedBody,
  });

  const paymentKeyOf = (call: CarrierCall) => paymentKey(call, deps.baseUrl('carrier_d', call.test));

  function fetchPaymentToken(call: CarrierCall): () => Promise<FetchedToken> {
    return async () => {
      const body = buildPaymentAuthorizationRequest(paymentAccount(call.auth));
      const res = await client.request(call, { endpoint: ENDPOINTS.paymentAuthorization, body });
      if (res.status !== 200) throw parseErrorResponse(res.status, res.body, { auth: true });
      return parsePaymentAuthorizationResponse(
        parseJson(res.body, () => unexpectedBody('payment authorization response (not JSON)')),
      );
    };
  }

  /**
   * With `payment`, the payment token rides along in X-Payment-Authorization-Token
   * (domestic-labels.yaml). The labels API answers 403 "Access is denied" when it refuses the call;
   * we take it as a refused (expired or replaced) payment token: the token is forgotten, fetched
   * again and the call repeated once.
   */
  function withPayment(call: CarrierCall, { payment, ...req }: Call): HttpRequest {
    if (!payment) return req;
    return {
      ...req,
      token: {
        key: paymentKeyOf(call),
        fetch: fetchPaymentToken(call),
        header: 'x-payment-authorization-token',
        refusedWith: 403,
      },
    };
  }

  /** The answer as it came (headers, bytes); a status outside 2xx is the carrier's error. */
  const send = (call: CarrierCall, spec: Call): Promise<CarrierHttpResponse> =>
    client.answer(call, withPayment(call, spec));
  const sendJson = (call: CarrierCall, spec: Call): Promise<unknown> => client.send(call, withPayment(call, spec));

  function answerOf(res: CarrierHttpResponse) {
    return {
      contentType: res.headers['content-type'],
      bytes: res.bytes ?? Uint8Array.from(Buffer.from(res.body, 'utf8')),
    };
  }

  async function refund(call: CarrierCall, trackingNumber: string, service?: string) {
    // The path names the API the label was bought from; both refunds are alike otherwise.
    return parseCancelResponse(
      await sendJson(call, {
        endpoint: ENDPOINTS.cancel,
        path: buildCancelRequest(trackingNumber, service),
        payment: true,
      }),
    );
  }

  return {
    declaration,
    async rate(call, req) {
      const a = paymentAccount(call.auth);
      const searches = buildRateRequest(
        req,
        { accountNumber: a.accountNumber, accountType: a.accountType },
        clock.now(),
      );
      const answers = await mapLimited(searches, RATE_CONCURRENCY, async (s) => ({
        packageIndex: s.packageIndex,
        body: await sendJson(call, {
          endpoint: s.international ? ENDPOINTS.rateInternational : ENDPOINTS.rate,
          body: s.body,
        }),
      }));
      return parseRateResponse(answers, req);
    },
    async ship(call, req): Promise<BookedShipment> {
      const now = clock.now();
      // Build every request first: bad input fails before anything is bought.
      const requests = req.packages.map((_, i) => buildShipRequest(req, i, now));
      const format = labelSpec(req.label_type, req.label_size).format;
      const labels: ParsedLabel[] = [];
      for (const r of requests) {
        try {
          const res = await send(call, {
            endpoint: LABEL_ENDPOINTS[r.kind],
            body: r.body,
            payment: true,
            binary: true,
          });
          labels.push(parseShipResponse(answerOf(res), format));
        } catch (err) {
          // Labels are single-piece: the ones bought for earlier packages are refunded before answering.
          for (const bought of labels) {
            await refund(call, bought.package.tracking_number).catch((refundErr: unknown) =>
              call.log.error(
                {
                  carrier: 'carrier_d',
                  tracking_number: bought.package.tracking_number,
                  err: toApiError(refundErr).message,
                },
                'refund of an earlier package label failed',
              ),
            );
          }
          throw err;
        }
      }
      return shipmentFromLabels(labels, req.service);
    },
    async track(call, trackingNumber) {
      const body = await sendJson(call, { endpoint: ENDPOINTS.track, path: buildTrackRequest(trackingNumber) });
      return parseTrackResponse(body, trackingNumber);
    },
    async cancel(call, shipment) {
      return refund(call, shipment.tracking_number, shipment.service);
    },
    async pickup(call, req) {
      const body = await sendJson(call, { endpoint: ENDPOINTS.pickup, body: buildPickupRequest(req) });
      return parsePickupResponse(body, req);
    },
    async cancelPickup(call, req) {
      const path = buildPickupCancelRequest(req.confirmation_number);
      const current = await send(call, { endpoint: ENDPOINTS.pickupLookup, path });
      const etag = current.headers.etag;
      if (!etag) throw unexpectedBody('pickup response (no ETag to cancel with)');
      await send(call, { endpoint: ENDPOINTS.pickupCancel, path, headers: { 'if-match': etag } });
      return parsePickupCancelResponse(req.confirmation_number);
    },
    async validateAddress(call, address) {
      // Not through send(): a 404 here is USPS saying no address matches, an answer and not a failure.
      return parseAddressResponse(
        await client.request(call, { endpoint: ENDPOINTS.address, path: buildAddressRequest(address) }),
        address,
      );
    },
    async locations(call, req) {
      const body = await sendJson(call, {
        endpoint: ENDPOINTS.locations,
        path: locationsQueryString(buildLocationsRequest(req)),
      });
      return parseLocationsResponse(body);
    },
    async manifest(call, req) {
      const a = paymentAccount(call.auth);
      const body = buildManifestRequest(
        req,
        {
          manifestMid: a.manifestMid,
          ...(call.auth.manifest_facility_postal_code ? { facilityZip: call.auth.manifest_facility_postal_code } : {}),
        },
        req.address,
      );
      const res = await send(call, { endpoint: ENDPOINTS.manifest, body, payment: true, binary: true });
      return parseManifestResponse(answerOf(res), req.tracking_numbers);
    },
    async validateCredentials(call) {
      try {
        // A call the carrier answers now, never a token held from before (the carrier may have revoked
        // the client since): a payment authorization, which checks the payment members, under the
        // OAuth token, which the carrier refuses for a revoked client and which is then asked for
        // once more with the id and secret. A new payment token revokes no other instance's.
        await fetchPaymentToken(call)();
        return { valid: true, message: 'carrier_d accepted the OAuth client and the payment account' };
      } catch (err) {
        const e = toApiError(err);
        if (e.code === 'carrier_authentication' || e.code === 'carrier_exception')
          return { valid: false, message: e.message };
        throw e;
      }
    },
  };
}
