/**
 * A server span per request (src/foundations/tracing.ts). buildApp registers these hooks only when tracing is
 * on: otherwise there are none and a request costs what it did without tracing. Callback hooks,
 * like the others on the hot path (no promise per request).
 *
 * The span starts once the request is routed (its name is the route's pattern) and ends with the
 * answer. The hooks after the first and the handler run inside it, so that the carrier calls made
 * for the request are its children: Fastify keeps a request's async context across the reading of
 * its body, however late the body arrives (a test holds it to that).
 */
import { toApiError } from '../domain/errors.js';
import type { RequestSpan, Tracing } from '../foundations/tracing.js';
import type { App } from './types.js';

export function registerTracing(app: App, tracing: Tracing): void {
  const spans = new WeakMap<object, RequestSpan>();
  const end = (req: object, status: number | undefined) => {
    spans.get(req)?.end(status);
    spans.delete(req);
  };
  // Named: the hooks of a route show in app.printRoutes({ includeHooks: true }) by these names.
  app.addHook('onRequest', function startRequestSpan(req, _reply, done) {
    const span = tracing.request({
      method: req.method,
      route: req.routeOptions.url,
      headers: req.headers,
      scheme: req.protocol,
      httpVersion: req.raw.httpVersion,
    });
    spans.set(req, span);
    span.run(done);
  });
  app.addHook('onError', function recordRequestError(req, _reply, err, done) {
    spans.get(req)?.failed(toApiError(err).code);
    done();
  });
  app.addHook('onResponse', function endRequestSpan(req, reply, done) {
    end(req, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', function endAbortedRequestSpan(req, done) {
    end(req, undefined);
    done();
  });
}
