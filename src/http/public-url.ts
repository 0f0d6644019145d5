/**
 * The absolute base of the links Waybill hands out (labels, logos, pages): WAYBILL_PUBLIC_URL, else
 * the address this instance listens on. Never the request's Host header: a client could otherwise
 * point the links in answers and stored events (which reach webhooks) at a host of its choosing.
 */
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';

export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, server: { address(): AddressInfo | string | null }): string {
  if (config.publicUrl) return config.publicUrl;
  const listening = server.address();
  const address = listening && typeof listening === 'object' ? listening : { address: config.host, port: config.port, family: config.host.includes(':') ? 'IPv6' : 'IPv4' };
  // All interfaces is no address a client can use; loopback is the one that surely reaches us.
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${address.family === 'IPv6' || host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
