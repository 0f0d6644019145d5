/**
 * canadapost's only file with I/O: Canada Post's REST web services with HTTP Basic auth and XML
 * in versioned media types (rating, contract and non-contract shipments, their artifacts, void
 * and refund, tracking, service discovery). Everything it sends and reads is built and parsed by
 * the pure modules beside it.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentRequest } from '../../domain/types.js';
import { mapLimited } from '../../limiter.js';
import type { Endpoint } from '../shared/endpoint.js';
import { buildXml } from '../shared/xml.js';
import { buildValidateCredentialsRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, buildRefundRequest, parseCancelResponse, parseRefundResponse, refundMessage } from './cancel.js';
import { declaration } from './declaration.js';
import { ENDPOINTS, MEDIA_TYPES } from './endpoints.js';
import { parseErrorResponse, TRANSMITTED_CODE } from './errors.js';
import { accountOf, eachParcel } from './mapping.js';
import { buildRateRequest, parseRateResponse, sumRates } from './rate.js';
import { bookedShipment, buildShipRequest, parseShipResponse, type ParsedShipment } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';

/** Parcels rated at once: a shipment of many parcels is many mailing scenarios. */
const RATE_CONCURRENCY = 4;
/** An artifact may not be ready the moment its shipment is: a few tries, a short wait between. */
const ARTIFACT_ATTEMPTS = 4;
const ARTIFACT_WAIT_MS = 250;

interface Sent {
  status: number;
  body: string;
  bytes?: Uint8Array;
}

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { transport } = deps;

  /** One call: the endpoint, the path the request fills, a query, an XML body in the service's media type. */
  async function send(
    call: CarrierCall,
    endpoint: Endpoint,
    opts: { path?: string; query?: [string, string][]; mediaType?: string; xml?: string; binary?: boolean; accept?: string } = {},
  ): Promise<Sent> {
    const { username, password } = credentialsOf(call.auth);
    const search = opts.query && opts.query.length > 0 ? `?${new URLSearchParams(opts.query).toString()}` : '';
    const res = await transport.request({
      carrier: 'canadapost',
      operation: endpoint.operation,
      method: endpoint.method,
      url: `${deps.baseUrl('canadapost', call.test)}${opts.path ?? endpoint.path}${search}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
        accept: opts.accept ?? opts.mediaType ?? '*/*',
        'accept-language': 'en-CA',
        ...(opts.xml === undefined || !opts.mediaType ? {} : { 'content-type': opts.mediaType }),
      },
      ...(opts.xml === undefined ? {} : { body: opts.xml }),
      idempotent: endpoint.idempotent,
      debug: call.debug,
      log: call.log,
      signal: call.signal,
      ...(opts.binary ? { binary: true } : {}),
    });
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body, { notFound: endpoint.notFound ?? false });
    return { status: res.status, body: res.body, ...(res.bytes ? { bytes: res.bytes } : {}) };
  }

  /**
   * An artifact by its link: the link's path on the account's host (so a proxy or a stand-in host
   * serves it too). Not ready yet (202, or 404 while it is being made) is tried again briefly;
   * the booking never answers without its label.
   */
  async function artifact(call: CarrierCall, href: string, mediaType: string | undefined): Promise<Uint8Array> {
    const url = new URL(href);
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await send(call, ENDPOINTS.artifact, { path: `${url.pathname}${url.search}`, binary: true, accept: mediaType ?? 'application/pdf' });
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
    const contract = built.root === 'shipment';
    const endpoint = contract ? ENDPOINTS.ship : ENDPOINTS.shipNonContract;
    const path = endpoint.path.replace('{customer}', encodeURIComponent(account.customer)).replace('{mobo}', encodeURIComponent(account.mobo));
    const mediaType = contract ? MEDIA_TYPES.shipment : MEDIA_TYPES.ncshipment;
    const res = await send(call, endpoint, { path, mediaType, xml: buildXml(built.root, built.body) });
    return parseShipResponse(res.body);
  }

  /** Cancels shipments: void while not transmitted, else (and always without a contract) a refund request. */
  async function cancelShipments(call: CarrierCall, ids: readonly string[]): Promise<string> {
    const account = accountOf(call.auth);
    const voided: string[] = [];
    const refunded: { shipmentId: string; ticketId: string }[] = [];
    for (const id of ids) {
      if (account.contract) {
        try {
          const res = await send(call, ENDPOINTS.void, { ...buildCancelRequest(id, account), accept: MEDIA_TYPES.shipment });
          parseCancelResponse(res.status, [id]);
          voided.push(id);
          continue;
        } catch (err) {
          if (!(err instanceof ApiError && err.detail?.includes(TRANSMITTED_CODE))) throw err;
        }
      }
      const email = call.auth.email?.trim();
      if (!email) throw new ApiError('carrier_exception', 'canadapost can only refund this shipment, and a refund request needs the e-mail address of the account (auth.email)', 'auth.email');
      const { path, root, body } = buildRefundRequest(id, account, email);
      const mediaType = account.contract ? MEDIA_TYPES.shipment : MEDIA_TYPES.ncshipment;
      const res = await send(call, account.contract ? ENDPOINTS.refund : ENDPOINTS.refundNonContract, { path, mediaType, xml: buildXml(root, body) });
      refunded.push({ shipmentId: id, ticketId: parseRefundResponse(res.body).ticketId });
    }
    const parts = [...(voided.length > 0 ? [parseCancelResponse(204, voided).message] : []), ...(refunded.length > 0 ? [refundMessage(refunded)] : [])];
    return parts.join('; ');
  }

  return {
    declaration,
    async rate(call, req) {
      const account = accountOf(call.auth);
      const parcels = eachParcel(req.packages);
      const perParcel = await mapLimited(parcels, RATE_CONCURRENCY, async (pkg) => {
        const res = await send(call, ENDPOINTS.rate, { mediaType: MEDIA_TYPES.rate, xml: buildXml('mailing-scenario', buildRateRequest(req, pkg, account)) });
        return parseRateResponse(res.body);
      });
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
            if (!link) throw new ApiError('carrier_http_exception', 'canadapost returned no label link', `shipment ${s.shipmentId}`);
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
      const res = await send(call, ENDPOINTS.track, { ...buildTrackRequest(pin), accept: MEDIA_TYPES.track });
      return parseTrackResponse(res.body, pin);
    },
    async cancel(call, shipment) {
      const ids = (shipment.carrier_shipment_id ?? '').split(/\s+/).filter((id) => id !== '');
      if (ids.length === 0) throw new ApiError('carrier_exception', `canadapost needs the shipment id of ${shipment.tracking_number} to cancel it`, 'carrier_shipment_id');
      return { message: await cancelShipments(call, ids) };
    },
    async validateCredentials(call) {
      const { path, query } = buildValidateCredentialsRequest(call.country);
      try {
        parseValidateCredentialsResponse((await send(call, ENDPOINTS.services, { path, query, accept: MEDIA_TYPES.rate })).body);
        return { valid: true, message: 'canadapost accepted the credentials' };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'carrier_authentication') return { valid: false, message: err.message };
        throw err;
      }
    },
  };
}
