/**
 * Which requests are throttled, and on what: every authenticated request per API key
 * (WAYBILL_RATE_LIMIT per second, bursts of twice that); refused keys per client address, so that
 * guessing keys is slow; and webhook redelivery and replay per tenant, since each one fans out to
 * every endpoint at someone's host; and what answers to a signed link alone (the public pages' API,
 * label links) per link, so that one link cannot be used to flood the service. All are per
 * instance (rate-limit.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { ApiError } from '../domain/errors.js';
import { createTokenBuckets, unlimited, type TokenBuckets } from './rate-limit.js';

/** Refused keys an address may send: a burst of 20, then one a second. */
const WRONG_KEY = { ratePerSec: 1, burst: 20 };
/** Redeliveries and replays a tenant may ask for: a burst of 10, then one every two seconds. */
const RESEND = { ratePerSec: 0.5, burst: 10 };
/** Requests one signed link may make: a burst of 30 (a page and what it loads, a few submissions), then one a second. */
const LINK = { ratePerSec: 1, burst: 30 };

export interface RequestLimits {
  /** Before the route runs: the key's bucket, and for resend routes the tenant's. */
  admit(req: FastifyRequest, credential: string): void;
  /** After a refused key: the address's bucket; throws rate_limited when it is empty. */
  refused(req: FastifyRequest): void;
  /** A request without a key: the bucket of the link it carries (a `:token` path parameter or a `signature`), if any. */
  link(req: FastifyRequest): void;
}

function throttle(buckets: TokenBuckets, id: string, what: string): void {
  const wait = buckets.take(id);
  if (wait !== undefined) throw new ApiError('rate_limited', `Too many requests ${what}; retry after the Retry-After seconds`, what, { retryAfter: Math.max(1, wait) });
}

export function createRequestLimits(opts: { ratePerSec: number; clock: Clock }): RequestLimits {
  const { clock } = opts;
  const perKey = opts.ratePerSec > 0 ? createTokenBuckets({ ratePerSec: opts.ratePerSec, burst: 2 * opts.ratePerSec, clock }) : unlimited;
  const wrongKey = opts.ratePerSec > 0 ? createTokenBuckets({ ...WRONG_KEY, clock }) : unlimited;
  const resend = createTokenBuckets({ ...RESEND, clock });
  const perLink = opts.ratePerSec > 0 ? createTokenBuckets({ ...LINK, clock }) : unlimited;
  return {
    admit(req, credential) {
      throttle(perKey, credential, 'with this API key');
      if (req.routeOptions.config.resend) throttle(resend, req.tenant, 'to redeliver or replay events for this tenant');
    },
    refused(req) {
      throttle(wrongKey, req.ip, 'with refused API keys from this address');
    },
    link(req) {
      const link = (req.params as { token?: unknown }).token ?? (req.query as { signature?: unknown }).signature;
      if (typeof link === 'string') throttle(perLink, link, 'with this link');
    },
  };
}
