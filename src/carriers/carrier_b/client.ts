/**
 * carrier_b's only file with I/O: the UPS REST calls of endpoints.ts through the shared
 * client (OAuth, JSON), each named by a transId of its own. Everything it sends and reads is built and parsed by
 * the pure modules beside it.
 */
import { randomUUID } from 'node:crypto';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type {
  BookedPackage,
  FoundBooking,
  PickupAvailabilityRequest,
  PickupSlot,
  ShipmentRequest,
} from '../../domain/types.js';
import { mapLimited } from '../../foundations/limiter.js';
import { accountNumber } from '../shared/calls.js';
import { fillPath, type Endpoint } from '../shared/endpoint.js';
import { createHttpClient, jsonCodec, type HttpRequest } from '../shared/http-client.js';
import { buildTokenRequest } from './auth.js';
import { API_PATH, ENDPOINTS } from './endpoints.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { labelChoice } from './codes.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, parseLocationsResponse } from './locations.js';
import {
  availabilityDates,
  buildPickupAvailabilityRequest,
  buildPickupRequest,
  parsePickupCancelResponse,
  parsePickupAvailabilityResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';
import {
  buildLabelRecoveryRequest,
  buildLookupRequest,
  parseLabelRecoveryResponse,
  parseLookupResponse,
} from './lookup.js';

/** Pickup availability asks one rating call per date; this many at a time. */
const AVAILABILITY_CONCURRENCY = 3;
/** Failures of a call that may well work when asked again: the found booking is looked up again later. */
const TRANSIENT = new Set(['carrier_timeout', 'carrier_failed_connection', 'carrier_throttling']);

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { clock } = deps;
  const client = createHttpClient(deps, {
    carrier: 'carrier_b',
    auth: { kind: 'oauth', token: ENDPOINTS.token, tokenRequest: buildTokenRequest },
    codec: jsonCodec(),
    apiPath: API_PATH,
    headers: { transactionSrc: 'waybill' },
    parseErrorResponse,
    unexpectedBody,
  });

  /** One authenticated JSON call (a refused token is renewed once); transId names it in errors. */
  async function send(
    call: CarrierCall,
    endpoint: Endpoint,
    req: Omit<HttpRequest, 'endpoint'> = {},
  ): Promise<{ body: unknown; transId: string }> {
    // Tracking.yaml: transId "An identifier unique to the request. Length 32".
    const transId = randomUUID().replace(/-/g, '');
    const body = await client.send(
      call,
      { endpoint, ...req, headers: { transId, ...req.headers } },
      { transactionId: transId },
    );
    return { body, transId };
  }

  async function availability(call: CarrierCall, req: PickupAvailabilityRequest): Promise<PickupSlot[]> {
    const dates = availabilityDates(req.start_date, req.end_date);
    const account = accountNumber(call);
    let refusal: ApiError | undefined;
    const slots = await mapLimited(dates, AVAILABILITY_CONCURRENCY, async (date) => {
      try {
        const { body } = await send(call, ENDPOINTS.pickupAvailability, {
          body: buildPickupAvailabilityRequest(req, date, account),
        });
        return parsePickupAvailabilityResponse(body, date, req);
      } catch (err) {
        // A date UPS refuses (weekend, holiday, past) is not available; anything else fails the call.
        if (!(err instanceof ApiError) || err.code !== 'carrier_exception') throw err;
        refusal ??= err;
        return undefined;
      }
    });
    const available = slots.filter((s): s is PickupSlot => s !== undefined);
    // Every date refused is more likely a bad request (address, account) than a full calendar.
    if (available.length === 0 && refusal) throw refusal;
    return available;
  }

  /**
   * A found booking's labels through Label Recovery (lookup.ts). Refused or unreadable: the booking
   * is kept without them (its `recovered` says so); cut off or throttled: asked again later.
   */
  async function recoverLabels(
    call: CarrierCall,
    req: ShipmentRequest,
    found: FoundBooking,
  ): Promise<BookedPackage[] | undefined> {
    try {
      const res = await send(call, ENDPOINTS.labelRecovery, {
        body: buildLabelRecoveryRequest(req, found.tracking_number),
      });
      return await parseLabelRecoveryResponse(res.body, req, found.package_tracking_numbers, deps.labels);
    } catch (err) {
      if (err instanceof ApiError && TRANSIENT.has(err.code)) throw err;
      call.log.warn(
        { err, carrier: 'carrier_b', tracking_number: found.tracking_number },
        'Label Recovery did not hand out the labels of a booking found by reference; it is stored without them',
      );
      return undefined;
    }
  }

  return {
    declaration,
    async rate(call, req) {
      const { requestOption, body } = buildRateRequest(req, accountNumber(call), clock.now());
      const res = await send(call, ENDPOINTS.rate, { path: fillPath(ENDPOINTS.rate.path, { requestOption }), body });
      return parseRateResponse(res.body, { preferList: req.special_services?.includes('list_rates') ?? false });
    },
    async ship(call, req) {
      const body = buildShipRequest(req, accountNumber(call), clock.now());
      const res = await send(call, ENDPOINTS.ship, { body });
      const label = labelChoice(req.label_type, req.label_size);
      return parseShipResponse(res.body, {
        deliver: label.deliver,
        labels: deps.labels,
        ...(req.service ? { service: req.service } : {}),
      });
    },
    async track(call, trackingNumber) {
      const query = new URLSearchParams(buildTrackRequest()).toString();
      const res = await send(call, ENDPOINTS.track, {
        path: `${fillPath(ENDPOINTS.track.path, { inquiryNumber: trackingNumber }, 'tracking_number')}?${query}`,
      });
      return parseTrackResponse(res.body, trackingNumber, res.transId);
    },
    async lookupReference(call, req, bookedAt) {
      const { referenceNumber, query } = buildLookupRequest(req, accountNumber(call), bookedAt);
      let found: FoundBooking | null;
      try {
        const res = await send(call, ENDPOINTS.lookupReference, {
          path: `${fillPath(ENDPOINTS.lookupReference.path, { referenceNumber })}?${new URLSearchParams(query).toString()}`,
        });
        found = parseLookupResponse(res.body, req.packages.length);
      } catch (err) {
        // 404 "Tracking number information not found": the carrier has no booking with the reference.
        if (err instanceof ApiError && err.code === 'carrier_no_shipment_found') return null;
        throw err;
      }
      if (!found) return null;
      const packages = await recoverLabels(call, req, found);
      return packages ? { ...found, packages } : found;
    },
    async cancel(call, shipment) {
      const res = await send(call, ENDPOINTS.cancel, {
        path: buildCancelRequest(shipment.carrier_shipment_id ?? shipment.tracking_number),
      });
      return parseCancelResponse(res.body, res.transId);
    },
    pickupAvailability: availability,
    async pickup(call, req) {
      const res = await send(call, ENDPOINTS.pickup, { body: buildPickupRequest(req, accountNumber(call)) });
      return parsePickupResponse(res.body, req);
    },
    async cancelPickup(call, req) {
      const res = await send(call, ENDPOINTS.pickupCancel, { headers: { Prn: req.confirmation_number } });
      return parsePickupCancelResponse(res.body);
    },
    async locations(call, req) {
      const res = await send(call, ENDPOINTS.locations, { body: buildLocationsRequest(req) });
      return parseLocationsResponse(res.body);
    },
    async validateAddress(call, address) {
      const { path, body } = buildAddressRequest(address);
      return parseAddressResponse((await send(call, ENDPOINTS.address, { path, body })).body, address);
    },
  };
}
