/**
 * The absolute base of links this service hands out: WAYBILL_PUBLIC_URL, else the address it
 * listens on. Never the request's Host header: a caller chooses that, and a link built from it could
 * send a merchant's customers to another host.
 */
import type { AddressInfo } from 'node:net';
import type { Config } from '../foundations/config.js';
import type { App } from './types.js';

export function linkBase(app: App, config: Config): () => string {
  let cached: string | undefined;
  return () => {
    if (config.publicUrl) return config.publicUrl;
    if (cached) return cached;
    const address = app.server.address() as AddressInfo | string | null;
    // Not listening (requests injected in-process): the configured address.
    if (!address || typeof address === 'string') return `http://${hostPart(config.host)}:${config.port}`;
    cached = `http://${hostPart(address.address)}:${address.port}`;
    return cached;
  };
}

function hostPart(host: string): string {
  // Listening on every interface names no reachable host; loopback at least works on this machine.
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
