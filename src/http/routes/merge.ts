import { Type } from 'typebox';
import { combineLabels } from '../../carriers/shared/labels.js';
import { errorResponses } from '../../contract/common.js';
import { MergeBody } from '../../contract/operations.js';
import type { App, RouteContext } from '../types.js';

export function registerMergeRoutes(app: App, _ctx: RouteContext): void {
  app.post(
    '/merge',
    { schema: { tags: ['shipping'], summary: 'Combine base64 PDF (or PNG/JPEG) labels into one PDF', body: MergeBody, response: { 200: Type.Object({ pdf: Type.String() }), ...errorResponses } } },
    async (req) => {
      const format = req.body.file_type.toUpperCase().replace('JPG', 'JPEG');
      const merged = await combineLabels(format, req.body.files.map((f) => new Uint8Array(Buffer.from(f, 'base64'))));
      return { pdf: Buffer.from(merged.bytes).toString('base64') };
    },
  );
}
