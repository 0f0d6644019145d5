/**
 * GET /metrics (Prometheus text format) and the per-request figure behind it. The route label is the
 * route's pattern (/shipments/:id), never the URL, so no identifier or number becomes a label value.
 * Public like /healthz: the figures name no tenant, and scrapers hold no API key.
 */
import type { Metrics } from '../foundations/metrics.js';
import type { App } from './types.js';

export function registerMetrics(app: App, metrics: Metrics): void {
  // A plain callback hook: no promise per request on the hot path.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
