/**
 * What the browser carries between single sign-on's two steps (state, nonce, PKCE verifier): a
 * cookie value signed with the sso key, so any instance can finish what another began, and nothing
 * is stored. The cookie's own encoding: no column of the database holds it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SsoFailed } from './sso-deps.js';

/** How long a browser may take at the provider between the two steps. */
export const TRANSACTION_MS = 10 * 60_000;

export interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  expires: number;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`sso\n${body}`).digest('base64url');

export function sealTransaction(key: Buffer, t: Transaction): string {
  const body = Buffer.from(JSON.stringify(t)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The transaction of a cookie's value, checked against its signature and its expiry (`now`, ms). */
export function openTransaction(key: Buffer, value: string | undefined, now: number): Transaction {
  const [body, signature] = (value ?? '').split('.');
  const expected = Buffer.from(sign(key, body ?? ''));
  const given = Buffer.from(signature ?? '');
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new SsoFailed('failed', 'no sign-on under way in this browser (or its cookie was changed)');
  const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Transaction;
  if (t.expires <= now) throw new SsoFailed('failed', 'the sign-on took longer than 10 minutes at the provider');
  return t;
}
