/**
 * The thread a large batch body is read on (batch-json-thread.ts): the body's pieces come in as
 * messages, each acknowledged once parsed; each shipment goes back as its text (a string, or
 * `{ value }` for an element that is no object) in groups, and the rest of the body, each shipment
 * a placeholder, at the end; or the refusal. The parsed objects live and die on this thread's heap.
 */
import { parentPort } from 'node:worker_threads';
import { canonicalJson } from '../canonical-json.js';
import { ApiError } from '../domain/errors.js';
import { readBatchJson } from './batch-json.js';

/** What the thread is sent: a piece of the body, or null once it has all been sent. */
export type ToThread = Uint8Array | null;
/** What the thread answers. `restart`: a later `shipments` member replaced the one sent so far. */
export type FromThread =
  | { ack: true }
  | { shipments: (string | { value: unknown })[]; restart?: true }
  | { done: unknown }
  | { refused: { code: ApiError['code']; message: string; detail: string } };

/** Shipments sent back at a time: a message of some hundreds of kilobytes. */
const GROUP = 100;

const port = parentPort!;

async function* pieces(): AsyncGenerator<Buffer> {
  const waiting: ToThread[] = [];
  let wake: (() => void) | undefined;
  port.on('message', (piece: ToThread) => {
    waiting.push(piece);
    wake?.();
  });
  for (;;) {
    if (waiting.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const piece = waiting.shift()!;
    if (piece === null) return;
    yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    port.postMessage({ ack: true } satisfies FromThread);
  }
}

let group: (string | { value: unknown })[] = [];
let current: unknown[] | undefined;
let restart = false;
const send = () => {
  if (group.length === 0 && !restart) return;
  port.postMessage({ shipments: group, ...(restart ? { restart: true as const } : {}) } satisfies FromThread);
  group = [];
  restart = false;
};

async function read(): Promise<FromThread> {
  const root = await readBatchJson(pieces(), (element, shipments) => {
    // A second `shipments` member replaces the first, as with JSON.parse: what was sent is dropped.
    if (current !== undefined && shipments !== current) {
      group = [];
      restart = true;
    }
    current = shipments;
    group.push(element !== null && typeof element === 'object' ? canonicalJson(element) : { value: element });
    if (group.length >= GROUP) send();
    return 0;
  });
  send();
  return { done: root };
}

// No top-level await: from the sources, the thread loads this module through require (thread-module.ts).
void read()
  .catch((err: unknown): FromThread => {
    const refused = err instanceof ApiError ? err : new ApiError('schema_validation_error', 'Body is not valid JSON', 'body');
    return { refused: { code: refused.code, message: refused.message, detail: refused.detail } };
  })
  .then((answer) => {
    port.postMessage(answer);
    port.close();
  });
