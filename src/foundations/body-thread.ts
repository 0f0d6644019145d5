/**
 * A large request body read on a thread of its own (a batch's JSON or CSV): the event loop only
 * passes the body's pieces on and takes back what the thread made of them, a batch's shipments as
 * texts. Read on the event loop, even a slice at a time, a 32 MiB body made some 150 MB of objects on
 * the service's heap, whose collection held the loop for 90 ms at a time, and seconds of its CPU;
 * on the thread they live and die with the thread. The thread's side is body-thread-port.ts.
 *
 * A body shorter than THREAD_BYTES is read on the event loop: a thread costs more to start than it
 * saves. Which it is, is known from the bytes themselves (the first THREAD_BYTES are held until then),
 * so a body of unknown length is treated like any other.
 *
 * Bounds: at most THREADS bodies are read at once, on threads (others wait their turn holding their
 * first THREAD_BYTES, as much as any other route's whole body, the rest unread), and at most
 * PER_TENANT of them one tenant's, so that a tenant whose uploads are slow (or stopped: the
 * caller's idle timeout ends those) never holds every thread while another tenant waits; at most WINDOW
 * pieces are sent ahead of the parsing; a thread's heap has a ceiling, past which the body is
 * refused (413) and the thread ends.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from './thread-module.js';

/** Bodies at least this long are read on a thread. */
export const THREAD_BYTES = 1024 * 1024;
/** Bodies read at once: a thread each, beside the event loop's. */
const THREADS = 2;
/** Bodies of one tenant read at once: one thread is always left to the others. */
const PER_TENANT = Math.max(1, THREADS - 1);
/** Pieces (16 KiB) sent ahead of the parsing: the thread never holds much of a body it will refuse. */
const WINDOW = 16;
/**
 * What the thread holds is one shipment (at most 50,000 values, a few MB) and a group of texts.
 * Small, because what a thread's heap grew to stays with the process after it ends.
 */
const LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/** A refusal as it crosses from the thread: an ApiError's parts (the caller makes it one again). */
export interface Refusal {
  code: string;
  message: string;
  detail: string;
}

/** What the thread is sent: a piece of the body, or null once it has all been sent. */
export type ToBodyThread = Uint8Array | null;
/** What it answers: a piece taken in, a part of what it made, its answer at the end or the refusal. */
export type FromBodyThread<Part, Done> = { ack: true } | { part: Part } | { done: Done } | { refused: Refusal };

export interface BodyReader<Part, Done, T> {
  /** Whose body it is: the threads are shared between tenants. */
  tenant: string;
  /** The body read on the event loop, when it is short. */
  inline(pieces: AsyncIterable<Buffer>): Promise<T>;
  /** The thread's module: its file name without extension, beside `callerUrl` (thread-module.ts). */
  module: string;
  callerUrl: string;
  /** What the thread's module is given at its start (workerData). */
  workerData?: unknown;
  /** Takes in each part the thread sends, in order. */
  part(part: Part): void;
  /** The result, from the thread's last answer and the parts taken in. */
  done(answer: Done): T;
  /** The error the thread's refusal is answered with. */
  refused(refusal: Refusal): Error;
  /** The error when the thread's heap outgrows its ceiling: the body holds more than any batch. */
  tooLarge(): Error;
}

