/**
 * Verifying a webhook request, as the service signs it:
 *
 *   Waybill-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=…]
 *
 * Web Crypto only, so it runs in Node 20+, browsers and edge workers. The body must be the raw
 * text as received: JSON parsed and written again does not give the same bytes.
 */
import { WaybillSignatureError } from './errors.js';

export interface VerifyOptions {
  /** The raw request body. */
  payload: string | Uint8Array;
  /** The `Waybill-Signature` header. */
  header: string | null | undefined;
  /** The endpoint's secret; during a rotation both the new and the old one. */
  secret: string | readonly string[];
  /** How old a signature may be, in seconds (default 300): a replayed old request is refused. */
  toleranceSeconds?: number;
  /** Now, in unix seconds (default the clock's). */
  now?: number;
}

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Equal strings in a time that depends on their length only, not on where they first differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function hmacHex(secret: string, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(await crypto.subtle.sign('HMAC', key, message));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Throws WaybillSignatureError unless one v1 of the header matches a secret within the tolerance. */
export async function verifyWebhook(opts: VerifyOptions): Promise<void> {
  if (!opts.header) throw new WaybillSignatureError('no Waybill-Signature header');
  const parts = opts.header.split(',').map((p) => p.trim());
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  const signatures = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3).toLowerCase());
  if (!t || !/^\d+$/.test(t) || signatures.length === 0)
    throw new WaybillSignatureError('Waybill-Signature has no t= and v1=');
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(t)) > (opts.toleranceSeconds ?? 300))
    throw new WaybillSignatureError(`signature time ${t} is outside the tolerance`);
  const body = typeof opts.payload === 'string' ? encoder.encode(opts.payload) : opts.payload;
  const message = concat(encoder.encode(`${t}.`), body);
  let matched = false;
  for (const secret of typeof opts.secret === 'string' ? [opts.secret] : opts.secret) {
    const expected = await hmacHex(secret, message);
    // Every signature is compared, so the time taken does not tell which one matched.
    for (const given of signatures) matched = constantTimeEqual(expected, given) || matched;
  }
  if (!matched) throw new WaybillSignatureError('no signature matches the secret');
}

/** The event of a verified webhook request, parsed. */
export async function parseWebhook<T = WebhookEvent>(opts: VerifyOptions): Promise<T> {
  await verifyWebhook(opts);
  return JSON.parse(typeof opts.payload === 'string' ? opts.payload : new TextDecoder().decode(opts.payload)) as T;
}

/** An event as a webhook delivers it; `type` is open: event types added later arrive too. */
export interface WebhookEvent {
  id: string;
  type: string;
  created: string;
  data: Record<string, unknown>;
}
