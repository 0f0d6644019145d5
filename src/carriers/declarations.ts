/**
 * Every carrier's declaration, keyed by slug, and the slug list: the validators, the adapters and
 * GET /meta/carriers read them. Derived from the registry, never listed here.
 */
import type { CarrierDeclaration, CarrierSlug } from './carrier.js';
import * as registry from './registry.js';

type Registry = typeof registry;
declare module './carrier.js' {
  interface CarrierRegistry extends Registry {}
}

export type { CarrierSlug };

/**
 * In slug order. A native module namespace lists its exports sorted by name, but a transformed one
 * (the test runner's) in the order written: sorted here, the list is the same everywhere.
 */
export const CARRIER_SLUGS: readonly CarrierSlug[] = Object.keys(registry).sort() as CarrierSlug[];

export const declarations: Readonly<Record<CarrierSlug, CarrierDeclaration>> = Object.fromEntries(
  CARRIER_SLUGS.map((slug) => [slug, registry[slug].declaration]),
) as Record<CarrierSlug, CarrierDeclaration>;

/** The folder behind each slug: its declaration and its adapter factory. */
export function carrierModule(slug: CarrierSlug): (typeof registry)[CarrierSlug] {
  return registry[slug];
}

const slugs: ReadonlySet<string> = new Set(CARRIER_SLUGS);

export function isCarrierSlug(s: string): s is CarrierSlug {
  return slugs.has(s);
}

/** The slugs and each carrier's operator settings, as configuration reads them from the environment (config.ts). */
export const carrierNames = {
  slugs: CARRIER_SLUGS,
  operatorSettings: (slug: string): readonly string[] =>
    isCarrierSlug(slug) ? (declarations[slug].operatorSettings ?? []) : [],
};
