/**
 * canadapost's calls that several operations share, with I/O as client.ts: one call asking for its
 * endpoint's media type, an artifact fetched by its link (tried again while it is being made), one
 * parcel booked, shipments cancelled (void or refund) and the groups PINs were created in.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentRequest } from '../../domain/types.js';
import { mapLimited } from '../../foundations/limiter.js';
import { fillPath } from '../shared/endpoint.js';
import { createHttpClient, xmlCodec, type HttpRequest } from '../shared/http-client.js';
import { credentialsOf } from './auth.js';
import {
  buildCancelRequest,
  buildRefundRequest,
  parseCancelResponse,
  parseRefundResponse,
  refundMessage,
} from './cancel.js';
import { ENDPOINTS, type CpcEndpoint } from './endpoints.js';
import { TRANSMITTED_CODE } from './codes.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { accountOf } from './mapping.js';
import { buildShipRequest, parseShipResponse, RETURN_PREFIX, type ParsedShipment } from './ship.js';
import { linkPath, parseLinks, parseShipmentDetailsResponse } from './manifest.js';
import { utcDate } from '../shared/time.js';

/** An artifact may not be ready the moment its shipment is: a few tries, a short wait between. */
const ARTIFACT_ATTEMPTS = 4;
const ARTIFACT_WAIT_MS = 250;
/** Calls made at once for a list's entries (post office hours, shipments found, PINs to manifest). */
export const LIST_CONCURRENCY = 4;

/** The calls of one adapter, on its client. */
export function createCalls(deps: CarrierDeps) {
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

  /** A label by its shipment's link, in the format of its media type. */
  async function label(call: CarrierCall, link: { href: string; mediaType?: string }) {
    const format = link.mediaType?.includes('zpl') ? ('ZPL' as const) : ('PDF' as const);
    return { bytes: await artifact(call, link.href, link.mediaType), format };
  }

  return { client, send, artifact, label, bookOne, cancelShipments, groupsOf };
}
