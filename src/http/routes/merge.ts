import { Type } from 'typebox';
import { MergeBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerMergeRoutes(app: App, { examples, services }: RouteContext): void {
  app.post(
    '/merge',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'mergeLabels',
        tags: ['shipping'],
        summary: 'Combine base64 PDF (or PNG/JPEG) labels into one PDF',
        body: withExamples(MergeBody, examples.mergeLabels),
        response: {
          200: ok('One PDF, base64, with every label in order', Type.Object({ pdf: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const format = req.body.file_type.toUpperCase().replace('JPG', 'JPEG');
      const files = req.body.files.map((f) => new Uint8Array(Buffer.from(f, 'base64')));
      const release = services.labels.admit(files.length);
      try {
        return { pdf: Buffer.from((await services.labels.combineLabels(format, files)).bytes).toString('base64') };
      } finally {
        release();
      }
    },
  );
}
