/**
 * Where webhooks may go. Without WAYBILL_WEBHOOK_ALLOW_PRIVATE an endpoint must not reach this
 * machine or the private network it sits in (SSRF): the URL is checked when it is registered, and
 * every address a delivery connects to is checked after DNS resolution, at connect time, so a name
 * that later resolves somewhere private (DNS rebinding) is refused too. Redirects are never followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ApiError } from '../domain/errors.js';

/** Loopback, link-local, private, carrier-grade NAT, benchmarking, multicast and reserved ranges. */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(net, bits, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked against the IPv4 ranges by BlockList itself.
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ApiError('schema_validation_error', `${field} must be an https (or http) URL`, field);
  if (url.username || url.password) throw new ApiError('schema_validation_error', `${field} must not carry credentials; put a token in the path or query instead`, field);
  if (allowPrivate) return;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isBlockedAddress(host))) {
    throw new ApiError('schema_validation_error', `${field} points at a loopback, link-local or private address; webhooks go to public hosts (WAYBILL_WEBHOOK_ALLOW_PRIVATE=true lifts this for development)`, field);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails for blocked addresses: used by the delivery connection itself. */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`${hostname} resolves to ${bad.address}, a loopback, link-local or private address`), { code: 'EBLOCKED' }), []);
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
