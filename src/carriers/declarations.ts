/**
 * Every carrier's declaration, keyed by slug: the single list the validators, the registry and
 * GET /meta/carriers read. Adding a carrier means adding its folder and one line here.
 */
import { CARRIER_SLUGS, type CarrierDeclaration, type CarrierSlug } from './carrier.js';
import { declaration as carrierA } from './carrier_a/index.js';
import { declaration as carrierB } from './carrier_b/index.js';
import { declaration as carrierC } from './carrier_c/index.js';
import { declaration as carrierD } from './carrier_d/index.js';
import { declaration as carrierDReseller } from './carrier_d_reseller/index.js';

export const declarations: Readonly<Record<CarrierSlug, CarrierDeclaration>> = {
  carrier_a: carrierA,
  carrier_b: carrierB,
  carrier_c: carrierC,
  carrier_d: carrierD,
  carrier_d_reseller: carrierDReseller,
};

const slugs: ReadonlySet<string> = new Set(CARRIER_SLUGS);

export function isCarrierSlug(s: string): s is CarrierSlug {
  return slugs.has(s);
}
