/**
 * The emulated carriers, one line per folder. server.ts mounts each under `/<slug>` and exposes its
 * state under the same key; adding a carrier to the emulator is adding its folder and its line here.
 */
import type { CarrierSlug } from '../carriers/carrier.js';
import type { EmulatedCarrier, EmulatedCarrierModule, EmulatorContext } from './carrier.js';
import { createCarrierA } from './carrier_a/index.js';
import { createCarrierB } from './carrier_b/index.js';
import { createCarrierC } from './carrier_c/index.js';
import { createCarrierD } from './carrier_d/index.js';
import { createCarrierDReseller } from './carrier_d_reseller/index.js';

export const EMULATED_CARRIERS = {
  carrier_a: createCarrierA,
  carrier_b: createCarrierB,
  carrier_c: createCarrierC,
  carrier_d: createCarrierD,
  carrier_d_reseller: createCarrierDReseller,
} as const satisfies Record<CarrierSlug, (emulator: EmulatorContext) => EmulatedCarrierModule<unknown>>;

type Factories = typeof EMULATED_CARRIERS;
export type EmulatedSlug = keyof Factories;

/** Each carrier's in-memory state, keyed by slug and typed by its folder's factory. */
export type CarrierStates = { [S in EmulatedSlug]: ReturnType<Factories[S]>['state'] };

/** Builds every registered carrier, in registry order. */
export function createEmulatedCarriers(emulator: EmulatorContext): { carriers: EmulatedCarrier[]; states: CarrierStates } {
  const modules = Object.entries(EMULATED_CARRIERS).map(([slug, create]) => [slug, create(emulator)] as const);
  return {
    carriers: modules.map(([, m]) => m.carrier),
    // Object.fromEntries loses the per-key types; the keys are exactly the registry's.
    states: Object.fromEntries(modules.map(([slug, m]) => [slug, m.state])) as CarrierStates,
  };
}
