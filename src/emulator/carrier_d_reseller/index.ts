/**
 * The carrier_d_reseller emulator: the Endicia Label Server's HTTP-POST interface (PROTOCOL.md §1-§2)
 * at its real paths, mounted by server.ts under `/carrier_d_reseller`. Every outcome ELS decides is
 * HTTP 200 with a Status in the operation's response document; what ASP.NET itself answers (a
 * missing form parameter, an unknown path) is a plain-text 500 / 404, as the real host does.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EmulatedCarrier, EmulatorContext, FaultResponse } from '../carrier.js';
import { registerFormParser } from '../forms.js';
import { statusCodeOf } from '../json.js';
import { registerAccountRoutes } from './account.js';
import { CARRIER_D_RESELLER_OPERATIONS, createCtx, document, MissingParameter } from './context.js';
import { registerRateRoutes } from './rate.js';
import { registerRefundScanRoutes } from './refund-scan.js';
import { registerShipRoutes } from './ship.js';
import { CarrierDResellerState } from './state.js';
import { registerTrackRoutes } from './track.js';

/** Response root of each operation: the document faults answer in. */
const RESPONSE_ROOTS: Record<string, string> = {
  rate: 'PostageRateResponse',
  rates: 'PostageRatesResponse',
  ship: 'LabelRequestResponse',
  cancel: 'RefundResponse',
  track: 'PackageStatusResponse',
  manifest: 'SCANResponse',
  account_status: 'AccountStatusResponse',
  buy_postage: 'RecreditRequestResponse',
  change_pass_phrase: 'ChangePassPhraseRequestResponse',
};

/** ASP.NET's text answer for an unhandled server error (HTTP 500). */
const SERVER_ERROR = 'System.InvalidOperationException: Server was unable to process request.';

export function createCarrierDReseller(emulator: EmulatorContext): { carrier: EmulatedCarrier; state: CarrierDResellerState } {
  const state = new CarrierDResellerState(emulator.clock);
  const ctx = createCtx(state, emulator.clock);

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // PROTOCOL.md §1: the request XML travels URL-encoded in one form field.
    registerFormParser(app);
    app.setErrorHandler((err, request, reply) => {
      if (err instanceof MissingParameter) return reply.code(500).type('text/plain; charset=utf-8').send(`System.InvalidOperationException: ${err.message}`);
      const status = statusCodeOf(err) ?? 500;
      if (status >= 400 && status < 500) return reply.code(500).type('text/plain; charset=utf-8').send('System.InvalidOperationException: Request format is invalid.');
      request.log.error({ err }, 'carrier_d_reseller emulator failure');
      return reply.code(500).type('text/plain; charset=utf-8').send(SERVER_ERROR);
    });
    app.setNotFoundHandler((request, reply) => reply.code(404).type('text/plain; charset=utf-8').send(`Request format is unrecognized for URL unexpectedly ending in '${request.url.split('/').pop() ?? ''}'.`));
    registerRateRoutes(app, ctx);
    registerShipRoutes(app, ctx);
    registerTrackRoutes(app, ctx);
    registerRefundScanRoutes(app, ctx);
    registerAccountRoutes(app, ctx);
  };

  const carrier: EmulatedCarrier = {
    slug: 'carrier_d_reseller',
    operations: CARRIER_D_RESELLER_OPERATIONS,
    plugin,
    faultResponse(kind, operation, retryAfterSeconds): FaultResponse {
      const root = RESPONSE_ROOTS[operation] ?? 'LabelRequestResponse';
      switch (kind) {
        case 'http_500':
          return { status: 500, contentType: 'text/plain; charset=utf-8', body: SERVER_ERROR };
        case 'http_429':
          // ELS documents no throttling; the hosts' front end answers an overload like this.
          return { status: 429, contentType: 'text/plain; charset=utf-8', body: 'Too many requests.', headers: { 'retry-after': String(retryAfterSeconds) } };
        case 'auth':
          // ELS refuses credentials in-body with HTTP 200 (VCR change_pass_phrase_error).
          return { status: 200, contentType: 'text/xml; charset=utf-8', body: ctx.errorDocument({ operation: 'ship', path: '', field: '', root: '', responseRoot: root }, 12507, 'The Certified Intermediary\u2019s pass phrase is incorrect.') };
        case 'malformed': {
          const full = document(root, { Status: '0', TrackingNumber: '9400100000000000000000' });
          return { status: 200, contentType: 'text/xml; charset=utf-8', body: full.slice(0, Math.floor(full.length * 0.7)) };
        }
      }
    },
  };
  return { carrier, state };
}
