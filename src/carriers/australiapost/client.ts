/**
 * australiapost's only file with I/O: the Shipping and Tracking API v1 with HTTP Basic and the
 * account-number header. Everything it sends and reads is built and parsed by the pure modules
 * beside it. A booking is two steps, the shipment and then its labels, which Australia Post renders
 * asynchronously: a label not there after a short wait undoes the booking (the shipment is deleted)
 * rather than leave a shipment without a label.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { ApiError } from '../../domain/errors.js';
import { mapLimited } from '../../foundations/limiter.js';
import { fillPath, type Endpoint } from '../shared/endpoint.js';
import { createHttpClient, jsonCodec } from '../shared/http-client.js';
import { buildValidateCredentialsRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { declaration } from './declaration.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import {
  buildManifestRequest,
  buildOrderSummaryRequest,
  parseManifestResponse,
  parseOrderResponse,
  parseShipmentList,
} from './manifest.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import {
  bookedShipment,
  buildLabelRequest,
  buildShipRequest,
  checkLabel,
  parseLabelResponse,
  parseShipResponse,
  productFor,
  type BookedItems,
} from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';
import { labelLayout } from './codes.js';

/** Waits between polls of a PENDING label, about 5 s in all: a label takes a moment, not minutes. */
const LABEL_POLL_MS = [200, 400, 800, 1_600, 2_000];
/** Labels of a shipment's items asked for a few at a time. */
const LABEL_CONCURRENCY = 4;
/** The shipments listing's page size for the day's order (its maximum per page). */
const OPEN_SHIPMENTS_PAGE = 1_000;

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const client = createHttpClient(deps, {
    carrier: 'australiapost',
    auth: {
      kind: 'basic',
      credentials: (call) => credentialsOf(call.auth),
      keys: (call) => ({ 'account-number': credentialsOf(call.auth).account }),
    },
    // DELETE /shipments answers 200 without a body.
    codec: jsonCodec({ emptyAs: {} }),
    headers: { accept: 'application/json' },
    parseErrorResponse,
    unexpectedBody,
  });

  /** One call: the endpoint, its path when the request fills it, a query and a JSON body. */
  const send = (
    call: CarrierCall,
    endpoint: Endpoint,
    opts: { path?: string; query?: [string, string][]; body?: unknown } = {},
  ) => client.send(call, { endpoint, ...opts });

  /**
   * A label URL is a signed link, fetched without the API credentials and only from Australia
   * Post's own hosts (or the host its API was reached at, the emulator's): its origin is the base of
   * that one call.
   */
  async function download(call: CarrierCall, url: string, requestId: string): Promise<Uint8Array> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw unexpectedBody(`label ${requestId} (its URL is not one)`);
    }
    const base = new URL(deps.baseUrl('australiapost', call.test));
    const trusted =
      target.origin === base.origin ||
      (target.protocol === 'https:' && /(^|\.)(auspost\.com\.au|amazonaws\.com)$/.test(target.hostname));
    if (!trusted)
      throw unexpectedBody(`label ${requestId} (its URL is on ${target.hostname}, not an Australia Post host)`);
    const link = createHttpClient(
      { ...deps, baseUrl: () => target.origin },
      { carrier: 'australiapost', auth: { kind: 'none' }, codec: jsonCodec(), parseErrorResponse, unexpectedBody },
    );
    const res = await link.answer(call, {
      endpoint: ENDPOINTS.labelFile,
      path: `${target.pathname}${target.search}`,
      binary: true,
    });
    if (!res.bytes) throw unexpectedBody(`label ${requestId} (no bytes)`);
    return res.bytes;
  }

  /** Asks for one item's label and polls it until its URL is there; never answers without it. */
  async function labelOf(
    call: CarrierCall,
    body: unknown,
    format: 'PDF' | 'ZPL',
  ): Promise<{ bytes: Uint8Array; format: string }> {
    let label = parseLabelResponse(await send(call, ENDPOINTS.label, { body }));
    for (const ms of LABEL_POLL_MS) {
      if (label.url !== undefined) break;
      await wait(ms, undefined, call.signal ? { signal: call.signal } : undefined);
      label = parseLabelResponse(
        await send(call, ENDPOINTS.labelStatus, {
          path: fillPath(ENDPOINTS.labelStatus.path, { requestId: label.requestId }),
        }),
      );
    }
    if (label.url === undefined) {
      throw new ApiError(
        'carrier_timeout',
        `australiapost did not complete label ${label.requestId} in time (status ${label.status}); the shipment is deleted: book it again`,
        `australiapost label request ${label.requestId} still ${label.status}`,
      );
    }
    const bytes = await download(call, label.url, label.requestId);
    return { bytes, format: checkLabel(bytes, format, label.requestId) };
  }

  /** The labels of a booked shipment; any failure deletes the shipment before it is reported. */
  async function labelsOrUndo(
    call: CarrierCall,
    req: Parameters<typeof buildLabelRequest>[0],
    booked: BookedItems,
    product: string,
  ) {
    const { format } = labelLayout(req.label_type, req.label_size);
    try {
      return await mapLimited(booked.items, LABEL_CONCURRENCY, (item) =>
        labelOf(call, buildLabelRequest(req, booked.shipmentId, item.itemId, product), format),
      );
    } catch (err) {
      const undo = { tracking_number: booked.items[0]?.articleId ?? '', carrier_shipment_id: booked.shipmentId };
      try {
        await send(call, ENDPOINTS.cancel, { path: buildCancelRequest(undo) });
      } catch (undoErr) {
        call.log.warn(
          { err: undoErr, shipment: booked.shipmentId },
          'australiapost: a shipment without its label could not be deleted',
        );
      }
      throw err;
    }
  }

  return {
    declaration,
    async rate(call, req) {
      return parseRateResponse(await send(call, ENDPOINTS.rate, { body: buildRateRequest(req) }));
    },
    async ship(call, req) {
      const product = productFor(req);
      const booked = parseShipResponse(await send(call, ENDPOINTS.ship, { body: buildShipRequest(req) }));
      return bookedShipment(booked, await labelsOrUndo(call, req, booked, product));
    },
    async track(call, trackingNumber) {
      const { path, query } = buildTrackRequest([trackingNumber]);
      return parseTrackResponse(await send(call, ENDPOINTS.track, { path, query }), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      const { path, query } = buildTrackRequest(trackingNumbers);
      return parseTrackManyResponse(await send(call, ENDPOINTS.track, { path, query }), trackingNumbers);
    },
    async cancel(call, shipment) {
      return parseCancelResponse(await send(call, ENDPOINTS.cancel, { path: buildCancelRequest(shipment) }), shipment);
    },
    async manifest(call, req) {
      const { account } = credentialsOf(call.auth);
      const open = parseShipmentList(
        await send(call, ENDPOINTS.openShipments, {
          query: [
            ['offset', '0'],
            ['number_of_shipments', String(OPEN_SHIPMENTS_PAGE)],
            ['status', 'Created'],
          ],
        }),
      );
      const order = parseOrderResponse(await send(call, ENDPOINTS.order, { body: buildManifestRequest(req, open) }));
      const summary = await client.answer(call, {
        endpoint: ENDPOINTS.orderSummary,
        path: buildOrderSummaryRequest(account, order.orderId),
        headers: { accept: 'application/pdf' },
        binary: true,
      });
      return parseManifestResponse(order, summary.bytes ?? new Uint8Array());
    },
    async validateCredentials(call) {
      try {
        const { account } = credentialsOf(call.auth);
        return parseValidateCredentialsResponse(
          await send(call, ENDPOINTS.account, { path: buildValidateCredentialsRequest(account) }),
        );
      } catch (err) {
        // Refused credentials (or none to send) are the answer, not an error.
        if (err instanceof ApiError && err.code === 'carrier_authentication')
          return { valid: false, message: err.message };
        throw err;
      }
    },
  };
}
