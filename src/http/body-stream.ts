/**
 * A request body read as it arrives, for the routes that parse it themselves (POST /batches): in
 * pieces of at most PIECE bytes, the body limit checked as the bytes come, and the event loop given
 * a turn between pieces once the parsing has held it for a slice (time-slice.ts), so that
 * a 32 MiB body never holds other requests up for longer than that. A client that stops sending is
 * refused once nothing has come for the idle timeout (while the body is being read: a body waiting
 * for its thread is not the client's delay), so it holds no thread for longer than that.
 */
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { ApiError } from '../domain/errors.js';
import { timeSlicer } from '../foundations/time-slice.js';

/** What a parser is given at a time: small enough that one piece is never a long wait. */
const PIECE = 16 * 1024;

const tooLarge = () => new ApiError('payload_too_large', 'Request body is larger than the limit', 'body');
const stalled = (ms: number) =>
  new ApiError(
    'schema_validation_error',
    `Nothing more of the body arrived for ${ms} ms; send it without pausing`,
    'body',
  );

/** How a body is read: at most `limit` bytes, none of it waited for longer than `idleMs`. */
export interface BodyBounds {
  limit: number;
  idleMs: number;
}

/** Requests whose body went past the limit or stalled: their rest is never read, the connection closes. */
const overLimit = new WeakSet<IncomingMessage>();

/** Whether the rest of this request's body will not be read: its answer closes the connection. */
export const bodyAbandoned = (req: IncomingMessage): boolean => overLimit.has(req);

export async function* bodyPieces(req: IncomingMessage, { limit, idleMs }: BodyBounds): AsyncGenerator<Buffer> {
  // A declared length over the limit is refused before anything is read.
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    overLimit.add(req);
    throw tooLarge();
  }
  const slice = timeSlicer();
  let received = 0;
  // Not destroyed when the parser stops early: the answer still has to go out on this connection.
  const chunks = (req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  let stopped = false;
  try {
    for (;;) {
      const next = await withinIdle(chunks.next(), idleMs, () => {
        stopped = true;
        overLimit.add(req);
      });
      if (next.done) break;
      const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      received += bytes.length;
      if (received > limit) throw tooLarge();
      for (let at = 0; at < bytes.length; at += PIECE) {
        yield bytes.subarray(at, at + PIECE);
        await slice();
      }
    }
  } finally {
    // A stalled read's next() is still pending: asking the iterator to return would wait for it.
    if (!stopped) await chunks.return?.();
    // Refused early: the rest is read and dropped unparsed before the answer goes out. A client
    // still sending when the connection closes may never read the answer.
    await drain(req, limit - received);
  }
}

/** `next`, or the stall's refusal once `ms` pass without it (`onStall` first). */
function withinIdle<T>(next: Promise<T>, ms: number, onStall: () => void): Promise<T> {
  // Left pending by a stall, it settles when the connection closes: its failure is nobody's.
  next.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onStall();
      reject(stalled(ms));
    }, ms);
  });
  return Promise.race([next, late]).finally(() => clearTimeout(timer));
}

/**
 * The whole body as text, read as bodyPieces reads it (within the limit, the loop given its turns),
 * each piece decoded as it comes: 32 MiB copied into one buffer and decoded at once held the loop for
 * some 60 ms. Joining the decoded pieces is one copy of the text.
 */
export async function readText(req: IncomingMessage, bounds: BodyBounds): Promise<string> {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  for await (const piece of bodyPieces(req, bounds)) parts.push(decoder.write(piece));
  parts.push(decoder.end());
  return parts.join('');
}

/** A body already read as text, given out again in pieces of about PIECE bytes, each encoded as it goes. */
export async function* textPieces(text: string): AsyncGenerator<Buffer> {
  const slice = timeSlicer();
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + PIECE, text.length);
    // Never between the two halves of a surrogate pair: each half alone would be encoded as U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    yield Buffer.from(text.slice(at, end));
    at = end;
    await slice();
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * For a route that failed before or while reading its body: the rest is read and dropped, up to the
 * limit. Whether the body was read to its end (else the answer must close the connection).
 */
export async function readToEnd(req: IncomingMessage, limit: number): Promise<boolean> {
  if (!overLimit.has(req)) await drain(req, limit);
  return req.readableEnded;
}

/** Reads and drops the rest of the body, up to `left` bytes; past that the connection closes. */
function drain(req: IncomingMessage, left: number): Promise<void> {
  if (left < 0) overLimit.add(req);
  // A request already closed (its client gone) has nothing left to read, and no 'close' to come.
  if (req.readableEnded || req.destroyed || overLimit.has(req)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      req.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) {
        overLimit.add(req);
        req.pause();
        done();
      }
    };
    req.on('data', onData).once('end', done).once('error', done).once('close', done);
  });
}
