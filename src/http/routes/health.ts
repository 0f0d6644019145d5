import { Type } from 'typebox';
import { ApiError } from '../../domain/errors.js';
import { errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

const Status = Type.Object({ status: Type.String() });

export function registerHealthRoutes(app: App, { services }: RouteContext): void {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        operationId: 'checkLiveness',
        tags: ['meta'],
        summary: 'The process is alive',
        security: [],
        response: { 200: ok('Alive: {status: "ok"}', Status) },
      },
    },
    async () => ({ status: 'ok' }),
  );

  // A balancer (or Kubernetes' readiness probe) sends traffic only here; a failing /readyz must
  // not restart the process, which /healthz decides.
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: {
        operationId: 'checkReadiness',
        tags: ['meta'],
        summary: 'The database is reachable and its schema up to date',
        security: [],
        response: { 200: ok('Ready: {status: "ready"}', Status), 503: errorResponses[503] },
      },
    },
    async (req, reply) => {
      const notReady = await services.readiness();
      if (notReady) {
        if (notReady.err !== undefined) req.log.warn({ err: notReady.err }, notReady.message);
        return reply.status(503).send(new ApiError('service_unavailable', notReady.message, 'readyz').toBody());
      }
      return { status: 'ready' };
    },
  );

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
