/**
 * Request parts that rating and booking share: units (the API takes kg and cm), places and
 * addresses, items with their options and transit cover.
 */
import type { Address, Package, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined } from '../shared/json.js';
import { packagingType } from './codes.js';
import type { AusPostAddress, AusPostFeatures, AusPostPlace } from './wire.js';

const CM_PER_IN = 2.54;
const KG_PER_LB = 0.45359237;

/** Kilograms with three decimals, never 0. */
export function kg(weight: number, units: 'KG' | 'LB'): number {
  return Math.max(0.001, Math.round((units === 'LB' ? weight * KG_PER_LB : weight) * 1000) / 1000);
}

/** Centimetres with one decimal. */
export function cm(value: number | undefined, units: 'IN' | 'CM'): number | undefined {
  return value === undefined ? undefined : Math.round((units === 'IN' ? value * CM_PER_IN : value) * 10) / 10;
}

export function place(a: Address): AusPostPlace {
  return dropUndefined({ country: a.country.toUpperCase(), postcode: a.postal_code, suburb: a.city, state: a.state });
}

/** A party of a shipment: name (else company), up to three lines, suburb, state, postcode. */
export function wireAddress(a: Address, field: string): AusPostAddress {
  const lines = [a.street1, a.street2, a.street3].filter((l): l is string => l !== undefined && l !== '');
  if (lines.length === 0)
    throw new ApiError('schema_field_required', `australiapost needs ${field}.street1`, `${field}.street1`);
  return dropUndefined<AusPostAddress>({
    name: a.name ?? a.company ?? '',
    business_name: a.name ? a.company : undefined,
    lines,
    suburb: a.city ?? '',
    state: a.state,
    postcode: a.postal_code ?? '',
    country: a.country.toUpperCase(),
    phone: a.phone,
    email: a.email,
  });
}

/** Each package once per its quantity, in kg and cm. */
export function eachPackage(
  req: ShipmentRequest,
): { weight: number; length?: number; width?: number; height?: number; pkg: Package }[] {
  return req.packages.flatMap((pkg) =>
    Array.from({ length: Math.max(1, Math.floor(pkg.quantity ?? 1)) }, () =>
      dropUndefined({
        weight: kg(pkg.weight, req.weight_units),
        length: cm(pkg.length, req.dim_units),
        width: cm(pkg.width, req.dim_units),
        height: cm(pkg.height, req.dim_units),
        pkg,
      }),
    ),
  );
}

/** Transit cover of the package's declared value (AUD), when the shipment asks for it. */
export function features(req: ShipmentRequest, pkg: Package): AusPostFeatures | undefined {
  if (!req.special_services?.includes('transit_cover') || !pkg.value) return undefined;
  return { TRANSIT_COVER: { attributes: { cover_amount: pkg.value } } };
}

export function packaging(req: ShipmentRequest): string {
  return packagingType(req.packaging);
}
