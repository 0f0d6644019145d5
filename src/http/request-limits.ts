/**
 * Which requests are throttled, and on what: every authenticated request per API key
 * (WAYBILL_RATE_LIMIT per second, bursts of twice that); refused keys per client address, so that
 * guessing keys is slow; webhook redelivery and replay per tenant, since each one fans out to
 * every endpoint at someone's host; what answers to a signed link alone (the public pages' API,
 * label links) per link, so that one link cannot be used to flood the service; and sign-in attempts
 * per address and per account, so that guessing a password is slow from one address or many. Buckets are in this
 * instance's memory (rate-limit.ts), or shared by every instance through the database when it is
 * PostgreSQL (shared-buckets.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../foundations/clock.js';
import { ApiError } from '../domain/errors.js';
import type { SharedBuckets } from '../services/index.js';
import { createTokenBuckets, unlimited, type TokenBuckets, type Wait } from './rate-limit.js';
import { createSharedTokenBuckets } from './shared-buckets.js';

/** Refused keys an address may send: a burst of 20, then one a second. */
const WRONG_KEY = { ratePerSec: 1, burst: 20 };
/** Redeliveries and replays a tenant may ask for: a burst of 10, then one every two seconds. */
const RESEND = { ratePerSec: 0.5, burst: 10 };
/** Requests one signed link may make: a burst of 30 (a page and what it loads, a few submissions), then one a second. */
const LINK = { ratePerSec: 1, burst: 30 };
/** Sign-in attempts from one address: a burst of 30, then one every 5 seconds. */
const SIGN_IN_ADDRESS = { ratePerSec: 0.2, burst: 30 };
/** Sign-in attempts at one e-mail address, whether it has an account or not: a burst of 10, then one a minute. */
const SIGN_IN_ACCOUNT = { ratePerSec: 1 / 60, burst: 10 };

/** Each check returns nothing when the request may go on, a promise when a shared bucket was asked, and throws (or rejects with) rate_limited. */
export interface RequestLimits {
  /** Before the route runs: the key's bucket, and for resend routes the tenant's. */
  admit(req: FastifyRequest, credential: string): void | Promise<void>;
  /** After a refused key: the address's bucket. */
  refused(req: FastifyRequest): void | Promise<void>;
  /** A request without a key: the bucket of the link it carries (a `:token` path parameter or a `signature`), if any. */
  link(req: FastifyRequest): void | Promise<void>;
  /** A sign-in attempt (before its password is checked): the address's bucket, then the account's. */
  signIn(req: FastifyRequest, email: string): void | Promise<void>;
}

function refuse(wait: Wait, what: string): void {
  if (wait !== undefined)
    throw new ApiError('rate_limited', `Too many requests ${what}; retry after the Retry-After seconds`, what, {
      retryAfter: Math.max(1, wait),
    });
}

function throttle(buckets: TokenBuckets, id: string, what: string): void | Promise<void> {
  const wait = buckets.take(id);
  if (wait instanceof Promise) return wait.then((w) => refuse(w, what));
  refuse(wait, what);
}

export function createRequestLimits(opts: { ratePerSec: number; clock: Clock; shared?: SharedBuckets }): RequestLimits {
  const { clock, shared } = opts;
  const buckets = (name: string, rate: { ratePerSec: number; burst: number }): TokenBuckets =>
    shared ? createSharedTokenBuckets({ name, ...rate, clock, store: shared }) : createTokenBuckets({ ...rate, clock });
  const on = opts.ratePerSec > 0;
  const perKey = on ? buckets('key', { ratePerSec: opts.ratePerSec, burst: 2 * opts.ratePerSec }) : unlimited;
  const wrongKey = on ? buckets('address', WRONG_KEY) : unlimited;
  const perLink = on ? buckets('link', LINK) : unlimited;
  const resend = buckets('resend', RESEND);
  // On whatever WAYBILL_RATE_LIMIT says: guessing passwords is never unlimited.
  const signInAddress = buckets('sign-in-address', SIGN_IN_ADDRESS);
  const signInAccount = buckets('sign-in-account', SIGN_IN_ACCOUNT);
  return {
    admit(req, credential) {
      const keyChecked = throttle(perKey, credential, 'with this API key');
      // A request its permission refuses spends none of the tenant's allowance: the 403 comes next.
      const { config } = req.routeOptions;
      const permission = config.permission;
      if (!config.resend || permission === undefined || !req.principal?.permissions.has(permission)) return keyChecked;
      if (keyChecked)
        return keyChecked.then(() => throttle(resend, req.tenant, 'to redeliver or replay events for this tenant'));
      return throttle(resend, req.tenant, 'to redeliver or replay events for this tenant');
    },
    refused(req) {
      return throttle(wrongKey, req.ip, 'with refused API keys from this address');
    },
    link(req) {
      const link = (req.params as { token?: unknown }).token ?? (req.query as { signature?: unknown }).signature;
      if (typeof link === 'string') return throttle(perLink, link, 'with this link');
    },
    signIn(req, email) {
      const account = () => throttle(signInAccount, email.trim().toLowerCase(), 'to sign in to this account');
      const addressChecked = throttle(signInAddress, req.ip, 'to sign in from this address');
      return addressChecked ? addressChecked.then(account) : account();
    },
  };
}
