/**
 * GET /metrics (Prometheus text format) and the per-request figure behind it. The route label is the
 * route's pattern (/shipments/:id), never the URL, so no identifier or number becomes a label value.
 * Public like /healthz: the figures name no tenant, and scrapers hold no API key.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../foundations/metrics.js';
import type { App } from './types.js';

/**
 * The request's figure, noted when its answer has gone out: by the request log's completion
 * (request-log.ts, app.ts) rather than an onResponse hook, so that a request with no other
 * onResponse hook (tracing off) skips Fastify's onResponse hook runner.
 */
export function requestObserver(metrics: Metrics): (req: FastifyRequest, reply: FastifyReply) => void {
  return (req, reply) =>
    metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
}

export function registerMetrics(app: App, metrics: Metrics): void {
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
