import { Type } from 'typebox';
import { ApiError } from '../../domain/errors.js';
import { ErrorBody } from '../../contract/common.js';
import type { App, RouteContext } from '../types.js';

const Status = Type.Object({ status: Type.String() });

export function registerHealthRoutes(app: App, { services }: RouteContext): void {
  app.get('/healthz', { config: { public: true }, schema: { tags: ['meta'], summary: 'The process is alive', security: [], response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { config: { public: true }, schema: { tags: ['meta'], summary: 'The database is reachable', security: [], response: { 200: Status, 503: ErrorBody } } },
    async (req, reply) => {
      try {
        await services.database.ping();
        return { status: 'ready' };
      } catch (err) {
        req.log.warn({ err }, 'database not reachable');
        return reply.status(503).send(new ApiError('service_unavailable', 'The database is unreachable', 'readyz').toBody());
      }
    },
  );

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
