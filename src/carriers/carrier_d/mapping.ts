/**
 * Request parts that rating, labels, pickups, locations and manifests share (dates, ZIP codes,
 * addresses, package measures, the price inputs a service names).
 */
import type { Address, Package, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined } from '../shared/json.js';
import { utcDate } from '../shared/time.js';
import { priceInputs, type PriceInputs } from './codes.js';
import type { CarrierDAddress } from './wire.js';

const LB_PER_KG = 2.20462262;
const IN_PER_CM = 1 / 2.54;

/** USPS domestic mail: the states, APO/FPO/DPO and the territories with US ZIP Codes (DMM 608.2). */
const DOMESTIC_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);

export function isInternational(req: Pick<ShipmentRequest, 'recipient'>): boolean {
  return !DOMESTIC_COUNTRIES.has(req.recipient.country.toUpperCase());
}

export function mailingDate(req: ShipmentRequest, now: Date): string {
  return req.ship_date ?? utcDate(now);
}

/** Five-digit ZIP Code of a US postal code ("10001-1234" → "10001"). */
export function zip5(postalCode: string | undefined): string | undefined {
  const m = /^(\d{5})(?:-?\d{4})?$/.exec((postalCode ?? '').trim());
  return m?.[1];
}

export function zip4(postalCode: string | undefined): string | undefined {
  return /^\d{5}-?(\d{4})$/.exec((postalCode ?? '').trim())?.[1];
}

export function requireZip(a: Address, where: string): string {
  const zip = zip5(a.postal_code);
  if (!zip)
    throw new ApiError(
      'schema_field_required',
      `carrier_d needs a 5-digit ZIP Code in ${where}.postal_code`,
      `shipment.${where}.postal_code`,
    );
  return zip;
}

/** USPS prices in pounds and inches with up to two decimals. */
export function packageMeasures(
  req: Pick<ShipmentRequest, 'weight_units' | 'dim_units'>,
  p: Package,
): { weight: number; length: number; width: number; height: number } {
  const w = req.weight_units === 'KG' ? p.weight * LB_PER_KG : p.weight;
  const d = (v: number | undefined) =>
    Math.round((req.dim_units === 'CM' ? (v ?? 0) * IN_PER_CM : (v ?? 0)) * 100) / 100;
  return {
    weight: Math.max(0.01, Math.round(w * 100) / 100),
    length: d(p.length),
    width: d(p.width),
    height: d(p.height),
  };
}

/** USPS address lines: names split into first and last (the label API prints both). */
export function wireAddress(a: Address): CarrierDAddress {
  const [first, ...rest] = (a.name ?? '').trim().split(/\s+/);
  return dropUndefined<CarrierDAddress>({
    streetAddress: a.street1,
    secondaryAddress: [a.street2, a.street3].filter(Boolean).join(' ') || undefined,
    city: a.city,
    state: a.state,
    ZIPCode: zip5(a.postal_code) ?? a.postal_code,
    ZIPPlus4: zip4(a.postal_code),
    firstName: first || undefined,
    lastName: rest.length > 0 ? rest.join(' ') : undefined,
    firm: a.company,
    phone: a.phone?.replace(/\D/g, '').slice(-10) || undefined,
    email: a.email,
    ignoreBadAddress: true,
  });
}

/** The price inputs of the requested service, or undefined when all services are to be rated. */
export function requestedInputs(req: ShipmentRequest): PriceInputs | undefined {
  if (!req.service) return undefined;
  const inputs = priceInputs(req.service, req.packaging);
  if (!inputs)
    throw new ApiError('schema_validation_error', `carrier_d cannot price service ${req.service}`, 'shipment.service');
  return inputs;
}
