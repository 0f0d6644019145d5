/**
 * carrier_d's only file with I/O: the USPS REST APIs v3 (carriers/README.md), one base path per API.
 * Two tokens, both kept in the shared token store so that every instance uses the same ones:
 * the OAuth access token (a new one revokes the previous, so refresh must be serialised: the store
 * does that) and the payment authorization token labels, refunds and SCAN forms carry (valid eight
 * hours; payments.yaml says to reuse it, not to ask per label).
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import type { BookedShipment } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import { tokenKey, withBearer, type FetchedToken } from '../shared/oauth.js';
import type { CarrierHttpResponse } from '../shared/transport.js';
import { buildAddressRequest, parseAddressResponse } from './address.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import {
  buildPaymentAuthorizationRequest,
  buildTokenRequest,
  parsePaymentAuthorizationResponse,
  paymentAccount,
  parseTokenResponse,
} from './credentials.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { buildLocationsRequest, locationsQueryString, parseLocationsResponse } from './locations.js';
import { buildManifestRequest, parseManifestResponse } from './manifest.js';
import { buildPickupRequest, parsePickupCancelResponse, parsePickupResponse, buildPickupCancelRequest } from './pickup.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse, shipmentFromLabels, type LabelKind, type ParsedLabel } from './ship.js';
import { buildTrackRequest, parseTrackResponse } from './track.js';
import { labelSpec } from './codes.js';

type Method = 'GET' | 'POST' | 'DELETE';

interface Call {
  operation: string;
  method: Method;
  path: string;
  body?: unknown;
  /** Safe to repeat: reads and quotes. Labels, refunds, pickups and SCAN forms are not. */
  idempotent: boolean;
  /** Carries the payment authorization token. */
  payment?: boolean;
  /** Multipart answers: keep the raw bytes. */
  binary?: boolean;
  headers?: Record<string, string>;
  /** One number's call: USPS "not found" words mean carrier_no_shipment_found. */
  notFound?: boolean;
}

const LABEL_PATHS: Record<LabelKind, string> = {
  label: '/labels/v3/label',
  return: '/labels/v3/return-label',
  international: '/international-labels/v3/international-label',
};

/** Price searches in flight per rate request (one per package and, abroad, per mail class). */
const RATE_CONCURRENCY = 4;

function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw unexpectedBody(`${what} (not JSON)`);
  }
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

