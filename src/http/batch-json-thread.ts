/**
 * A batch's JSON body, read on the event loop when it is short, on a thread of its own when it is
 * large (body-thread.ts; batch-json-worker.ts runs readBatchJson there). The thread sends each
 * shipment back as one string (CanonicalJson), so that the objects of 10,000 shipments never reach
 * the service's heap.
 */
import type { IncomingMessage } from 'node:http';
import { readBody } from '../foundations/body-thread.js';
import { CanonicalJson } from '../foundations/canonical-json.js';
import { ApiError } from '../domain/errors.js';
import { readBatchJson } from './batch-json.js';
import type { Done, Part } from './batch-json-worker.js';
import { bodyPieces, type BodyBounds } from './body-stream.js';

/** The batch body of `req`, read within `bounds`; a thread, when it needs one, is shared fairly with other tenants. */
export function readBatchJsonBody(req: IncomingMessage, bounds: BodyBounds, tenant: string): Promise<unknown> {
  let shipments: unknown[] = [];
  return readBody<Part, Done, unknown>(bodyPieces(req, bounds), {
    tenant,
    inline: (pieces) => readBatchJson(pieces),
    module: 'batch-json-worker',
    callerUrl: import.meta.url,
    part(part) {
      if (part.restart) shipments = [];
      for (const s of part.shipments) shipments.push(typeof s === 'string' ? new CanonicalJson(s) : s.value);
    },
    done(root) {
      // Each shipment's placeholder (the thread sent the shipments themselves) takes its place.
      const batch = (root as { batch?: { shipments?: unknown } } | undefined)?.batch;
      if (Array.isArray(batch?.shipments) && batch.shipments.length === shipments.length) batch.shipments = shipments;
      return root;
    },
    refused: ApiError.fromBody,
    tooLarge: () =>
      new ApiError('payload_too_large', 'The body holds more than a batch of 10000 shipments can', 'body'),
  });
}
