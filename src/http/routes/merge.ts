import { Type } from 'typebox';
import { combineLabels } from '../../carriers/shared/labels.js';
import { MergeBody } from '../../contract/operations.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

export function registerMergeRoutes(app: App, { examples }: RouteContext): void {
  app.post(
    '/merge',
    { schema: { operationId: 'mergeLabels', tags: ['shipping'], summary: 'Combine base64 PDF (or PNG/JPEG) labels into one PDF', body: withExamples(MergeBody, examples.mergeLabels), response: { 200: ok('One PDF, base64, with every label in order', Type.Object({ pdf: Type.String() })), ...errorResponses } } },
    async (req) => {
      const format = req.body.file_type.toUpperCase().replace('JPG', 'JPEG');
      const merged = await combineLabels(format, req.body.files.map((f) => new Uint8Array(Buffer.from(f, 'base64'))));
      return { pdf: Buffer.from(merged.bytes).toString('base64') };
    },
  );
}
