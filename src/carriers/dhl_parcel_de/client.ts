/**
 * dhl_parcel_de's only file with I/O: the Shipping API v2 through the shared OAuth client (a
 * password-grant token, auth.ts), and the Tracking API with HTTP Basic over the transport.
 * Everything it sends and reads is built and parsed by the pure modules beside it; rates need no
 * call at all (the price list, rate.ts).
 */
import { ApiError } from '../../domain/errors.js';
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import { parseJson } from '../shared/calls.js';
import type { Endpoint } from '../shared/endpoint.js';
import { createOAuthClient } from '../shared/oauth-client.js';
import { billingNumberOf, buildTokenRequest, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import { PUBLISHED_PRICES } from './codes-prices.js';
import { declaration } from './declaration.js';
import { ENDPOINTS } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { buildRateRequest, parseRateResponse } from './rate.js';
import { buildShipRequest, parseShipResponse } from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';

const withQuery = (path: string, query: ReadonlyArray<readonly [string, string]> | Record<string, string>) =>
  `${path}?${new URLSearchParams(query as Record<string, string>).toString()}`;

export function createAdapter(deps: CarrierDeps): CarrierAdapter {
  const { transport, clock } = deps;
  const client = createOAuthClient(deps, { carrier: 'dhl_parcel_de', token: ENDPOINTS.token, tokenRequest: buildTokenRequest, headers: { accept: 'application/json' }, parseErrorResponse, unexpectedBody });

  /**
   * The Shipping API answers 207 for several items and may answer 400 with per-item messages:
   * both are read as bodies, whose failed items become the error (errors.ts).
   */
  async function shipping(call: CarrierCall, endpoint: Endpoint, path: string, body?: unknown): Promise<unknown> {
    const res = await client.request(call, { endpoint, path, ...(body === undefined ? {} : { body }) });
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body, { notFound: endpoint.notFound ?? false });
    return parseJson(res.body, () => unexpectedBody(`${endpoint.operation} response (not JSON)`));
  }

  /** The tracking API: the API client as HTTP Basic, the portal user inside the request document. */
  async function tracking(call: CarrierCall, numbers: string[]): Promise<string> {
    const c = credentialsOf(call.auth);
    const endpoint = ENDPOINTS.track;
    const res = await transport.request({
      carrier: 'dhl_parcel_de',
      operation: endpoint.operation,
      method: endpoint.method,
      url: `${deps.baseUrl('dhl_parcel_de', call.test)}${withQuery(endpoint.path, buildTrackRequest(numbers, c))}`,
      headers: { authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`, accept: 'application/xml' },
      idempotent: endpoint.idempotent,
      debug: call.debug,
      log: call.log,
      signal: call.signal,
    });
    if (res.status < 200 || res.status >= 300) throw parseErrorResponse(res.status, res.body, { notFound: true });
    return res.body;
  }

  return {
    declaration,
    async rate(_call, req) {
      return parseRateResponse(PUBLISHED_PRICES, buildRateRequest(req));
    },
    async ship(call, req) {
      const { query, body } = buildShipRequest(req, billingNumberOf(call.auth), clock.now());
      return parseShipResponse(await shipping(call, ENDPOINTS.ship, withQuery(ENDPOINTS.ship.path, { ...query }), body), req.service);
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(await tracking(call, [trackingNumber]), trackingNumber);
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(await tracking(call, trackingNumbers), trackingNumbers);
    },
    async cancel(call, shipment) {
      return parseCancelResponse(await shipping(call, ENDPOINTS.cancel, withQuery(ENDPOINTS.cancel.path, buildCancelRequest(shipment))));
    },
    async validateCredentials(call) {
      let request;
      try {
        request = buildTokenRequest(call, deps.baseUrl('dhl_parcel_de', call.test));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'carrier_authentication') return { valid: false, message: err.message };
        throw err;
      }
      const res = await transport.request({
        carrier: 'dhl_parcel_de',
        operation: ENDPOINTS.token.operation,
        method: ENDPOINTS.token.method,
        url: `${deps.baseUrl('dhl_parcel_de', call.test)}${ENDPOINTS.token.path}`,
        headers: request.headers,
        body: request.body,
        idempotent: true,
        debug: call.debug,
        log: call.log,
      });
      if (res.status === 200 && parseValidateCredentialsResponse(parseJson(res.body, () => unexpectedBody('token response (not JSON)')))) {
        return { valid: true, message: 'dhl_parcel_de issued a token for the credentials' };
      }
      const err = parseErrorResponse(res.status, res.body, { auth: res.status === 400 || res.status === 401 || res.status === 403 });
      if (err.code === 'carrier_authentication') return { valid: false, message: err.message };
      throw err;
    },
  };
}
