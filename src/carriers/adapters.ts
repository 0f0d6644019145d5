/**
 * slug → its adapter, made on first use: a carrier's code loads with the first call that needs it.
 * A carrier whose adapter is not written yet is its declaration alone; every operation then
 * answers carrier_unsupported_method.
 */
import { onFirstUse } from '../foundations/on-first-use.js';
import type { CarrierAdapter, CarrierDeps, CarrierSettings } from './carrier.js';
import { CARRIER_SLUGS, carrierModule, declarations, type CarrierSlug } from './declarations.js';

export type Adapters = Record<CarrierSlug, () => Promise<CarrierAdapter>>;

export function createAdapters(deps: CarrierDeps): Adapters {
  return Object.fromEntries(
    CARRIER_SLUGS.map((slug) => {
      const adapter = onFirstUse(() =>
        carrierModule(slug)
          .loadAdapter()
          .then((create) => create(deps)),
      );
      return [slug, adapter];
    }),
  ) as Adapters;
}

/**
 * Where a carrier call goes: a configured override, else the emulator when it runs (every carrier
 * under its own prefix, live and test alike), else the carrier's own host.
 */
export function baseUrlResolver(config: CarrierSettings, emulatorUrl?: string): CarrierDeps['baseUrl'] {
  return (slug, test) => {
    const override = config.carriers.urls[slug];
    const configured = test ? override?.test : override?.live;
    if (configured) return configured.replace(/\/+$/, '');
    if (emulatedResolver(config, emulatorUrl)(slug, test)) return `${emulatorUrl}/${slug}`;
    const hosts = declarations[slug].hosts;
    return test ? hosts.test : hosts.live;
  };
}

/** Whether calls for this carrier and mode go to the built-in emulator: no URL override, emulator mode. */
export function emulatedResolver(config: CarrierSettings, emulatorUrl?: string): NonNullable<CarrierDeps['emulated']> {
  return (slug, test) => {
    const override = config.carriers.urls[slug];
    return !(test ? override?.test : override?.live) && config.carriers.mode === 'emulator' && !!emulatorUrl;
  };
}
