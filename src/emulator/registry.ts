/**
 * The emulated carriers, one line per folder: its factory and the credential members it declares
 * (its own `credentials.ts`). server.ts mounts each under `/<slug>` and exposes its state under the
 * same key; adding a carrier to the emulator is adding its folder and its line here.
 */
import type { CarrierSlug } from '../carriers/carrier.js';
import type { EmulatedCarrier, EmulatedCarrierModule, EmulatorContext } from './carrier.js';
import type { CredentialMembers } from './credentials.js';
import { createCarrierAustraliaPost } from './australiapost/index.js';
import { CREDENTIALS as AUSTRALIAPOST_CREDENTIALS } from './australiapost/credentials.js';
import { createCarrierCanadapost } from './canadapost/index.js';
import { CREDENTIALS as CANADAPOST_CREDENTIALS } from './canadapost/credentials.js';
import { createCarrierA } from './carrier_a/index.js';
import { CREDENTIALS as CARRIER_A_CREDENTIALS } from './carrier_a/credentials.js';
import { createCarrierB } from './carrier_b/index.js';
import { CREDENTIALS as CARRIER_B_CREDENTIALS } from './carrier_b/credentials.js';
import { createCarrierC } from './carrier_c/index.js';
import { CREDENTIALS as CARRIER_C_CREDENTIALS } from './carrier_c/credentials.js';
import { createCarrierD } from './carrier_d/index.js';
import { CREDENTIALS as CARRIER_D_CREDENTIALS } from './carrier_d/credentials.js';
import { createCarrierDReseller } from './carrier_d_reseller/index.js';
import { CREDENTIALS as CARRIER_D_RESELLER_CREDENTIALS } from './carrier_d_reseller/credentials.js';
import { createCarrierDhlParcelDe } from './dhl_parcel_de/index.js';
import { CREDENTIALS as DHL_PARCEL_DE_CREDENTIALS } from './dhl_parcel_de/credentials.js';

export const EMULATED_CARRIERS = {
  australiapost: { create: createCarrierAustraliaPost, credentials: AUSTRALIAPOST_CREDENTIALS },
  canadapost: { create: createCarrierCanadapost, credentials: CANADAPOST_CREDENTIALS },
  carrier_a: { create: createCarrierA, credentials: CARRIER_A_CREDENTIALS },
  carrier_b: { create: createCarrierB, credentials: CARRIER_B_CREDENTIALS },
  carrier_c: { create: createCarrierC, credentials: CARRIER_C_CREDENTIALS },
  carrier_d: { create: createCarrierD, credentials: CARRIER_D_CREDENTIALS },
  carrier_d_reseller: { create: createCarrierDReseller, credentials: CARRIER_D_RESELLER_CREDENTIALS },
  dhl_parcel_de: { create: createCarrierDhlParcelDe, credentials: DHL_PARCEL_DE_CREDENTIALS },
} as const satisfies Record<
  CarrierSlug,
  { create: (emulator: EmulatorContext) => EmulatedCarrierModule<unknown>; credentials: CredentialMembers }
>;

type Factories = typeof EMULATED_CARRIERS;
export type EmulatedSlug = keyof Factories;

/** Each carrier's in-memory state, keyed by slug and typed by its folder's factory. */
export type CarrierStates = { [S in EmulatedSlug]: ReturnType<Factories[S]['create']>['state'] };

/** Each carrier's credential members, as its folder declares them. */
export const CREDENTIAL_MEMBERS = Object.fromEntries(
  Object.entries(EMULATED_CARRIERS).map(([slug, c]) => [slug, c.credentials]),
) as Record<EmulatedSlug, CredentialMembers>;

/** Builds every registered carrier, in registry order. */
export function createEmulatedCarriers(emulator: EmulatorContext): {
  carriers: EmulatedCarrier[];
  states: CarrierStates;
} {
  const modules = Object.entries(EMULATED_CARRIERS).map(([slug, c]) => [slug, c.create(emulator)] as const);
  return {
    carriers: modules.map(([, m]) => m.carrier),
    // Object.fromEntries loses the per-key types; the keys are exactly the registry's.
    states: Object.fromEntries(modules.map(([slug, m]) => [slug, m.state])) as CarrierStates,
  };
}
