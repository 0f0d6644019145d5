/**
 * One delivery attempt: POST the event as JSON, signed, with a time limit and no redirects.
 *
 *   Waybill-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=<…old secret>]
 *   Waybill-Event-Id:  <event id>   (the same on every retry and replay: receivers deduplicate on it)
 *
 * During a secret rotation the old secret signs too, one v1 each; a receiver accepts the request
 * when any v1 matches a secret it knows.
 */
import { createHmac } from 'node:crypto';
import type { Agent } from 'undici';
import { withoutAddresses } from './special-addresses.js';
import { guardedLookup, literalHostBlocked } from './url.js';

export function sign(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

export function signatureHeader(secrets: string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${sign(s, t, body)}`)].join(',');
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** What failed, in few words for a span: the status, "timeout", "blocked_address" or the socket's error code. */
  errorType: string | null;
  durationMs: number;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_ERROR = 500;

export function createSender(opts: SenderOptions) {
  // Made with the first delivery (undici loads then: src/foundations/undici-agent.ts).
  let agent: Promise<Agent> | undefined;
  const agentOnce = () =>
    (agent ??= import('../../foundations/undici-agent.js').then(
      ({ Agent }) =>
        new Agent({
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
          connect: { timeout: opts.timeoutMs, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) },
          // No cap on sockets per origin: the worker bounds deliveries per endpoint, and two endpoints
          // on one host must not queue behind each other's slow requests.
        }),
    ));

  async function send(target: {
    url: string;
    eventId: string;
    body: string;
    secrets: string[];
    now: Date;
  }): Promise<AttemptOutcome> {
    const started = performance.now();
    const done = (
      statusCode: number | null,
      error: string | null,
      errorType: string | null = statusCode === null ? null : String(statusCode),
    ): AttemptOutcome => ({
      ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
      statusCode,
      error: error && error.length > MAX_ERROR ? `${error.slice(0, MAX_ERROR)}…` : error,
      errorType: error === null ? null : errorType,
      durationMs: Math.round(performance.now() - started),
    });
    const url = new URL(target.url);
    const literal = opts.allowPrivate ? undefined : literalHostBlocked(url);
    if (literal) return done(null, `${literal} is a loopback, link-local or private address`, 'blocked_address');
    const t = Math.floor(target.now.getTime() / 1000);
    try {
      const res = await (
        await agentOnce()
      ).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Waybill-Webhooks/1',
          'waybill-event-id': target.eventId,
          'waybill-signature': signatureHeader(target.secrets, t, target.body),
        },
        body: target.body,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      // The answer's body is not needed; reading it frees the connection.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return done(
        res.statusCode,
        ok
          ? null
          : res.statusCode >= 300 && res.statusCode < 400
            ? `HTTP ${res.statusCode}: redirects are not followed`
            : `HTTP ${res.statusCode}`,
      );
    } catch (err) {
      const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
      if (
        e.name === 'TimeoutError' ||
        e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
        e.code === 'UND_ERR_BODY_TIMEOUT' ||
        e.code === 'UND_ERR_CONNECT_TIMEOUT'
      )
        return done(null, `no answer within ${opts.timeoutMs} ms`, 'timeout');
      const code = e.code ?? e.cause?.code;
      return done(
        null,
        withoutAddresses([code, e.message ?? e.cause?.message].filter(Boolean).join(': ')) || 'delivery failed',
        code ?? '_OTHER',
      );
    }
  }

  return { send, close: async () => (await agent)?.close() };
}

export type Sender = ReturnType<typeof createSender>;
