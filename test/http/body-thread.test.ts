/**
 * readBody (src/foundations/body-thread.ts): a body shorter than THREAD_BYTES is read on the event loop, a longer
 * one on a thread, told apart by its bytes whatever length it declares; the pieces held while
 * deciding reach the reader first, in order; a refusal or a failing source stops the reading there.
 */
import { describe, expect, it } from 'vitest';
import { readBody, THREAD_BYTES, type BodyReader } from '../../src/foundations/body-thread.js';
import { readBatchJson } from '../../src/http/batch-json.js';
import type { Done, Part } from '../../src/http/batch-json-worker.js';
import { ApiError } from '../../src/domain/errors.js';

const PIECE = 16 * 1024;

/** `text` in pieces of PIECE bytes; `closed` says whether the reader stopped before the end. */
function source(text: string, failAt?: number) {
  const state = { read: 0, closed: false };
  const bytes = Buffer.from(text);
  async function* pieces(): AsyncGenerator<Buffer> {
    try {
      for (let at = 0; at < bytes.length; at += PIECE) {
        if (failAt !== undefined && at >= failAt) throw new Error('the client went away');
        state.read = at + PIECE;
        yield bytes.subarray(at, at + PIECE);
      }
    } finally {
      state.closed = state.read < bytes.length;
    }
  }
  return { pieces: pieces(), state };
}

/** A JSON batch body read as the route reads it, recording which way it went. */
function jsonReader() {
  const way = { inline: 0, parts: 0 };
  let shipments: unknown[] = [];
  const reader: BodyReader<Part, Done, unknown> = {
    tenant: 'acme',
    inline: (pieces) => {
      way.inline++;
      return readBatchJson(pieces, (element) => element);
    },
    module: 'batch-json-worker',
    callerUrl: new URL('../../src/http/batch-json-thread.ts', import.meta.url).href,
    part(part) {
      way.parts++;
      shipments.push(...part.shipments.map((s) => (typeof s === 'string' ? JSON.parse(s) : s.value)));
    },
    done(root) {
      (root as { batch: { shipments: unknown[] } }).batch.shipments = shipments;
      shipments = [];
      return root;
    },
    refused: ApiError.fromBody,
    tooLarge: () => new ApiError('payload_too_large', 'too large', 'body'),
  };
  return { reader, way };
}

const body = (shipments: number, pad = 0) =>
  JSON.stringify({
    batch: {
      reference: 'r',
      shipments: Array.from({ length: shipments }, (_, i) => ({ reference: `s${i}`, note: 'n'.repeat(pad) })),
    },
  });

describe('readBody', () => {
  it('reads a body shorter than THREAD_BYTES on the event loop, and a longer one on a thread, alike', async () => {
    const short = body(100);
    expect(short.length).toBeLessThan(THREAD_BYTES);
    const a = jsonReader();
    expect(await readBody(source(short).pieces, a.reader)).toEqual(JSON.parse(short));
    expect(a.way).toEqual({ inline: 1, parts: 0 });

    // Over THREAD_BYTES: its first MiB was held while deciding, and reaches the thread first.
    const long = body(2_000, 1_000);
    expect(long.length).toBeGreaterThan(THREAD_BYTES);
    const b = jsonReader();
    expect(await readBody(source(long).pieces, b.reader)).toEqual(JSON.parse(long));
    expect(b.way.inline).toBe(0);
    expect(b.way.parts).toBe(20);
  });

  it('stops reading where the thread refuses the body, and answers its refusal', async () => {
    const bad = `${body(2_000, 1_000).slice(0, THREAD_BYTES + 100_000)}\u0001${'x'.repeat(THREAD_BYTES)}`;
    const { pieces, state } = source(bad);
    const err = await readBody(pieces, jsonReader().reader).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('schema_validation_error');
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThan(Buffer.byteLength(bad));
  });

  it('fails the read, not the process, when the reader throws on what the thread sent', async () => {
    const { reader } = jsonReader();
    const throwing = {
      ...reader,
      part: () => {
        throw new Error('a reader bug');
      },
    };
    await expect(readBody(source(body(2_000, 1_000)).pieces, throwing)).rejects.toThrow('a reader bug');
  });

  it('fails as its source fails, before and after the decision', async () => {
    for (const failAt of [PIECE * 4, THREAD_BYTES + PIECE * 4]) {
      const { pieces } = source(body(2_000, 1_000), failAt);
      await expect(readBody(pieces, jsonReader().reader)).rejects.toThrow('the client went away');
    }
  });
});
