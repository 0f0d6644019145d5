/**
 * Applies the Idempotency-Key header to every POST (see services/kernel/idempotency.ts for the
 * rules): claims the key, and hands each answer to the claim, which settles it unless the use case
 * already did (a booking, completed in its transaction) or kept it in progress.
 */
import { fingerprint, fingerprintInSlices, type IdempotencyService, type KeyClaim } from '../services/index.js';
import { ApiError } from '../domain/errors.js';
import { guardedOnSend, type Step } from './hook-boundary.js';
import type { App } from './types.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's claimed Idempotency-Key. */
    idempotency?: KeyClaim;
    /** Whose keys the Idempotency-Key is looked up among; the tenant's unless a route scopes it (a portal link). */
    idempotencyScope?: string;
  }
}

/**
 * A portal link's own key namespace. A space never occurs in a tenant name (domain/tenants.ts), so
 * no tenant's keys and no other link's share it.
 */
export function linkScope(tenant: string, linkId: string): string {
  return `${tenant} portal ${linkId}`;
}

/**
 * Hands each answer to its claim (an onSend hook), and returns the preValidation step that claims
 * the key (app.ts runs it with the other checks of that phase).
 */
export function registerIdempotency(app: App, service: IdempotencyService): Step {
  registerFinish(app);
  // preValidation sees the body as the client sent it, before validation coerces any value. No
  // promise for requests without a key (most).
  return (req, reply) => {
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined || !req.routeOptions.url || req.routeOptions.config.startsSession)
      return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY.test(key))
      throw new ApiError(
        'schema_validation_error',
        'Idempotency-Key must be 1 to 255 visible ASCII characters',
        'Idempotency-Key',
      );
    // The query is the request's too (a CSV batch's account, a retry's items): another under the
    // same key is another request. A retry sends the same address, so its query as written.
    const query = req.url.indexOf('?');
    const route = `${req.routeOptions.url ?? req.url}${query >= 0 ? req.url.slice(query) : ''}`;
    // A body large enough to be read as it arrived (a batch) is hashed in slices too.
    const print = req.routeOptions.config.checkedBody
      ? fingerprintInSlices(req.method, route, req.body)
      : Promise.resolve(fingerprint(req.method, route, req.body));
    const scope = req.idempotencyScope ?? req.tenant;
    return print
      .then((p) => service.claim(scope, key, p, req.principal ?? undefined))
      .then((claim) => {
        if (claim.kind === 'replay') {
          reply
            .code(claim.status)
            .header('idempotent-replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(claim.body);
          return;
        }
        req.idempotency = service.held(scope, key, claim.interruptedAt);
      });
  };
}

function registerFinish(app: App): void {
  app.addHook(
    'onSend',
    guardedOnSend((req, reply, payload: unknown) => {
      const claim = req.idempotency;
      if (claim === undefined) return payload;
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : JSON.stringify(payload);
      return claim.finish(reply.statusCode, body, { seal: req.routeOptions.config.secretAnswer === true }).then(
        () => payload,
        (err: unknown) => {
          // The database went away after the answer was decided: the answer still goes out as it
          // is (a booking made and stored stays made; a refusal stays one). The key stays claimed,
          // as for an instance that died here, and a retry with it is settled as after a crash.
          if (!(err instanceof ApiError && err.code === 'service_unavailable')) throw err;
          req.log.warn(
            { err, status: reply.statusCode },
            "the Idempotency-Key's outcome could not be recorded: the database is unavailable",
          );
          return payload;
        },
      );
    }),
  );
}
