/**
 * The bytes of one carrier call: what the transport (transport.ts) sends and gets back. Budgets,
 * retries and what an answer means are decided there.
 */
import type { Agent, Dispatcher } from 'undici';

/** The answer was larger than the transport accepts (`status` is the answer's). */
export class BodyTooLarge extends Error {
  constructor(readonly status: number) {
    super('body too large');
  }
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
}

/**
 * One HTTP exchange over undici's dispatch API, the answer gathered in memory: request() wraps the
 * same exchange in an AbortSignal, a readable stream and a promise per chunk, which cost a carrier
 * call about 40 µs more of CPU (bench/README.md). `stop` ends it early with the error given.
 */
export function exchange(
  client: Agent,
  options: Dispatcher.DispatchOptions,
  maxBody: number,
): { answer: Promise<Answer>; stop(err: Error): void } {
  let controller: Dispatcher.DispatchController | undefined;
  let early: Error | undefined;
  let fail: (err: Error) => void = () => undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    fail = reject;
    const chunks: Buffer[] = [];
    let size = 0;
    let status = 0;
    let headers: Record<string, string> = {};
    client.dispatch(options, {
      onRequestStart(c) {
        controller = c;
        // Stopped while the request waited for a connection.
        if (early) c.abort(early);
      },
      onResponseStart(c, statusCode, rawHeaders) {
        // 1xx answers are informational: the final one follows.
        if (statusCode < 200) return;
        status = statusCode;
        headers = flattenHeaders(rawHeaders);
        const declared = headers['content-length'];
        if (declared !== undefined && Number(declared) > maxBody) c.abort(new BodyTooLarge(status));
      },
      onResponseData(c, chunk) {
        size += chunk.length;
        if (size > maxBody) c.abort(new BodyTooLarge(status));
        else chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({ status, headers, raw: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
      },
      onResponseError(_c, err) {
        reject(err);
      },
    });
  });
  return {
    answer,
    stop(err) {
      if (controller) controller.abort(err);
      else {
        early = err;
        fail(err);
      }
    },
  };
}
