/**
 * What several dhl_parcel_de operations share: units in kg and cm, addresses in the Shipping API's
 * shape (street and house number apart, alpha-3 countries), and the zone a destination prices in.
 */
import type { Address, DimUnit, Package, ShipmentRequest, WeightUnit } from '../../domain/types.js';
import { alpha3 } from './codes.js';
import type { DhlAddress, DhlCustoms } from './wire.js';

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

/** A weight in kg, to the gram. */
export function kilograms(weight: number, unit: WeightUnit): number {
  return Math.round((unit === 'LB' ? weight * KG_PER_LB : weight) * 1000) / 1000;
}

/** A length in cm, to the millimetre. */
export function centimetres(length: number, unit: DimUnit): number {
  return Math.round((unit === 'IN' ? length * CM_PER_IN : length) * 10) / 10;
}

/** A package's sides in cm, longest first, when all three are given. */
export function sidesCm(pkg: Package, unit: DimUnit): [number, number, number] | undefined {
  if (pkg.length === undefined || pkg.width === undefined || pkg.height === undefined) return undefined;
  const sides = [pkg.length, pkg.width, pkg.height].map((s) => centimetres(s, unit)).sort((a, b) => b - a);
  return [sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0];
}

/**
 * "Kurt-Schumacher-Str. 20" → street and house number: the Shipping API wants them apart and DHL
 * checks German addresses by both. A number at the end (with a letter or range: 12a, 3-5) is the
 * house; without one, the whole line is the street.
 */
export function splitStreet(line: string): { street: string; house?: string } {
  const m = /^(.*?\S)\s+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$/.exec(line.trim());
  if (m?.[1] && m[2]) return { street: m[1], house: m[2].replace(/\s+/g, '') };
  // "20 Downing Street": a number first, as written in the UK and the US.
  const first = /^(\d+[a-zA-Z]?)\s+(.*\S)$/.exec(line.trim());
  if (first?.[1] && first[2]) return { street: first[2], house: first[1] };
  return { street: line.trim() };
}

/** A Waybill address in the Shipping API's ContactAddress shape; `field` names it in errors. */
export function dhlAddress(a: Address, field: string): DhlAddress {
  const { street, house } = splitStreet(a.street1 ?? '');
  const name1 = a.company && a.name ? a.company : (a.name ?? a.company ?? '');
  return {
    name1,
    ...(a.company && a.name ? { name2: a.name } : {}),
    addressStreet: street,
    ...(house ? { addressHouse: house } : {}),
    ...(a.street2 ? { additionalAddressInformation1: a.street2 } : {}),
    ...(a.postal_code ? { postalCode: a.postal_code } : {}),
    city: a.city ?? '',
    ...(a.state && a.country !== 'DE' ? { state: a.state } : {}),
    country: alpha3(a.country, `${field}.country`),
    ...(a.name ? { contactName: a.name } : {}),
    ...(a.phone ? { phone: a.phone } : {}),
    ...(a.email ? { email: a.email } : {}),
  };
}

/** The content declared for customs (CN23), Shipping and Returns APIs alike; none without customs_items. */
const TERMS: Readonly<Record<string, DhlCustoms['shippingConditions']>> = { DDU: 'DDU', DAP: 'DAP', DDP: 'DDP' };

export function customsOf(req: ShipmentRequest): DhlCustoms | undefined {
  const items = req.customs_items ?? [];
  if (items.length === 0) return undefined;
  const currency = req.currency ?? 'EUR';
  const terms = req.terms_of_trade ? TERMS[req.terms_of_trade.toUpperCase()] : undefined;
  return {
    exportType: 'COMMERCIAL_GOODS',
    ...(req.invoice_number ? { invoiceNo: req.invoice_number } : {}),
    ...(terms ? { shippingConditions: terms } : {}),
    items: items.map((item, i) => ({
      itemDescription: item.description ?? 'Goods',
      ...(item.manufacture_country_code
        ? { countryOfOrigin: alpha3(item.manufacture_country_code, `customs_items[${i}].manufacture_country_code`) }
        : {}),
      ...(item.harmonized_code ? { hsCode: item.harmonized_code } : {}),
      packagedQuantity: Math.max(1, Math.round(item.quantity ?? 1)),
      itemValue: { currency, value: item.value ?? 0 },
      itemWeight: { uom: 'kg', value: kilograms(item.weight ?? 0.1, item.weight_unit ?? req.weight_units) },
    })),
  };
}
