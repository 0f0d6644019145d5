/**
 * Request parts rating and booking share: units (Canada Post weighs in kg with three decimals and
 * measures in cm with one), postal codes as its schema writes them, the parcel, the delivery
 * options, and the account's customer and contract numbers.
 */
import { ApiError } from '../../domain/errors.js';
import type { Package, ShipmentRequest } from '../../domain/types.js';
import { NON_DELIVERY_OPTION, OPTION_CODES, PACKAGING_FLAGS } from './codes.js';
import type { CpcOption, CpcParcel, CpcScenarioDestination } from './wire.js';

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

export const kg = (weight: number, units: 'KG' | 'LB'): string =>
  Math.max(0.001, Math.round((units === 'KG' ? weight : weight * KG_PER_LB) * 1000) / 1000).toFixed(3);
export const cm = (length: number, units: 'IN' | 'CM'): string =>
  Math.max(0.1, Math.ceil((units === 'CM' ? length : length * CM_PER_IN) * 10 - 1e-9) / 10).toFixed(1);

/**
 * A Canadian postal code as the schema takes it: upper case, no space ("k1a 0b1" → "K1A0B1").
 * Other countries' codes go as given. A code that is still malformed is sent anyway: Canada Post's
 * refusal, in its words, is the answer.
 */
export function postalCode(value: string | undefined, country: string): string {
  const v = (value ?? '').trim();
  return country.toUpperCase() === 'CA' ? v.replace(/\s+/g, '').toUpperCase() : v;
}

/**
 * The group of a mailing day (YYYY-MM-DD): every contract shipment of the day goes into it, and the
 * day's manifest transmits it whole (Canada Post transmits groups, not single shipments).
 */
export const dayGroup = (date: string): string => `waybill-${date}`;

/** The customer number (mailed-by), the mailed-on-behalf-of number, and the contract when there is one. */
export function accountOf(auth: Readonly<Record<string, string>>): {
  customer: string;
  mobo: string;
  contract?: string;
} {
  const customer = auth.customer_number?.trim();
  if (!customer)
    throw new ApiError('carrier_authentication', 'the shipping account has no customer_number', 'auth.customer_number');
  const contract = auth.contract_id?.trim();
  return { customer, mobo: customer, ...(contract ? { contract } : {}) };
}

export function parcel(p: Package, req: Pick<ShipmentRequest, 'weight_units' | 'dim_units' | 'packaging'>): CpcParcel {
  const flag = PACKAGING_FLAGS[req.packaging];
  const hasDims = p.length !== undefined && p.width !== undefined && p.height !== undefined;
  return {
    weight: kg(p.weight, req.weight_units),
    ...(hasDims
      ? {
          dimensions: {
            length: cm(p.length ?? 0, req.dim_units),
            width: cm(p.width ?? 0, req.dim_units),
            height: cm(p.height ?? 0, req.dim_units),
          },
        }
      : {}),
    ...(flag ? { [flag]: 'true' as const } : {}),
  };
}

/** Every package once per unit of its quantity: each is a parcel, and a shipment of its own. */
export function eachParcel(packages: readonly Package[]): Package[] {
  return packages.flatMap((p) => Array.from({ length: Math.max(1, Math.floor(p.quantity ?? 1)) }, () => p));
}

/** Delivery options of the special services; abroad, the non-delivery instruction too. `value`: the parcel's declared value. */
export function options(
  req: Pick<ShipmentRequest, 'special_services' | 'recipient'>,
  value: number | undefined,
): CpcOption[] {
  const out: CpcOption[] = [];
  for (const s of req.special_services ?? []) {
    const code = OPTION_CODES[s];
    if (!code)
      throw new ApiError(
        'schema_validation_error',
        `special service ${s} is not offered by canadapost`,
        'shipment.special_services',
      );
    if (code === 'COV') {
      if (!value)
        throw new ApiError(
          'schema_validation_error',
          'insurance with canadapost needs the packages’ value',
          'shipment.packages.value',
        );
      out.push({ 'option-code': code, 'option-amount': value.toFixed(2) });
    } else out.push({ 'option-code': code });
  }
  if (req.recipient.country.toUpperCase() !== 'CA') out.push({ 'option-code': NON_DELIVERY_OPTION });
  return out;
}

/** The rating destination: a Canadian postal code, a U.S. ZIP code, or another country. */
export function scenarioDestination(recipient: ShipmentRequest['recipient']): CpcScenarioDestination {
  const country = recipient.country.toUpperCase();
  if (country === 'CA') return { domestic: { 'postal-code': postalCode(recipient.postal_code, 'CA') } };
  if (country === 'US') return { 'united-states': { 'zip-code': postalCode(recipient.postal_code, 'US') } };
  return { international: { 'country-code': country } };
}
