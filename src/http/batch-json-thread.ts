/**
 * A large batch body read on a thread of its own (batch-json-worker.ts runs readBatchJson there).
 * Read on the event loop, even a slice at a time, a 32 MiB body made some 150 MB of objects on the
 * service's heap, whose collection held the loop for 90 ms at a time; their parsing took seconds of
 * its CPU. Here the loop only passes the body's pieces on and gets each shipment back as one string
 * (CanonicalJson); the objects live and die on the thread, which ends with the body.
 *
 * Bounds: at most THREADS bodies are read at once (others wait their turn, their bytes unread); at
 * most WINDOW pieces are sent ahead of the parsing; a thread's heap has a ceiling, past which the
 * body is refused (413) and the thread ends.
 */
import type { IncomingMessage } from 'node:http';
import { CanonicalJson } from '../canonical-json.js';
import { ApiError } from '../domain/errors.js';
import { startThread } from '../thread-module.js';
import { readBatchJson } from './batch-json.js';
import type { FromThread } from './batch-json-worker.js';
import { bodyPieces } from './body-stream.js';

/** Bodies read at once: a thread each, beside the event loop's. */
const THREADS = 2;
/** Pieces (16 KiB) sent ahead of the parsing: the thread never holds much of a body it will refuse. */
const WINDOW = 16;
/**
 * A shipment is parsed and sent on: the heap holds one (at most 50,000 values, a few MB) and a group
 * of texts. Small, because what a thread's heap grew to stays with the process after it ends.
 */
const LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/** A body declared shorter than this is read on the event loop: a thread costs more to start than it saves. */
export const THREAD_BYTES = 1024 * 1024;

/** The batch body of `req`, read within `limit`: on a thread when it is large or its length unknown. */
export function readBatchJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const pieces = bodyPieces(req, limit);
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length < THREAD_BYTES ? readBatchJson(pieces) : readBatchJsonOnThread(pieces);
}

let running = 0;
const queue: (() => void)[] = [];
async function turn(): Promise<() => void> {
  if (running >= THREADS) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  return () => {
    running--;
    queue.shift()?.();
  };
}

async function readBatchJsonOnThread(pieces: AsyncIterable<Buffer>): Promise<unknown> {
  const release = await turn();
  const thread = startThread('batch-json-worker', import.meta.url, { resourceLimits: LIMITS });
  let shipments: unknown[] = [];
  let ahead = 0;
  let wake: (() => void) | undefined;
  let settled = false;
  const result = new Promise<unknown>((resolve, reject) => {
    const settle = (fn: () => void) => {
      settled = true;
      wake?.();
      fn();
    };
    thread.on('message', (m: FromThread) => {
      if ('ack' in m) {
        ahead--;
        wake?.();
      } else if ('shipments' in m) {
        if (m.restart) shipments = [];
        for (const s of m.shipments) shipments.push(typeof s === 'string' ? new CanonicalJson(s) : s.value);
      } else if ('done' in m) settle(() => resolve(m.done));
      else settle(() => reject(new ApiError(m.refused.code, m.refused.message, m.refused.detail)));
    });
    // A heap past its ceiling ends the thread with an error: the body holds more than any batch.
    thread.once('error', (err) => settle(() => reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError('payload_too_large', 'The body holds more than a batch of 10000 shipments can', 'body') : err)));
    thread.once('exit', () => settle(() => reject(new Error('the batch body thread stopped before it answered'))));
  });
  result.catch(() => {});
  try {
    for await (const piece of pieces) {
      if (settled) break;
      // Copied once into a buffer of its own and handed over: a piece shares a larger one with its chunk.
      const own = new Uint8Array(piece);
      thread.postMessage(own, [own.buffer]);
      ahead++;
      while (ahead >= WINDOW && !settled) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!settled) thread.postMessage(null);
    const root = await result;
    // Each shipment's placeholder (the thread sent the shipments themselves) takes its place.
    const batch = (root as { batch?: { shipments?: unknown } } | undefined)?.batch;
    if (Array.isArray(batch?.shipments) && batch.shipments.length === shipments.length) batch.shipments = shipments;
    return root;
  } finally {
    await thread.terminate();
    release();
  }
}
