/** Applies the Idempotency-Key header to every POST (see services/idempotency.ts for the rules). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fingerprint, type IdempotencyService } from '../services/index.js';
import { ApiError } from '../domain/errors.js';
import type { App } from './types.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
    /** The key was taken over from a request whose instance died; that request's claim time. */
    idempotencyInterruptedAt?: string;
  }
}

export function registerIdempotency(app: App, service: IdempotencyService): void {
  // preValidation sees the body as the client sent it, before validation coerces any value. A
  // callback hook, so that requests without a key (most) pay for no promise.
  app.addHook('preValidation', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined || !req.routeOptions.url) return done();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY.test(key)) return done(new ApiError('schema_validation_error', 'Idempotency-Key must be 1 to 255 visible ASCII characters', 'Idempotency-Key'));
    service.claim(req.tenant, key, fingerprint(req.method, req.routeOptions.url ?? req.url, req.body)).then((claim) => {
      if (claim.kind === 'replay') {
        reply.code(claim.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(claim.body);
        return;
      }
      req.idempotencyKey = key;
      if (claim.interruptedAt !== undefined) req.idempotencyInterruptedAt = claim.interruptedAt;
      done();
    }, done);
  });

  // A callback hook, not an async one: most requests carry no key and should not pay for a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const key = req.idempotencyKey;
    if (key === undefined) return done(null, payload);
    req.idempotencyKey = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload);
    service.finish(req.tenant, key, reply.statusCode, body, { seal: req.routeOptions.config.secretAnswer === true }).then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });
}
