/**
 * The thread's side of body-thread.ts: the body's pieces come in as messages, each acknowledged once
 * taken, and what the reader makes of them goes back in parts, then its answer or its refusal. A
 * thread module calls serveBody once, at its top (no top-level await: from the sources, the thread
 * loads its module through require, thread-module.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { FromBodyThread, Refusal, ToBodyThread } from './body-thread.js';

/** Runs `read` over the body sent to this thread. `send` passes a part back; `refusal` says why the body was refused. */
export function serveBody<Part, Done>(
  read: (pieces: AsyncIterable<Buffer>, send: (part: Part) => void) => Promise<Done>,
  refusal: (err: unknown) => Refusal,
): void {
  const port = parentPort!;
  const post = (m: FromBodyThread<Part, Done>) => port.postMessage(m);
  const waiting: ToBodyThread[] = [];
  let wake: (() => void) | undefined;
  port.on('message', (piece: ToBodyThread) => {
    waiting.push(piece);
    wake?.();
  });
  async function* pieces(): AsyncGenerator<Buffer> {
    for (;;) {
      if (waiting.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const piece = waiting.shift()!;
      if (piece === null) return;
      yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      post({ ack: true });
    }
  }
  void read(pieces(), (part) => post({ part }))
    .then(
      (done) => post({ done }),
      (err: unknown) => post({ refused: refusal(err) }),
    )
    .finally(() => port.close());
}
