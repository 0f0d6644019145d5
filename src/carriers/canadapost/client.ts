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
import { mapLimited } from '../../limiter.js';
import { fillPath } from '../shared/endpoint.js';
import { createHttpClient, xmlCodec, type HttpRequest } from '../shared/http-client.js';
import { buildValidateCredentialsRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, buildRefundRequest, parseCancelResponse, parseRefundResponse, refundMessage } from './cancel.js';
import { declaration } from './declaration.js';
import { ENDPOINTS, type CpcEndpoint } from './endpoints.js';
import { TRANSMITTED_CODE } from './codes.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { accountOf, eachParcel } from './mapping.js';
import { buildRateRequest, parseRateResponse, sumRates } from './rate.js';
import { bookedShipment, buildShipRequest, parseShipResponse, type ParsedShipment } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';

/** Parcels rated at once: a shipment of many parcels is many mailing scenarios. */
const RATE_CONCURRENCY = 4;
/** An artifact may not be ready the moment its shipment is: a few tries, a short wait between. */
const ARTIFACT_ATTEMPTS = 4;
const ARTIFACT_WAIT_MS = 250;

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
  const send = (call: CarrierCall, req: HttpRequest<CpcEndpoint>) => client.send(call, { ...req, headers: { accept: req.endpoint.contentType, ...req.headers } });

  /**
   * An artifact by its link: the link's path on the account's host (so a proxy or a stand-in host
   * serves it too). Not ready yet (202, or a refusal while it is being made) is tried again
   * briefly; the booking never answers without its label.
   */
  async function artifact(call: CarrierCall, href: string, mediaType: string | undefined): Promise<Uint8Array> {
    const url = new URL(href);
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await client.answer(call, { endpoint: ENDPOINTS.artifact, path: `${url.pathname}${url.search}`, binary: true, headers: { accept: mediaType ?? 'application/pdf' } });
        if (res.status !== 202 && res.bytes && res.bytes.length > 0) return res.bytes;
        if (attempt >= ARTIFACT_ATTEMPTS) throw new ApiError('carrier_http_exception', 'canadapost did not have the label ready', `artifact ${url.pathname} answered HTTP ${res.status}`);
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'carrier_exception' || attempt >= ARTIFACT_ATTEMPTS) throw err;
      }
      await wait(ARTIFACT_WAIT_MS * attempt);
    }
  }

  async function bookOne(call: CarrierCall, req: ShipmentRequest, pkg: ShipmentRequest['packages'][number]): Promise<ParsedShipment> {
    const account = accountOf(call.auth);
    const built = buildShipRequest(req, pkg, account);
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
      if (account.contract) {
        try {
          const res = await client.answer(call, { endpoint: ENDPOINTS.void, ...buildCancelRequest(id, account), headers: { accept: ENDPOINTS.void.contentType } });
          parseCancelResponse(res.status, [id]);
          voided.push(id);
          continue;
        } catch (err) {
          // 8064: transmitted already; the refund request below cancels it instead.
          if (!(err instanceof ApiError && (err.detail ?? '').split(/[ ,;]+/).includes(TRANSMITTED_CODE))) throw err;
        }
      }
      const email = call.auth.email?.trim();
      if (!email) throw new ApiError('carrier_exception', 'canadapost can only refund this shipment, and a refund request needs the e-mail address of the account (auth.email)', 'auth.email');
      const { path, body } = buildRefundRequest(id, account, email);
      const endpoint = account.contract ? ENDPOINTS.refund : ENDPOINTS.refundNonContract;
      refunded.push({ shipmentId: id, ticketId: parseRefundResponse(await send(call, { endpoint, path, body })).ticketId });
    }
    const parts = [...(voided.length > 0 ? [parseCancelResponse(204, voided).message] : []), ...(refunded.length > 0 ? [refundMessage(refunded)] : [])];
    return parts.join('; ');
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
      const booked: ParsedShipment[] = [];
      try {
        // One after another: each parcel is a booking of its own, never repeated.
        for (const pkg of eachParcel(req.packages)) booked.push(await bookOne(call, req, pkg));
        const labels = await Promise.all(
          booked.map(async (s) => {
            const link = s.links.label;
            if (!link) throw unexpectedBody(`shipment response (no label link for ${s.shipmentId})`);
            return { bytes: await artifact(call, link.href, link.mediaType), format: link.mediaType?.includes('zpl') ? ('ZPL' as const) : ('PDF' as const) };
          }),
        );
        const invoiceLink = booked[0]?.links.commercialInvoice;
        const invoices = invoiceLink ? [await artifact(call, invoiceLink.href, invoiceLink.mediaType)] : [];
        return bookedShipment(booked, labels, invoices, req.service);
      } catch (err) {
        // A parcel refused after others were booked, or a label that never came (no booking is
        // answered without its labels): what was booked is cancelled, best effort.
        if (booked.length > 0) await cancelShipments(call, booked.map((s) => s.shipmentId)).catch(() => undefined);
        throw err;
      }
    },
    async track(call, pin) {
      return parseTrackResponse(await send(call, { endpoint: ENDPOINTS.track, ...buildTrackRequest(pin) }), pin);
    },
    async cancel(call, shipment) {
      const ids = (shipment.carrier_shipment_id ?? '').split(/\s+/).filter((id) => id !== '');
      if (ids.length === 0) throw new ApiError('carrier_exception', `canadapost needs the shipment id of ${shipment.tracking_number} to cancel it`, 'carrier_shipment_id');
      return { message: await cancelShipments(call, ids) };
    },
    async validateCredentials(call) {
      const { path, query } = buildValidateCredentialsRequest(call.country);
      try {
        parseValidateCredentialsResponse(await send(call, { endpoint: ENDPOINTS.services, path, query }));
        return { valid: true, message: 'canadapost accepted the credentials' };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'carrier_authentication') return { valid: false, message: err.message };
        throw err;
      }
    },
  };
}
