/**
 * slug → adapter: the single list of carrier implementations. A carrier whose adapter is not written
 * yet is its declaration alone; every operation then answers carrier_unsupported_method.
 */
import type { Config } from '../config.js';
import type { CarrierAdapter, CarrierDeps, CarrierSlug } from './carrier.js';
import { createCarrierAAdapter } from './carrier_a/client.js';
import { createCarrierBAdapter } from './carrier_b/client.js';
import { createCarrierCAdapter } from './carrier_c/client.js';
import { createCarrierDAdapter } from './carrier_d/client.js';
import { createCarrierDResellerAdapter } from './carrier_d_reseller/client.js';
import { declarations } from './declarations.js';

export type Adapters = Record<CarrierSlug, CarrierAdapter>;

export function createAdapters(deps: CarrierDeps): Adapters {
  return {
    carrier_a: createCarrierAAdapter(deps),
    carrier_b: createCarrierBAdapter(deps),
    carrier_c: createCarrierCAdapter(deps),
    carrier_d: createCarrierDAdapter(deps),
    carrier_d_reseller: createCarrierDResellerAdapter(deps),
  };
}

/**
 * Where a carrier call goes: a configured override, else the emulator when it runs (every carrier
 * under its own prefix, live and test alike), else the carrier's own host.
 */
export function baseUrlResolver(config: Config, emulatorUrl?: string): CarrierDeps['baseUrl'] {
  return (slug, test) => {
    const override = config.carriers.urls[slug];
    const configured = test ? override?.test : override?.live;
    if (configured) return configured.replace(/\/+$/, '');
    if (config.carriers.mode === 'emulator' && emulatorUrl) return `${emulatorUrl}/${slug}`;
    const hosts = declarations[slug].hosts;
    return test ? hosts.test : hosts.live;
  };
}
