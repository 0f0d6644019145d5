/**
 * carrier_c's only file with I/O: the DHL Express MyDHL API with HTTP Basic auth (README.md:
 * /rates, /shipments, /shipments/{id}/tracking and /tracking, /pickups, /address-validate,
 * /servicepoints). Everything it sends and reads is built and parsed by the pure modules beside it.
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { PickupSlot } from '../../domain/types.js';
import { mapLimited } from '../../foundations/limiter.js';
import { accountNumber } from '../shared/calls.js';
import type { Endpoint } from '../shared/endpoint.js';
import { createHttpClient, jsonCodec } from '../shared/http-client.js';
import { buildAddressRequest, parseAddressNotFound, parseAddressResponse } from './address.js';
import { buildValidateCredentialsRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, parseLocationsResponse } from './locations.js';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  datesBetween,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse, wantsPngLabels } from './ship.js';
import { buildTrackManyRequest, buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';
import { buildLookupRequest, parseLookupResponse } from './lookup.js';
import type { CarrierCQuery } from './wire.js';

/** Pickup availability rates one date per call; a few at a time keep a month-long range quick. */
const AVAILABILITY_CONCURRENCY = 4;
/** DELETE /pickups needs a requestorName; the service cancels on the merchant's behalf. */
const REQUESTOR = 'Waybill API';

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const client = createHttpClient(deps, {
    carrier: 'carrier_c',
    auth: { kind: 'basic', credentials: (call) => credentialsOf(call.auth) },
    // DELETE /pickups answers 200 without a body.
    codec: jsonCodec({ emptyAs: {} }),
    // xVersionHeader: the API version the bodies are written against.
    headers: { accept: 'application/json', 'x-version': '3.1.1' },
    parseErrorResponse,
    unexpectedBody,
  });

  /** One call: the endpoint, its path when the request fills it, a query and a JSON body. */
  const send = (
    call: CarrierCall,
    endpoint: Endpoint,
    opts: { path?: string; query?: CarrierCQuery; body?: unknown } = {},
  ) => client.send(call, { endpoint, ...opts });

  return {
    declaration,
    async rate(call, req) {
      const body = await send(call, ENDPOINTS.rate, { body: buildRateRequest(req, accountNumber(call), clock.now()) });
      return parseRateResponse(body, req.currency === undefined ? {} : { currency: req.currency });
    },
    async ship(call, req) {
      const request = buildShipRequest(req, accountNumber(call), clock.now());
      const booked = parseShipResponse(await send(call, ENDPOINTS.ship, { body: request }), request.productCode);
      if (!wantsPngLabels(req)) return booked;
      // MyDHL renders no images: the PDF it answered is drawn as the PNG asked for.
      const packages = await Promise.all(
        booked.packages.map(async (p) => ({ ...p, label: await deps.labels.pdfToPng(p.label), label_format: 'PNG' })),
      );
      return { ...booked, packages };
    },
    async track(call, trackingNumber) {
      const { path, query } = buildTrackRequest(trackingNumber);
      return parseTrackResponse(await send(call, ENDPOINTS.track, { path, query }), trackingNumber);
    },
    async lookupReference(call, req, bookedAt) {
      try {
        return parseLookupResponse(
          await send(call, ENDPOINTS.lookupReference, buildLookupRequest(req, accountNumber(call), bookedAt)),
        );
      } catch (err) {
        // 404 "No Shipments Found": the carrier has no booking with the reference.
        if (err instanceof ApiError && err.code === 'carrier_no_shipment_found') return null;
        throw err;
      }
    },
    async trackMany(call, trackingNumbers) {
      const { path, query } = buildTrackManyRequest(trackingNumbers);
      try {
        return parseTrackManyResponse(await send(call, ENDPOINTS.trackMany, { path, query }), trackingNumbers);
      } catch (err) {
        // 404 "No shipments found": none of the numbers is known, each says so.
        if (err instanceof ApiError && err.code === 'carrier_no_shipment_found') return trackingNumbers.map(() => err);
        throw err;
      }
    },
    async pickupAvailability(call, req) {
      const account = accountNumber(call);
      const dates = datesBetween(req.start_date, req.end_date);
      const slots = await mapLimited(dates, AVAILABILITY_CONCURRENCY, async (date) =>
        parsePickupAvailabilityResponse(
          await send(call, ENDPOINTS.rate, { body: buildPickupAvailabilityRequest(req, date, account, clock.now()) }),
          date,
        ),
      );
      return slots.filter((s): s is PickupSlot => s !== undefined);
    },
    async pickup(call, req) {
      return parsePickupResponse(
        await send(call, ENDPOINTS.pickup, { body: buildPickupRequest(req, accountNumber(call), clock.now()) }),
        req,
      );
    },
    async cancelPickup(call, req) {
      const { path, query } = buildPickupCancelRequest(req.confirmation_number, REQUESTOR);
      return parsePickupCancelResponse(
        await send(call, ENDPOINTS.pickupCancel, { path, query }),
        req.confirmation_number,
      );
    },
    async locations(call, req) {
      const { path, query } = buildLocationsRequest(req);
      return parseLocationsResponse(await send(call, ENDPOINTS.locations, { path, query }));
    },
    async validateAddress(call, address) {
      const { path, query } = buildAddressRequest(address);
      try {
        return parseAddressResponse(await send(call, ENDPOINTS.address, { path, query }), address);
      } catch (err) {
        // 404: DHL knows no such postal location.
        if (err instanceof ApiError && err.code === 'carrier_no_shipment_found')
          return parseAddressNotFound(err.message, address);
        throw err;
      }
    },
    async validateCredentials(call) {
      const { path, query } = buildValidateCredentialsRequest(call.country);
      try {
        parseValidateCredentialsResponse(await send(call, ENDPOINTS.validate, { path, query }));
        return { valid: true, message: 'carrier_c accepted the credentials' };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        // Refused credentials (or none to send) are the answer, not an error.
        if (err.code === 'carrier_authentication') return { valid: false, message: err.message };
        // Anything else DHL said about the probe address came through its authentication.
        if (err.code === 'carrier_exception')
          return { valid: true, message: `carrier_c accepted the credentials (${err.message})` };
        throw err;
      }
    },
  };
}
