/**
 * canadapost's I/O, with the calls its operations share in client-calls.ts: Canada Post's REST web
 * services with HTTP Basic auth and XML in versioned media types (rating, contract and non-contract
 * shipments, their artifacts, void and refund, tracking, service discovery), on the shared carrier
 * client. Everything it sends and reads is built and parsed by the pure modules beside it.
 */
import type { CarrierAdapter, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import { mapLimited } from '../../foundations/limiter.js';
import { fillPath } from '../shared/endpoint.js';
import { buildValidateCredentialsRequest, parseValidateCredentialsResponse } from './auth.js';
import { declaration } from './declaration.js';
import { ENDPOINTS } from './endpoints.js';
import { unexpectedBody } from './errors.js';
import { accountOf, dayGroup, eachParcel } from './mapping.js';
import { buildRateRequest, parseRateResponse, sumRates } from './rate.js';
import {
  bookedShipment,
  buildReturnRequest,
  parseReturnResponse,
  parseShipResponse,
  type ParsedShipment,
} from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from './pickup.js';
import { buildLocationsRequest, parseLocationsResponse, parseOfficeHours } from './locations.js';
import {
  buildManifestRequest,
  manifestResult,
  parseLinks,
  parseManifestResponse,
  type ParsedManifest,
} from './manifest.js';
import { buildLookupRequest, foundBooking, parseLookupResponse } from './lookup.js';
import { createCalls, LIST_CONCURRENCY } from './client-calls.js';

/** Parcels rated at once: a shipment of many parcels is many mailing scenarios. */
const RATE_CONCURRENCY = 4;

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { client, send, artifact, label, bookOne, cancelShipments, groupsOf } = createCalls(deps);
  return {
    declaration,
    async rate(call, req) {
      const account = accountOf(call.auth);
      const perParcel = await mapLimited(eachParcel(req.packages), RATE_CONCURRENCY, async (pkg) =>
        parseRateResponse(await send(call, { endpoint: ENDPOINTS.rate, body: buildRateRequest(req, pkg, account) })),
      );
      return sumRates(perParcel);
    },
    async ship(call, req) {
      if (req.type === 'return') {
        const account = accountOf(call.auth);
        const body = buildReturnRequest(req, account);
        const path = fillPath(
          ENDPOINTS.authorizedReturn.path,
          { customer: account.customer, mobo: account.mobo },
          'auth.customer_number',
        );
        const ret = parseReturnResponse(await send(call, { endpoint: ENDPOINTS.authorizedReturn, path, body }));
        return bookedShipment([ret], [await label(call, ret.links.label!)], [], req.service);
      }
      const booked: ParsedShipment[] = [];
      try {
        // One after another: each parcel is a booking of its own, never repeated.
        for (const pkg of eachParcel(req.packages)) booked.push(await bookOne(call, req, pkg));
        const labels = await Promise.all(
          booked.map(async (s) => {
            const link = s.links.label;
            if (!link) throw unexpectedBody(`shipment response (no label link for ${s.shipmentId})`);
            return label(call, link);
          }),
        );
        const invoiceLink = booked[0]?.links.commercialInvoice;
        const invoices = invoiceLink ? [await artifact(call, invoiceLink.href, invoiceLink.mediaType)] : [];
        return bookedShipment(booked, labels, invoices, req.service);
      } catch (err) {
        // A parcel refused after others were booked, or a label that never came (no booking is
        // answered without its labels): what was booked is cancelled, best effort.
        if (booked.length > 0)
          await cancelShipments(
            call,
            booked.map((s) => s.shipmentId),
          ).catch(() => undefined);
        throw err;
      }
    },
    async track(call, pin) {
      return parseTrackResponse(await send(call, { endpoint: ENDPOINTS.track, ...buildTrackRequest(pin) }), pin);
    },
    async cancel(call, shipment) {
      const ids = (shipment.carrier_shipment_id ?? '').split(/\s+/).filter((id) => id !== '');
      if (ids.length === 0)
        throw new ApiError(
          'carrier_exception',
          `canadapost needs the shipment id of ${shipment.tracking_number} to cancel it`,
          'carrier_shipment_id',
        );
      return { message: await cancelShipments(call, ids) };
    },
    async pickupAvailability(call, req) {
      const res = await send(call, { endpoint: ENDPOINTS.pickupAvailability, ...buildPickupAvailabilityRequest(req) });
      return parsePickupAvailabilityResponse(res, req, deps.clock.now());
    },
    async pickup(call, req) {
      const { customer } = accountOf(call.auth);
      const path = fillPath(ENDPOINTS.pickup.path, { customer }, 'auth.customer_number');
      return parsePickupResponse(
        await send(call, { endpoint: ENDPOINTS.pickup, path, body: buildPickupRequest(req, call.auth.email) }),
        req,
      );
    },
    async cancelPickup(call, req) {
      const { customer } = accountOf(call.auth);
      const res = await client.answer(call, {
        endpoint: ENDPOINTS.pickupCancel,
        ...buildPickupCancelRequest(customer, req.confirmation_number),
        headers: { accept: ENDPOINTS.pickupCancel.contentType },
      });
      return parsePickupCancelResponse(res.status, req.confirmation_number);
    },
    async locations(call, req) {
      const offices = parseLocationsResponse(
        await send(call, { endpoint: ENDPOINTS.postOffices, ...buildLocationsRequest(req) }),
        req,
      );
      // Opening hours are in each office's details; an office whose details fail keeps none.
      return mapLimited(offices, LIST_CONCURRENCY, async (o) => {
        if (!o.detailPath) return o.location;
        const hours = await send(call, { endpoint: ENDPOINTS.postOffice, path: o.detailPath }).then(
          parseOfficeHours,
          () => ({}),
        );
        return { ...o.location, operational_hours: hours };
      });
    },
    async manifest(call, req) {
      const account = accountOf(call.auth);
      if (!account.contract)
        throw new ApiError(
          'carrier_unsupported_method',
          'canadapost manifests contract shipments only: non-contract shipments are paid and handed over without one',
          'auth.contract_id',
        );
      const ids = { customer: account.customer, mobo: account.mobo };
      // Canada Post transmits groups: the day's, or the groups the named PINs were created in.
      const groups =
        req.tracking_numbers.length === 0 ? [dayGroup(req.ship_date)] : await groupsOf(call, req.tracking_numbers);
      const links = parseLinks(
        await send(call, {
          endpoint: ENDPOINTS.manifest,
          path: fillPath(ENDPOINTS.manifest.path, ids),
          body: buildManifestRequest(req, groups),
        }),
        'manifests',
        'manifest',
      );
      if (links.length === 0) throw unexpectedBody('transmit response (no manifest link)');
      const manifests: ParsedManifest[] = [];
      for (const path of links)
        manifests.push(parseManifestResponse(await send(call, { endpoint: ENDPOINTS.manifestGet, path })));
      const pdfs: Uint8Array[] = [];
      for (const m of manifests) pdfs.push(await artifact(call, m.artifactPath, 'application/pdf'));
      return manifestResult(
        manifests,
        pdfs.length === 1 ? pdfs[0]! : await deps.labels.mergePdfs(pdfs),
        req.tracking_numbers,
      );
    },
    async lookupReference(call, req) {
      const account = accountOf(call.auth);
      const paths = parseLookupResponse(
        await send(call, { endpoint: ENDPOINTS.lookupReference, ...buildLookupRequest(req, account) }),
      );
      const shipments = (
        await mapLimited(paths, LIST_CONCURRENCY, async (path) =>
          parseShipResponse(await send(call, { endpoint: ENDPOINTS.shipment, path })),
        )
      ).sort((a, b) => a.shipmentId.length - b.shipmentId.length || a.shipmentId.localeCompare(b.shipmentId));
      const labels = await mapLimited(shipments, LIST_CONCURRENCY, async (s) => {
        const { bytes, format } = await label(call, s.links.label!);
        return { tracking_number: s.pin, label: bytes, label_format: format };
      });
      const booking = foundBooking(shipments, labels, eachParcel(req.packages).length);
      if (booking === null || 'found' in booking) return booking?.found ?? null;
      // Cut off between its parcels: cancelled as a failed booking's are, so it is booked again whole.
      await cancelShipments(call, booking.partial);
      call.log.warn(
        { carrier: 'canadapost', shipments: booking.partial, packages: req.packages.length },
        'a booking cut off between its parcels was found in part; those shipments were cancelled',
      );
      return null;
    },
    async validateCredentials(call) {
      const { path, query } = buildValidateCredentialsRequest(call.country);
      try {
        parseValidateCredentialsResponse(await send(call, { endpoint: ENDPOINTS.services, path, query }));
        return { valid: true, message: 'canadapost accepted the credentials' };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'carrier_authentication')
          return { valid: false, message: err.message };
        throw err;
      }
    },
  };
}