export function createCarrierDAdapter(deps: CarrierDeps): CarrierAdapter {
  const { transport, tokens, clock } = deps;

  function credentials(call: CarrierCall) {
    const clientId = call.auth.client_id;
    const clientSecret = call.auth.client_secret;
    if (!clientId || !clientSecret) {
      throw new ApiError('carrier_authentication', 'carrier_d needs client_id and client_secret in the shipping account auth', 'auth.client_id');
    }
    const base = deps.baseUrl('carrier_d', call.test);
    // Cache keys name the credential sets without containing them.
    return { base, clientId, clientSecret, key: tokenKey('carrier_d', 'oauth', base, clientId, clientSecret) };
  }

  function fetchToken(call: CarrierCall, c: ReturnType<typeof credentials>): () => Promise<FetchedToken> {
    return async () => {
      const res = await transport.request({
        carrier: 'carrier_d',
        operation: 'oauth',
        method: 'POST',
        url: `${c.base}/oauth2/v3/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: buildTokenRequest(c.clientId, c.clientSecret),
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status !== 200) throw parseErrorResponse(res.status, res.body, { auth: true });
      return parseTokenResponse(parseJson(res.body, 'token response'));
    };
  }

  /** One bearer call, the OAuth token renewed once when refused. */
  async function bearerCall(call: CarrierCall, spec: Call, extraHeaders: Record<string, string> = {}): Promise<CarrierHttpResponse> {
    const c = credentials(call);
    return withBearer(tokens, c.key, fetchToken(call, c), (bearer) =>
      transport.request({
        carrier: 'carrier_d',
        operation: spec.operation,
        method: spec.method,
        url: `${c.base}${spec.path}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(spec.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...spec.headers,
          ...extraHeaders,
        },
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        idempotent: spec.idempotent,
        debug: call.debug,
        log: call.log,
        signal: call.signal,
        ...(spec.binary ? { binary: true } : {}),
      }),
    );
  }

  function paymentKey(call: CarrierCall): string {
    const c = credentials(call);
    const a = paymentAccount(call.auth);
    // The client secret too: a payment token is only ever used with the credentials that fetched it.
    return tokenKey('carrier_d', 'payment', c.base, c.clientId, c.clientSecret, a.crid, a.mid, a.manifestMid, a.accountType, a.accountNumber);
  }

  function fetchPaymentToken(call: CarrierCall): () => Promise<FetchedToken> {
    return async () => {
      const body = buildPaymentAuthorizationRequest(paymentAccount(call.auth));
      const res = await bearerCall(call, { operation: 'payment_authorization', method: 'POST', path: '/payments/v3/payment-authorization', body, idempotent: true });
      if (res.status !== 200) throw parseErrorResponse(res.status, res.body, { auth: true });
      return parsePaymentAuthorizationResponse(parseJson(res.body, 'payment authorization response'));
    };
  }

  /**
   * One call; with `payment`, the payment token rides along in X-Payment-Authorization-Token
   * (domestic-labels.yaml). The labels API answers 403 "Access is denied" when it refuses the call;
   * we take it as a refused (expired or replaced) payment token: the token is forgotten, fetched
   * again and the call repeated once, which is safe because a refused call bought nothing.
   */
  async function send(call: CarrierCall, spec: Call): Promise<CarrierHttpResponse> {
    let res: CarrierHttpResponse;
    if (spec.payment) {
      const key = paymentKey(call);
      const fetch = fetchPaymentToken(call);
      const payment = await tokens.get(key, fetch);
      res = await bearerCall(call, spec, { 'x-payment-authorization-token': payment });
      if (res.status === 403) {
        await tokens.invalidate(key, payment);
        res = await bearerCall(call, spec, { 'x-payment-authorization-token': await tokens.get(key, fetch) });
      }
    } else {
      res = await bearerCall(call, spec);
    }
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body, { notFound: spec.notFound ?? false });
    return res;
  }

  async function sendJson(call: CarrierCall, spec: Call): Promise<unknown> {
    const res = await send(call, spec);
    return parseJson(res.body, `${spec.operation} response`);
  }

  function answerOf(res: CarrierHttpResponse) {
    return { contentType: res.headers['content-type'], bytes: res.bytes ?? Uint8Array.from(Buffer.from(res.body, 'utf8')) };
  }

  async function refund(call: CarrierCall, trackingNumber: string, service?: string) {
    return parseCancelResponse(await sendJson(call, { operation: 'cancel', method: 'DELETE', path: buildCancelRequest(trackingNumber, service), idempotent: false, payment: true, notFound: true }));
  }

  return {
    declaration,
    async rate(call, req) {
      const a = paymentAccount(call.auth);
      const searches = buildRateRequest(req, { accountNumber: a.accountNumber, accountType: a.accountType }, clock.now());
      const answers = await inBatches(searches, RATE_CONCURRENCY, async (s) => ({
        packageIndex: s.packageIndex,
        body: await sendJson(call, {
          operation: 'rate',
          method: 'POST',
          path: s.international ? '/international-prices/v3/total-rates/search' : '/prices/v3/total-rates/search',
          body: s.body,
          idempotent: true,
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
          const res = await send(call, { operation: 'ship', method: 'POST', path: LABEL_PATHS[r.kind], body: r.body, idempotent: false, payment: true, binary: true });
          labels.push(parseShipResponse(answerOf(res), format));
        } catch (err) {
          // Labels are single-piece: the ones bought for earlier packages are refunded before answering.
          for (const bought of labels) {
            await refund(call, bought.package.tracking_number).catch((refundErr: unknown) =>
              call.log.error({ carrier: 'carrier_d', tracking_number: bought.package.tracking_number, err: toApiError(refundErr).message }, 'refund of an earlier package label failed'),
            );
          }
          throw err;
        }
      }
      return shipmentFromLabels(labels, req.service);
    },
    async track(call, trackingNumber) {
      const body = await sendJson(call, { operation: 'track', method: 'GET', path: buildTrackRequest(trackingNumber), idempotent: true, notFound: true });
      return parseTrackResponse(body, trackingNumber);
    },
    async cancel(call, shipment) {
      return refund(call, shipment.tracking_number, shipment.service);
    },
    async pickup(call, req) {
      const body = await sendJson(call, { operation: 'pickup', method: 'POST', path: '/pickup/v3/carrier-pickup', body: buildPickupRequest(req), idempotent: false });
      return parsePickupResponse(body, req);
    },
    async cancelPickup(call, req) {
      const path = buildPickupCancelRequest(req.confirmation_number);
      const current = await send(call, { operation: 'pickup_cancel', method: 'GET', path, idempotent: true, notFound: true });
      const etag = current.headers.etag;
      if (!etag) throw unexpectedBody('pickup response (no ETag to cancel with)');
      await send(call, { operation: 'pickup_cancel', method: 'DELETE', path, idempotent: false, headers: { 'if-match': etag }, notFound: true });
      return parsePickupCancelResponse(req.confirmation_number);
    },
    async validateAddress(call, address) {
      // Not through send(): a 404 here is USPS saying no address matches, an answer and not a failure.
      return parseAddressResponse(await bearerCall(call, { operation: 'address', method: 'GET', path: buildAddressRequest(address), idempotent: true }), address);
    },
    async locations(call, req) {
      const body = await sendJson(call, { operation: 'locations', method: 'GET', path: locationsQueryString(buildLocationsRequest(req)), idempotent: true });
      return parseLocationsResponse(body);
    },
    async manifest(call, req) {
      const a = paymentAccount(call.auth);
      const body = buildManifestRequest(req, { manifestMid: a.manifestMid, ...(call.auth.manifest_facility_postal_code ? { facilityZip: call.auth.manifest_facility_postal_code } : {}) }, req.address);
      const res = await send(call, { operation: 'manifest', method: 'POST', path: '/scan-forms/v3/scan-form', body, idempotent: false, payment: true, binary: true });
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
        if (e.code === 'carrier_authentication' || e.code === 'carrier_exception') return { valid: false, message: e.message };
        throw e;
      }
    },
  };
}
