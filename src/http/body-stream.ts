/**
 * A request body read as it arrives, for the routes that parse it themselves (POST /batches): in
 * pieces of at most PIECE bytes, the body limit checked as the bytes come, and the event loop given
 * a turn between pieces once the parsing has held it for a slice (services/time-slice.ts), so that
 * a 32 MiB body never holds other requests up for longer than that.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../domain/errors.js';
import { timeSlicer } from '../services/index.js';

/** What a parser is given at a time: small enough that one piece is never a long wait. */
const PIECE = 16 * 1024;

const tooLarge = () => new ApiError('payload_too_large', 'Request body is larger than the limit', 'body');

export async function* bodyPieces(req: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  // A declared length over the limit is refused before anything is read.
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
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
    // Refused early: the rest is read and dropped unparsed (the connection closes after the answer),
    // so that the client finishes sending and reads the answer.
    if (!req.readableEnded) req.resume();
  }
}
