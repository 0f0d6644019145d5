/**
 * Request parts that rating, booking and pickups share (units, addresses, packages, products,
 * value-added services, dates): rate.ts, ship.ts and pickup.ts build on them.
 */
import type { Address, Package, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined } from '../shared/json.js';
import { utcOffsetMinutes } from '../shared/time.js';
import { DOCUMENT_PRODUCTS, PACKAGING, VALUE_ADDED_SERVICES, productCode, unsupportedSpecialService } from './codes.js';
import type {
  CarrierCAccount,
  CarrierCPackage,
  CarrierCRateAddress,
  CarrierCUnitOfMeasurement,
  CarrierCValueAddedService,
} from './wire.js';
import { isInternational } from '../shared/address.js';

// ship.ts and rate.ts read it from here with the other request parts.
export { isInternational };

const CM_PER_IN = 2.54;
const KG_PER_LB = 0.45359237;

/** MyDHL takes one unit system per request ("metric": kg and cm, "imperial": lb and in); the weight unit decides. */
export function unitOfMeasurement(weightUnits: 'KG' | 'LB'): CarrierCUnitOfMeasurement {
  return weightUnits === 'KG' ? 'metric' : 'imperial';
}

/** Dimensions in the request's unit system, rounded up to whole units (never shrunk). */
function dimension(value: number, dimUnits: 'IN' | 'CM', system: CarrierCUnitOfMeasurement): number {
  const converted =
    system === 'metric'
      ? dimUnits === 'IN'
        ? value * CM_PER_IN
        : value
      : dimUnits === 'CM'
        ? value / CM_PER_IN
        : value;
  return Math.max(1, Math.ceil(converted - 1e-9));
}

/** Packages as MyDHL `packages[]`: weight with up to three decimals, whole dimensions. */
export function wirePackages(
  packages: Package[],
  units: { weight_units: 'KG' | 'LB'; dim_units: 'IN' | 'CM' },
  typeCode?: string,
): CarrierCPackage[] {
  const system = unitOfMeasurement(units.weight_units);
  return packages.flatMap((p) => {
    const hasDims = p.length !== undefined && p.width !== undefined && p.height !== undefined;
    const one: CarrierCPackage = dropUndefined({
      typeCode,
      weight: Math.max(0.001, Math.round(p.weight * 1000) / 1000),
      dimensions: hasDims
        ? {
            length: dimension(p.length ?? 0, units.dim_units, system),
            width: dimension(p.width ?? 0, units.dim_units, system),
            height: dimension(p.height ?? 0, units.dim_units, system),
          }
        : undefined,
    });
    return Array.from({ length: Math.max(1, Math.floor(p.quantity ?? 1)) }, () => one);
  });
}

export function weightInKg(weight: number, weightUnits: 'KG' | 'LB'): number {
  return weightUnits === 'KG' ? weight : weight * KG_PER_LB;
}

/** supermodelIoLogisticsExpressAddressRatesRequest (postalCode and cityName are required by MyDHL; sent as given). */
export function rateAddress(a: Address): CarrierCRateAddress {
  return dropUndefined<CarrierCRateAddress>({
    postalCode: a.postal_code ?? '',
    cityName: a.city ?? '',
    countryCode: a.country.toUpperCase(),
    provinceCode: a.state,
    addressLine1: a.street1,
    addressLine2: a.street2,
    addressLine3: a.street3,
  });
}

export function shipperAccount(accountNumber: string): CarrierCAccount[] {
  return [{ typeCode: 'shipper', number: accountNumber }];
}

export function wireProductCode(service: string | undefined, field = 'shipment.service'): string | undefined {
  if (service === undefined) return undefined;
  const code = productCode(service);
  if (!code) throw new ApiError('schema_validation_error', `service ${service} is not offered by carrier_c`, field);
  return code;
}

/** Customs declarable: international, unless the packaging or the product says documents. */
export function isCustomsDeclarable(req: ShipmentRequest): boolean {
  if (!isInternational(req)) return false;
  const code = req.service === undefined ? undefined : productCode(req.service);
  return !(PACKAGING[req.packaging]?.document ?? false) && !(code !== undefined && DOCUMENT_PRODUCTS.has(code));
}

export function packageTypeCode(packaging: string): string | undefined {
  const entry = PACKAGING[packaging];
  if (!entry)
    throw new ApiError(
      'schema_validation_error',
      `packaging ${packaging} is not offered by carrier_c`,
      'shipment.packaging',
    );
  return entry.typeCode;
}

export function currencyOf(req: ShipmentRequest): string {
  return req.currency ?? 'USD';
}

export function declaredValue(req: ShipmentRequest): number {
  const fromItems = (req.customs_items ?? []).reduce((s, i) => s + (i.value ?? 0), 0);
  const fromPackages = req.packages.reduce((s, p) => s + (p.value ?? 0) * (p.quantity ?? 1), 0);
  return Math.round((fromItems > 0 ? fromItems : fromPackages) * 100) / 100;
}

/** valueAddedServices from shipment and package special services (one table, codes.ts). Insurance carries the insured value. */
export function valueAddedServices(req: ShipmentRequest): CarrierCValueAddedService[] | undefined {
  const slugs = [...(req.special_services ?? []), ...req.packages.flatMap((p) => p.special_services ?? [])];
  const out: CarrierCValueAddedService[] = [];
  for (const slug of new Set(slugs)) {
    const refused = unsupportedSpecialService(slug);
    if (refused) throw refused;
    const serviceCode = VALUE_ADDED_SERVICES[slug];
    if (serviceCode === undefined) continue;
    if (serviceCode === 'II') {
      // MyDHL insures an amount: the declared value (customs items, else package values), else insurance_cost.
      const value = declaredValue(req) || (req.insurance_cost ?? 0);
      if (!(value > 0))
        throw new ApiError(
          'schema_field_required',
          'insurance with carrier_c needs package values, customs item values or insurance_cost',
          'shipment.packages.value',
        );
      out.push({ serviceCode, value, currency: currencyOf(req) });
    } else out.push({ serviceCode });
  }
  return out.length > 0 ? out : undefined;
}

/** "GMT+01:00" for an offset in minutes east of UTC. */
function gmt(offsetMin: number): string {
  const abs = Math.abs(offsetMin);
  return `GMT${offsetMin < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes of slack on "now": the vendor file warns that the current time "may be evaluated as being in the past". */
const NOW_MARGIN_MIN = 10;

/**
 * A MyDHL date and time: "the local time of the shipment origin coupled with corresponding time zone"
 * (vendor OpenAPI, plannedShippingDateAndTime), e.g. "2025-01-18T17:00:00 GMT+01:00". The origin's
 * zone comes from a fixed per-country table (shared/time.ts). A day after today at `time` (10:00 by
 * default); today, or a date that is already past at the origin, at the origin's time now plus a margin.
 */
export function plannedDateAndTime(origin: Address, date: string | undefined, now: Date, time = '10:00'): string {
  const offset = utcOffsetMinutes(origin.country.toUpperCase(), origin.postal_code);
  const local = new Date(now.getTime() + (offset + NOW_MARGIN_MIN) * 60_000).toISOString();
  const today = local.slice(0, 10);
  if (date !== undefined && date > today) return `${date}T${time}:00 ${gmt(offset)}`;
  // Late in the evening the margin may cross midnight: the next day's first minutes are still "now".
  return `${today}T${local.slice(11, 16)}:00 ${gmt(offset)}`;
}
