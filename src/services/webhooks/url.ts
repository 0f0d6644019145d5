/**
 * Where webhooks may go. Without WAYBILL_WEBHOOK_ALLOW_PRIVATE an endpoint must not reach this
 * machine or the private network it sits in (SSRF): the URL is checked when it is registered, and
 * every address a delivery connects to is checked after DNS resolution, at connect time, so a name
 * that later resolves somewhere private (DNS rebinding) is refused too. Redirects are never followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { ApiError } from '../../domain/errors.js';
import { isBlockedAddress, isSpecialUseName } from './special-addresses.js';

export { isBlockedAddress } from './special-addresses.js';

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** Registration-time check; throws schema_validation_error naming the field. */
export function checkEndpointUrl(raw: string, allowPrivate: boolean, field: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError('schema_validation_error', `${field} is not an absolute URL`, field);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ApiError('schema_validation_error', `${field} must be an https (or http) URL`, field);
  if (url.username || url.password)
    throw new ApiError(
      'schema_validation_error',
      `${field} must not carry credentials; put a token in the path or query instead`,
      field,
    );
  if (allowPrivate) return;
  const host = hostOf(url).toLowerCase();
  if (isSpecialUseName(host) || (isIP(host) !== 0 && isBlockedAddress(host))) throw privateEndpoint(field);
}

const privateEndpoint = (field: string) =>
  new ApiError(
    'schema_validation_error',
    `${field} points at a loopback, link-local, private or special-use address; webhooks go to public hosts (WAYBILL_WEBHOOK_ALLOW_PRIVATE=true lifts this for development)`,
    field,
  );

export type Resolve = (host: string) => Promise<string[]>;

/** A slow resolver must not hold a registration: after this the name counts as not resolving yet. */
const RESOLVE_TIMEOUT_MS = 2_000;

const resolveAll: Resolve = (host) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
    dnsLookup(host, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? [] : addresses.map((a) => a.address));
    });
  });

/**
 * Registration-time check of what a name resolves to now (`localhost.localdomain`, a name pointed at
 * 127.0.0.1). A name that does not resolve yet is accepted: every delivery checks again at connect time.
 */
export async function checkEndpointHost(
  raw: string,
  allowPrivate: boolean,
  field: string,
  resolve: Resolve = resolveAll,
): Promise<void> {
  checkEndpointUrl(raw, allowPrivate, field);
  if (allowPrivate) return;
  const host = hostOf(new URL(raw));
  if (isIP(host) !== 0) return;
  if ((await resolve(host)).some(isBlockedAddress)) throw privateEndpoint(field);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for blocked addresses: used by the delivery connection itself. */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    // The address itself is not named: delivery errors are shown to the tenant, who could otherwise resolve names through them.
    if (bad)
      return callback(
        Object.assign(new Error(`${hostname} resolves to a loopback, link-local, private or special-use address`), {
          code: 'EBLOCKED',
        }),
        [],
      );
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** Delivery-time check of an address given literally in the URL (no lookup happens for those). */
export function literalHostBlocked(url: URL): string | undefined {
  const host = hostOf(url);
  return isIP(host) !== 0 && isBlockedAddress(host) ? host : undefined;
}
