/**
 * canadapost's only file with I/O: Canada Post's REST web services with HTTP Basic auth and XML
 * in versioned media types (rating, contract and non-contract shipments, their artifacts, void
 * and refund, tracking, service discovery), on the shared carrier client. Everything it sends and
 * reads is built and parsed by the pure modules beside it.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentRequest } from '../../domain/types.js';
import { mapLimited } from '../../foundations/limiter.js';
import { fillPath } from '../shared/endpoint.js';
import { createHttpClient, xmlCodec, type HttpRequest } from '../shared/http-client.js';
import { buildValidateCredentialsRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import {
  buildCancelRequest,
  buildRefundRequest,
  parseCancelResponse,
  parseRefundResponse,
  refundMessage,
} from './cancel.js';
import { declaration } from './declaration.js';
import { ENDPOINTS, type CpcEndpoint } from './endpoints.js';
import { TRANSMITTED_CODE } from './codes.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { accountOf, dayGroup, eachParcel } from './mapping.js';
import { buildRateRequest, parseRateResponse, sumRates } from './rate.js';
import {
  bookedShipment,
  buildReturnRequest,
  buildShipRequest,
  parseReturnResponse,
  parseShipResponse,
  RETURN_PREFIX,
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
  linkPath,
  manifestResult,
  parseLinks,
  parseManifestResponse,
  parseShipmentDetailsResponse,
  type ParsedManifest,
} from './manifest.js';
import { buildLookupRequest, foundBooking, parseLookupResponse } from './lookup.js';
import { utcDate } from '../shared/time.js';

/** Parcels rated at once: a shipment of many parcels is many mailing scenarios. */
const RATE_CONCURRENCY = 4;
/** An artifact may not be ready the moment its shipment is: a few tries, a short wait between. */
const ARTIFACT_ATTEMPTS = 4;
const ARTIFACT_WAIT_MS = 250;
/** Calls made at once for a list's entries (post office hours, shipments found, PINs to manifest). */
const LIST_CONCURRENCY = 4;

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const client = createHttpClient<CpcEndpoint, string>(deps, {
    carrier: 'canadapost',
    auth: { kind: 'basic', credentials: (call) => credentialsOf(call.auth) },
    codec: xmlCodec,
    headers: { 'accept-language': 'en-CA' },
    parseErrorResponse,
    unexpectedBody,
  });

  /** One call, asking for the endpoint's media type. */
  const send = (call: CarrierCall, req: HttpRequest<CpcEndpoint>) =>
    client.send(call, { ...req, headers: { accept: req.endpoint.contentType, ...req.headers } });

  /**
   * An artifact by its link: the link's path on the account's host (so a proxy or a stand-in host
   * serves it too). Not ready yet (202, or a refusal while it is being made) is tried again
   * briefly; the booking never answers without its label.
   */
  async function artifact(call: CarrierCall, href: string, mediaType: string | undefined): Promise<Uint8Array> {
    const path = linkPath(href);
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await client.answer(call, {
          endpoint: ENDPOINTS.artifact,
          path,
          binary: true,
          headers: { accept: mediaType ?? 'application/pdf' },
        });
        if (res.status !== 202 && res.bytes && res.bytes.length > 0) return res.bytes;
        if (attempt >= ARTIFACT_ATTEMPTS)
          throw new ApiError(
            'carrier_http_exception',
            'canadapost did not have the artifact ready',
            `artifact ${path} answered HTTP ${res.status}`,
          );
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'carrier_exception' || attempt >= ARTIFACT_ATTEMPTS) throw err;
      }
      await wait(ARTIFACT_WAIT_MS * attempt);
    }
  }

  async function bookOne(
    call: CarrierCall,
    req: ShipmentRequest,
    pkg: ShipmentRequest['packages'][number],
  ): Promise<ParsedShipment> {
    const account = accountOf(call.auth);
    const built = buildShipRequest(req, pkg, account, utcDate(deps.clock.now()));
    const endpoint = built.root === 'shipment' ? ENDPOINTS.ship : ENDPOINTS.shipNonContract;
    const path = fillPath(endpoint.path, { customer: account.customer, mobo: account.mobo }, 'auth.customer_number');
    return parseShipResponse(await send(call, { endpoint, path, body: built.body }));
  }

  /** Cancels shipments: void while not transmitted, else (and always without a contract) a refund request. */
  async function cancelShipments(call: CarrierCall, ids: readonly string[]): Promise<string> {
    const account = accountOf(call.auth);
    const voided: string[] = [];
    const refunded: { shipmentId: string; ticketId: string }[] = [];
    for (const id of ids) {
      if (id.startsWith(RETURN_PREFIX)) {
        voided.push(id);
        continue;
      }
      if (account.contract) {
        try {
          const res = await client.answer(call, {
            endpoint: ENDPOINTS.void,
            ...buildCancelRequest(id, account),
            headers: { accept: ENDPOINTS.void.contentType },
          });
          parseCancelResponse(res.status, [id]);
          voided.push(id);
          continue;
        } catch (err) {
          // 8064: transmitted already; the refund request below cancels it instead.
          if (!(err instanceof ApiError && (err.detail ?? '').split(/[ ,;]+/).includes(TRANSMITTED_CODE))) throw err;
        }
      }
      const email = call.auth.email?.trim();
      if (!email)
        throw new ApiError(
          'carrier_exception',
          'canadapost can only refund this shipment, and a refund request needs the e-mail address of the account (auth.email)',
          'auth.email',
        );
      const { path, body } = buildRefundRequest(id, account, email);
      const endpoint = account.contract ? ENDPOINTS.refund : ENDPOINTS.refundNonContract;
      refunded.push({
        shipmentId: id,
        ticketId: parseRefundResponse(await send(call, { endpoint, path, body })).ticketId,
      });
    }
    const returns = voided.filter((id) => id.startsWith(RETURN_PREFIX));
    const voids = voided.filter((id) => !id.startsWith(RETURN_PREFIX));
    const parts = [
      ...(voids.length > 0 ? [parseCancelResponse(204, voids).message] : []),
      ...(refunded.length > 0 ? [refundMessage(refunded)] : []),
      // An authorized return is charged only when it is mailed: an unused label costs nothing.
      ...(returns.length > 0
        ? [
            `canadapost charges authorized return ${returns.map((r) => r.slice(RETURN_PREFIX.length)).join(', ')} only when it is mailed: an unused label needs no cancelling`,
          ]
        : []),
    ];
    return parts.join('; ');
  }

  /** The groups the PINs were created in: Get Shipments by PIN, then each shipment's details. */
  async function groupsOf(call: CarrierCall, pins: readonly string[]): Promise<string[]> {
    const { customer, mobo } = accountOf(call.auth);
    const groups = await mapLimited([...pins], LIST_CONCURRENCY, async (pin) => {
      const [path] = parseLinks(
        await send(call, {
          endpoint: ENDPOINTS.lookupReference,
          path: fillPath(ENDPOINTS.lookupReference.path, { customer, mobo }),
          query: [['trackingPIN', pin]],
        }),
        'shipments',
        'shipment',
      );
      if (!path)
        throw new ApiError(
          'carrier_exception',
          `canadapost has no shipment with PIN ${pin} to transmit`,
          'manifest.tracking_numbers',
        );
      const id = path.split('?')[0]!.split('/').pop() ?? '';
      const details = parseShipmentDetailsResponse(
        await send(call, {
          endpoint: ENDPOINTS.shipmentDetails,
          path: fillPath(ENDPOINTS.shipmentDetails.path, { customer, mobo, id }),
        }),
      );
      if (!details.groupId || details.status === 'transmitted')
        throw new ApiError(
          'carrier_exception',
          `canadapost shipment ${pin} was transmitted already`,
          'manifest.tracking_numbers',
        );
      return details.groupId;
    });
    return [...new Set(groups)];
  }

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
        const link = ret.links.label!;
        const label = {
          bytes: await artifact(call, link.href, link.mediaType),
          format: link.mediaType?.includes('zpl') ? ('ZPL' as const) : ('PDF' as const),
        };
        return bookedShipment([ret], [label], [], req.service);
      }
      const booked: ParsedShipment[] = [];
      try {
        // One after another: each parcel is a booking of its own, never repeated.
        for (const pkg of eachParcel(req.packages)) booked.push(await bookOne(call, req, pkg));
        const labels = await Promise.all(
          booked.map(async (s) => {
            const link = s.links.label;
            if (!link) throw unexpectedBody(`shipment response (no label link for ${s.shipmentId})`);
            return {
              bytes: await artifact(call, link.href, link.mediaType),
              format: link.mediaType?.includes('zpl') ? ('ZPL' as const) : ('PDF' as const),
            };
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
        const link = s.links.label!;
        return {
          tracking_number: s.pin,
          label: await artifact(call, link.href, link.mediaType),
          label_format: link.mediaType?.includes('zpl') ? 'ZPL' : 'PDF',
        };
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
