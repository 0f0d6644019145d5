/**
 * Every emulated carrier's folder has one shape: the same module names for the same roles, and the
 * route modules register their routes under the same names, so that a maintainer finds a carrier's
 * price list, numbers or pickup routes where every other carrier keeps them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMULATED_CARRIERS } from '../../src/emulator/registry.js';

const EMULATOR = resolve(import.meta.dirname, '..', '..', 'src', 'emulator');

/** Modules every emulated carrier has, and what each must export. */
const REQUIRED: Record<string, RegExp> = {
  'index.ts': /export function createCarrier\w+\(/,
  'context.ts': /export function createCtx\(/,
  'state.ts': /export class Carrier\w+State\b/,
  'credentials.ts': /export const CREDENTIALS\b/,
  'prices.ts': /export /,
  'tracking-numbers.ts': /export function /,
  'rate.ts': /export function registerRateRoutes\(/,
  'ship.ts': /export function registerShipRoutes\(/,
  'track.ts': /export function registerTrackRoutes\(/,
};

/** Modules a carrier has where its API has the role, under these names only. */
const OPTIONAL: Record<string, RegExp> = {
  'track-reference.ts': /export function registerTrackReferenceRoutes\(/,
  'auth.ts': /export function registerAuth\(/,
  'errors.ts': /export /,
  'request.ts': /export /,
  'pickup.ts': /export function registerPickupRoutes\(/,
  'locations.ts': /export function registerLocationRoutes\(/,
  'address.ts': /export function registerAddressRoutes\(/,
  'manifest.ts': /export function registerManifestRoutes\(/,
  // A returns API of its own, apart from the shipping one (dhl_parcel_de's Returns API).
  'returns.ts': /export function registerReturnRoutes\(/,
  'account.ts': /export function registerAccountRoutes\(/,
  'timeline.ts': /export /,
  'label-stock.ts': /export /,
  'services.ts': /export /,
  'ship-reply.ts': /export /,
};

describe('emulator carrier folders', () => {
  it.each(Object.keys(EMULATED_CARRIERS))('%s has the one shape', (slug) => {
    const files = readdirSync(join(EMULATOR, slug)).sort();
    expect(
      Object.keys(REQUIRED).filter((f) => !files.includes(f)),
      'missing',
    ).toEqual([]);
    expect(
      files.filter((f) => !(f in REQUIRED) && !(f in OPTIONAL)),
      'not of the shape',
    ).toEqual([]);
    const exports = { ...REQUIRED, ...OPTIONAL };
    const wrong = files.filter((f) => !exports[f]!.test(readFileSync(join(EMULATOR, slug, f), 'utf8')));
    expect(wrong, 'without their role’s export').toEqual([]);
  });
});
