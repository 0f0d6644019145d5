/**
 * Request parts that rating and booking share (API version, dates, parties, packages, weights,
 * service options, money): rate.ts and ship.ts build on them; pickup.ts, locations.ts and
 * cancel.ts reuse the API version and dates.
 */
import type { Address, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, numeric, obj, text, type JsonObject } from '../shared/json.js';
import { localToday } from '../shared/time.js';
import { RESTRICTED_ARTICLES, SHIPMENT_INDICATORS, UNSUPPORTED_SERVICES, packagingCode, serviceCode } from './codes.js';
import { errorDetail } from './errors.js';
import type { CarrierBAddress, CarrierBPackage, CarrierBParty, CarrierBShipmentServiceOptions } from './wire.js';
import { isInternational } from '../shared/address.js';

// ship.ts and rate.ts read it from here with the other request parts.
export { isInternational };

/** Address lines are 35 characters at most (Shipping.yaml ShipTo_Address.AddressLine). */
const LINE_MAX = 35;

/**
 * UPS dates are YYYYMMDD; without ship_date, today where the shipper is: UPS reads the date in the
 * shipper's time zone, and the UTC date is already tomorrow there on an American evening (a
 * future-dated shipment, picked up a day late).
 */
export function wireShipDate(req: ShipmentRequest, now: Date): string {
  return (req.ship_date ?? localToday(now, req.sender)).replace(/-/g, '');
}

/** "2024-01-15" → "20240115". */
export function wireDate(iso: string): string {
  return iso.replace(/-/g, '');
}

export function currencyOf(req: ShipmentRequest): string {
  return req.currency ?? 'USD';
}

/** Numbers as UPS writes them: one decimal at least ("10.0"), at most two. */
export function wireNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

export function wireServiceCode(slug: string | undefined): string | undefined {
  if (slug === undefined) return undefined;
  const code = serviceCode(slug);
  if (!code)
    throw new ApiError('schema_validation_error', `service ${slug} is not offered by carrier_b`, 'shipment.service');
  return code;
}

export function wirePackagingCode(req: ShipmentRequest): string {
  const code = packagingCode(req.packaging);
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `packaging ${req.packaging} is not offered by carrier_b`,
      'shipment.packaging',
    );
  return code;
}

export function wireAddress(a: Address): CarrierBAddress {
  const lines = [a.street1, a.street2, a.street3]
    .map((s) => s?.trim())
    .filter((s): s is string => !!s)
    .map((s) => s.slice(0, LINE_MAX));
  return {
    AddressLine: lines.length > 0 ? lines : undefined,
    City: a.city,
    StateProvinceCode: a.state,
    PostalCode: a.postal_code,
    CountryCode: a.country.toUpperCase(),
    ResidentialAddressIndicator: a.residential ? 'Y' : undefined,
  };
}

/** A party: Name is the company when there is one (UPS prints it first), AttentionName the person. */
export function wireParty(a: Address, withContact: boolean): CarrierBParty {
  const name = a.company ?? a.name;
  return {
    Name: name,
    AttentionName: withContact ? (a.name ?? a.company) : undefined,
    CompanyDisplayableName: withContact ? a.company : undefined,
    TaxIdentificationNumber: withContact ? a.tax_id : undefined,
    Phone: withContact && a.phone ? { Number: a.phone } : undefined,
    EMailAddress: withContact ? a.email : undefined,
    Address: wireAddress(a),
  };
}

export function weightUnit(req: ShipmentRequest): { Code: string; Description: string } {
  return { Code: req.weight_units === 'KG' ? 'KGS' : 'LBS', Description: 'Weight' };
}

/** Packages; Rating.yaml names the packaging member PackagingType, Shipping.yaml Packaging. */
export function wirePackages(req: ShipmentRequest, member: 'PackagingType' | 'Packaging'): CarrierBPackage[] {
  const packaging = { Code: wirePackagingCode(req), Description: 'Packaging Type' };
  return req.packages.map((p) => {
    const hasDims = p.length !== undefined && p.width !== undefined && p.height !== undefined;
    return {
      [member]: packaging,
      Dimensions: hasDims
        ? {
            UnitOfMeasurement: { Code: req.dim_units, Description: 'Dimension' },
            Length: wireNumber(p.length ?? 0),
            Width: wireNumber(p.width ?? 0),
            Height: wireNumber(p.height ?? 0),
          }
        : undefined,
      PackageWeight: { UnitOfMeasurement: weightUnit(req), Weight: wireNumber(p.weight) },
      PackageServiceOptions:
        p.value !== undefined
          ? { DeclaredValue: { CurrencyCode: currencyOf(req), MonetaryValue: wireNumber(p.value) } }
          : undefined,
    };
  });
}

/** ShipmentServiceOptions members asked by special_services (indicators are empty strings). */
export function shipmentServiceOptions(req: ShipmentRequest): CarrierBShipmentServiceOptions {
  const services = req.special_services ?? [];
  const refused = services.find((s) => UNSUPPORTED_SERVICES.has(s));
  if (refused) {
    throw new ApiError(
      'schema_validation_error',
      `carrier_b special service ${refused} needs details this interface does not carry`,
      'shipment.special_services',
    );
  }
  const options: JsonObject = {};
  for (const s of services) {
    const member = SHIPMENT_INDICATORS[s];
    if (member) options[member] = '';
  }
  const restricted = services.map((s) => RESTRICTED_ARTICLES[s]).filter((m): m is string => m !== undefined);
  if (restricted.length > 0) options.RestrictedArticles = Object.fromEntries(restricted.map((m) => [m, '']));
  // Shipping.yaml DeliveryConfirmation.DCISType 1 = Delivery Confirmation Signature Required.
  if (services.includes('delivery_confirmation')) options.DeliveryConfirmation = { DCISType: '1' };
  return options;
}

/** A money object with a usable amount and currency, else undefined (never "0.00" for "missing"). */
export function moneyOf(value: unknown, fallbackCurrency?: string): { amount: number; currency: string } | undefined {
  const m = obj(value);
  const amount = numeric(m?.MonetaryValue);
  const currency = text(m?.CurrencyCode) ?? fallbackCurrency;
  return amount === undefined || currency === undefined ? undefined : { amount, currency };
}

/** UPS `Response.ResponseStatus.Code` "1" is success; "0" failed (every *Response_Response schema). */
export function responseFailed(envelope: unknown): ApiError | undefined {
  const status = obj(dig(envelope, 'Response', 'ResponseStatus'));
  if (!status || text(status.Code) !== '0') return undefined;
  return new ApiError(
    'carrier_exception',
    text(status.Description) ?? 'carrier_b reported a failure',
    errorDetail([], undefined),
  );
}