/** The body of `pieces`, read on the event loop or, when it is THREAD_BYTES or longer, on a thread. */
export async function readBody<Part, Done, T>(
  pieces: AsyncIterable<Buffer>,
  reader: BodyReader<Part, Done, T>,
): Promise<T> {
  const source = pieces[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let held = 0;
  let ended = false;
  try {
    while (held < THREAD_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      first.push(next.value);
      held += next.value.length;
    }
  } catch (err) {
    await source.return?.();
    throw err;
  }
  const all = again(first, ended ? undefined : source);
  return ended ? reader.inline(all) : onThread(all, reader);
}

/** The pieces held, then the rest of `source`; closing it closes the source (which reads the rest unparsed). */
async function* again(held: Buffer[], source: AsyncIterator<Buffer> | undefined): AsyncGenerator<Buffer> {
  try {
    yield* held.splice(0);
    if (!source) return;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  } finally {
    await source?.return?.();
  }
}

let running = 0;
/** Threads each tenant holds now. */
const holding = new Map<string, number>();
/** Bodies waiting for a thread, in arrival order. */
const queue: { tenant: string; start: () => void }[] = [];

const mayStart = (tenant: string) => running < THREADS && (holding.get(tenant) ?? 0) < PER_TENANT;

function take(tenant: string): void {
  running++;
  holding.set(tenant, (holding.get(tenant) ?? 0) + 1);
}

/** Threads free go to the first waiting bodies whose tenants may have one more. */
function startWaiting(): void {
  for (let i = 0; i < queue.length && running < THREADS;) {
    const waiting = queue[i]!;
    if (!mayStart(waiting.tenant)) {
      i++;
      continue;
    }
    queue.splice(i, 1);
    take(waiting.tenant);
    waiting.start();
  }
}

/** A thread for `tenant`'s body once one is free and the tenant holds fewer than PER_TENANT; the function that gives it back. */
async function turn(tenant: string): Promise<() => void> {
  if (mayStart(tenant)) take(tenant);
  else await new Promise<void>((start) => queue.push({ tenant, start }));
  return () => {
    running--;
    const held = holding.get(tenant)! - 1;
    if (held === 0) holding.delete(tenant);
    else holding.set(tenant, held);
    startWaiting();
  };
}

/** Bodies being read on threads and bodies waiting for one, now. */
export function bodyThreadUse(): { running: number; waiting: number } {
  return { running, waiting: queue.length };
}

async function onThread<Part, Done, T>(pieces: AsyncIterable<Buffer>, reader: BodyReader<Part, Done, T>): Promise<T> {
  const release = await turn(reader.tenant);
  let thread: Worker | undefined;
  try {
    thread = startThread(reader.module, reader.callerUrl, { resourceLimits: LIMITS, workerData: reader.workerData });
    return await feed(thread, pieces, reader);
  } finally {
    await thread?.terminate();
    release();
  }
}

async function feed<Part, Done, T>(
  thread: Worker,
  pieces: AsyncIterable<Buffer>,
  reader: BodyReader<Part, Done, T>,
): Promise<T> {
  let ahead = 0;
  let wake: (() => void) | undefined;
  let settled = false;
  const result = new Promise<T>((resolve, reject) => {
    const settle = (fn: () => void) => {
      settled = true;
      wake?.();
      fn();
    };
    // An event handler: a throw here (a reader's part or done) would end the process, so it rejects.
    thread.on('message', (m: FromBodyThread<Part, Done>) => {
      try {
        if ('ack' in m) {
          ahead--;
          wake?.();
        } else if ('part' in m) reader.part(m.part);
        else if ('done' in m) settle(() => resolve(reader.done(m.done)));
        else settle(() => reject(reader.refused(m.refused)));
      } catch (err) {
        settle(() => reject(err));
      }
    });
    thread.once('error', (err) =>
      settle(() => reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? reader.tooLarge() : err)),
    );
    thread.once('exit', () => settle(() => reject(new Error('the body thread stopped before it answered'))));
  });
  result.catch(() => {});
  for await (const piece of pieces) {
    if (settled) break;
    // Copied once into a buffer of its own and handed over: a piece shares a larger one with its chunk.
    const own = new Uint8Array(piece);
    thread.postMessage(own satisfies ToBodyThread, [own.buffer]);
    ahead++;
    while (ahead >= WINDOW && !settled) await new Promise<void>((resolve) => (wake = resolve));
  }
  if (!settled) thread.postMessage(null satisfies ToBodyThread);
  return result;
}
