/**
 * A request body read as it arrives, for the routes that parse it themselves (POST /batches): in
 * pieces of at most PIECE bytes, the body limit checked as the bytes come, and the event loop given
 * a turn between pieces once the parsing has held it for a slice (time-slice.ts), so that
 * a 32 MiB body never holds other requests up for longer than that.
 */
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { ApiError } from '../domain/errors.js';
import { timeSlicer } from '../time-slice.js';

/** What a parser is given at a time: small enough that one piece is never a long wait. */
const PIECE = 16 * 1024;

const tooLarge = () => new ApiError('payload_too_large', 'Request body is larger than the limit', 'body');

/** Requests whose body went past the limit: their rest is never read, the connection closes. */
const overLimit = new WeakSet<IncomingMessage>();

export async function* bodyPieces(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  // A declared length over the limit is refused before anything is read.
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    overLimit.add(req);
    throw tooLarge();
  }
  const slice = timeSlicer();
  let received = 0;
  try {
    // Not destroyed when the parser stops early: the answer still has to go out on this connection.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) throw tooLarge();
      for (let at = 0; at < bytes.length; at += PIECE) {
        yield bytes.subarray(at, at + PIECE);
        await slice();
      }
    }
  } finally {
    // Refused early: the rest is read and dropped unparsed before the answer goes out. A client
    // still sending when the connection closes may never read the answer.
    await drain(req, limit - received);
  }
}

/**
 * The whole body as text, read as bodyPieces reads it (within the limit, the loop given its turns),
 * each piece decoded as it comes: 32 MiB copied into one buffer and decoded at once held the loop for
 * some 60 ms. Joining the decoded pieces is one copy of the text.
 */
export async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  for await (const piece of bodyPieces(req, limit)) parts.push(decoder.write(piece));
  parts.push(decoder.end());
  return parts.join('');
}

/** A body already read as text, given out again in pieces of about PIECE bytes, each encoded as it goes. */
export async function* textPieces(text: string): AsyncGenerator<Buffer> {
  const slice = timeSlicer();
  for (let at = 0; at < text.length; ) {
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
  if (req.readableEnded || left < 0) return Promise.resolve();
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
