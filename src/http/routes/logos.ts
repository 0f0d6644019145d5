/** The neutral carrier marks that return methods and the pages link to (/logos/<carrier slug>.svg). */
import { Type } from 'typebox';
import { declarations, isCarrierSlug } from '../../carriers/declarations.js';
import { ApiError } from '../../domain/errors.js';
import { carrierMark } from '../logos.js';
import { errorResponses } from '../openapi.js';
import type { App } from '../types.js';

export function registerLogoRoutes(app: App): void {
  app.get(
    '/logos/:file',
    {
      config: { public: true },
      schema: {
        operationId: 'getCarrierMark',
        tags: ['meta'],
        summary: 'A carrier’s neutral mark (SVG), as return methods link it',
        security: [],
        params: Type.Object({ file: Type.String({ maxLength: 100 }) }),
        response: {
          200: { description: 'the mark', content: { 'image/svg+xml': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const slug = req.params.file.replace(/\.svg$/, '');
      if (!req.params.file.endsWith('.svg') || !isCarrierSlug(slug))
        throw new ApiError(
          'not_found',
          `no mark ${req.params.file}; marks are /logos/<carrier slug>.svg`,
          req.params.file,
        );
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(carrierMark(declarations[slug]));
    },
  );
}
