/**
 * Rating: ShipmentRequest → UPS `POST /api/rating/{version}/{requestoption}` body, and its answer
 * → Rate[]. Shape follows Rating.yaml (RATERequestWrapper / RATEResponseWrapper) and the recorded
 * fixtures/rate_RateRequestData.json, rate_RateResponseJSON.json and rate_FRRateResponseJSON.json.
 * The parts booking shares (parties, packages, weights) live here too and ship.ts builds on them.
 */
import type { Address, Rate } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, numeric, obj, objectList, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { utcDate } from '../shared/time.js';
import { RESTRICTED_ARTICLES, SHIPMENT_INDICATORS, UNSUPPORTED_SERVICES, packagingCode, serviceCode, serviceName, serviceSlug } from './codes.js';
import { responseFailed, throwIfErrorBody, unexpectedBody } from './errors.js';
import type { CarrierBAddress, CarrierBPackage, CarrierBParty, CarrierBRateRequest, CarrierBShipmentServiceOptions, CarrierBWeight } from './wire.js';

/** The API version of every call (path `{version}`; Rating/Shipping/Pickup.yaml: "Valid values: v2409"). */
export const API_VERSION = 'v2409';
/** Request.SubVersion as the recorded requests send it. */
const SUB_VERSION = '2409';
/** Address lines are 35 characters at most (Shipping.yaml ShipTo_Address.AddressLine). */
const LINE_MAX = 35;

export function isInternational(req: ShipmentRequest): boolean {
  return req.sender.country.toUpperCase() !== req.recipient.country.toUpperCase();
}

/** UPS dates are YYYYMMDD; without ship_date the caller's clock gives today's (UTC) date. */
export function upsShipDate(req: ShipmentRequest, now: Date): string {
  return (req.ship_date ?? utcDate(now)).replace(/-/g, '');
}

/** "2024-01-15" → "20240115". */
export function upsDate(iso: string): string {
  return iso.replace(/-/g, '');
}

export function currencyOf(req: ShipmentRequest): string {
  return req.currency ?? 'USD';
}

/** Numbers as UPS writes them: one decimal at least ("10.0"), at most two. */
export function upsNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

export function upsServiceCode(slug: string | undefined): string | undefined {
  if (slug === undefined) return undefined;
  const code = serviceCode(slug);
  if (!code) throw new ApiError('schema_validation_error', `service ${slug} is not offered by carrier_b`, 'shipment.service');
  return code;
}

export function upsPackagingCode(req: ShipmentRequest): string {
  const code = packagingCode(req.packaging);
  if (!code) throw new ApiError('schema_validation_error', `packaging ${req.packaging} is not offered by carrier_b`, 'shipment.packaging');
  return code;
}

export function upsAddress(a: Address): CarrierBAddress {
  const lines = [a.street1, a.street2, a.street3].map((s) => s?.trim()).filter((s): s is string => !!s).map((s) => s.slice(0, LINE_MAX));
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
export function upsParty(a: Address, withContact: boolean): CarrierBParty {
  const name = a.company ?? a.name;
  return {
    Name: name,
    AttentionName: withContact ? (a.name ?? a.company) : undefined,
    CompanyDisplayableName: withContact ? a.company : undefined,
    TaxIdentificationNumber: withContact ? a.tax_id : undefined,
    Phone: withContact && a.phone ? { Number: a.phone } : undefined,
    EMailAddress: withContact ? a.email : undefined,
    Address: upsAddress(a),
  };
}

function weightUnit(req: ShipmentRequest): { Code: string; Description: string } {
  return { Code: req.weight_units === 'KG' ? 'KGS' : 'LBS', Description: 'Weight' };
}

export function totalWeight(req: ShipmentRequest): CarrierBWeight {
  return { UnitOfMeasurement: weightUnit(req), Weight: upsNumber(req.packages.reduce((s, p) => s + p.weight, 0)) };
}

/** Packages; Rating.yaml names the packaging member PackagingType, Shipping.yaml Packaging. */
export function upsPackages(req: ShipmentRequest, member: 'PackagingType' | 'Packaging'): CarrierBPackage[] {
  const packaging = { Code: upsPackagingCode(req), Description: 'Packaging Type' };
  return req.packages.map((p) => {
    const hasDims = p.length !== undefined && p.width !== undefined && p.height !== undefined;
    return {
      [member]: packaging,
      Dimensions: hasDims
        ? { UnitOfMeasurement: { Code: req.dim_units, Description: 'Dimension' }, Length: upsNumber(p.length ?? 0), Width: upsNumber(p.width ?? 0), Height: upsNumber(p.height ?? 0) }
        : undefined,
      PackageWeight: { UnitOfMeasurement: weightUnit(req), Weight: upsNumber(p.weight) },
      PackageServiceOptions: p.value !== undefined ? { DeclaredValue: { CurrencyCode: currencyOf(req), MonetaryValue: upsNumber(p.value) } } : undefined,
    };
  });
}

/** ShipmentServiceOptions members asked by special_services (indicators are empty strings). */
export function shipmentServiceOptions(req: ShipmentRequest): CarrierBShipmentServiceOptions {
  const services = req.special_services ?? [];
  const refused = services.find((s) => UNSUPPORTED_SERVICES.has(s));
  if (refused) {
    throw new ApiError('schema_validation_error', `carrier_b special service ${refused} needs details this interface does not carry`, 'shipment.special_services');
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

function requestOption(req: ShipmentRequest): string {
  const withTransit = !(req.special_services ?? []).includes('no_transit_times');
  if (req.service !== undefined) return withTransit ? 'Ratetimeintransit' : 'Rate';
  return withTransit ? 'Shoptimeintransit' : 'Shop';
}

/** The `{requestoption}` path member and body of a rating call. */
export function buildRateRequest(req: ShipmentRequest, accountNumber: string, now: Date): { requestOption: string; body: CarrierBRateRequest } {
  const option = requestOption(req);
  const code = upsServiceCode(req.service);
  const options = shipmentServiceOptions(req);
  const date = upsShipDate(req, now);
  const totalValue = req.packages.reduce((s, p) => s + (p.value ?? 0), 0);
  const body = dropUndefined<CarrierBRateRequest>({
    RateRequest: {
      Request: { RequestOption: option, SubVersion: SUB_VERSION, TransactionReference: { CustomerContext: 'rate' } },
      Shipment: {
        Shipper: { ...upsParty(req.sender, false), ShipperNumber: accountNumber },
        ShipTo: upsParty(req.recipient, false),
        ShipFrom: upsParty(req.sender, false),
        PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
        Service: code === undefined ? undefined : { Code: code, Description: serviceName(code) },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        ShipmentServiceOptions: Object.keys(options).length > 0 ? options : undefined,
        ShipmentTotalWeight: totalWeight(req),
        NumOfPieces: String(req.packages.length),
        Package: upsPackages(req, 'PackagingType'),
        // Rating.yaml: "DeliveryTimeInformation … Required for time in transit"; 03 = non-document.
        DeliveryTimeInformation: option.endsWith('timeintransit') ? { PackageBillType: req.documents_only ? '02' : '03', Pickup: { Date: date } } : undefined,
        // "InvoiceLineTotal … Required for forward shipments whose origin is the US and destination is Puerto Rico or Canada."
        InvoiceLineTotal: isInternational(req) ? { CurrencyCode: currencyOf(req), MonetaryValue: upsNumber(totalValue) } : undefined,
        DocumentsOnlyIndicator: req.documents_only ? '' : undefined,
        ShipmentDate: date,
      },
    },
  });
  return { requestOption: option, body };
}

export interface RateParseOptions {
  /** `list_rates` was asked: UPS's published rate instead of the account's negotiated one. */
  preferList?: boolean;
}

/** A money object with a usable amount and currency, else undefined (never "0.00" for "missing"). */
export function moneyOf(value: unknown, fallbackCurrency?: string): { amount: number; currency: string } | undefined {
  const m = obj(value);
  const amount = numeric(m?.MonetaryValue);
  const currency = text(m?.CurrencyCode) ?? fallbackCurrency;
  return amount === undefined || currency === undefined ? undefined : { amount, currency };
}

/**
 * The rate of one RatedShipment. Negotiated (account) rates win when UPS returns them; some
 * services answer only NegotiatedRateCharges.TotalCharge, others only TotalCharges. Taxes are
 * included where UPS itemises them (TotalChargesWithTaxes): that is what the account pays.
 */
function chargeOf(rated: JsonObject, opts: RateParseOptions): { amount: number; currency: string } | undefined {
  const listCurrency = text(dig(rated, 'TotalCharges', 'CurrencyCode'));
  const negotiated = obj(rated.NegotiatedRateCharges);
  const negotiatedTotal = negotiated ? (moneyOf(negotiated.TotalChargesWithTaxes, listCurrency) ?? moneyOf(negotiated.TotalCharge, listCurrency)) : undefined;
  const listTotal = moneyOf(rated.TotalChargesWithTaxes) ?? moneyOf(rated.TotalCharges);
  return opts.preferList ? (listTotal ?? negotiatedTotal) : (negotiatedTotal ?? listTotal);
}

/** "20250527" → "2025-05-27", else undefined. */
export function isoFromUpsDate(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

function rateFrom(rated: JsonObject, opts: RateParseOptions): Rate | undefined {
  const code = text(dig(rated, 'Service', 'Code'));
  const charge = chargeOf(rated, opts);
  if (!code || !charge) return undefined;
  const summary = obj(dig(rated, 'TimeInTransit', 'ServiceSummary'));
  const arrival = obj(summary?.EstimatedArrival);
  const days = numeric(arrival?.BusinessDaysInTransit) ?? numeric(dig(rated, 'GuaranteedDelivery', 'BusinessDaysInTransit'));
  const day = text(arrival?.DayOfWeek)?.slice(0, 3).toUpperCase();
  return dropUndefined<Rate>({
    service_type: serviceSlug(code),
    service_name: text(dig(rated, 'Service', 'Description')) ?? text(dig(summary, 'Service', 'Description')) ?? serviceName(code),
    total_cost: toDecimalString(charge.amount),
    currency: charge.currency,
    transit_days: days,
    estimated_date: isoFromUpsDate(text(dig(arrival, 'Arrival', 'Date'))),
    delivery_day: WEEKDAYS.find((d) => d === day),
  });
}

/** UPS rate answer → one Rate per priced RatedShipment (one object or a list). */
export function parseRateResponse(body: unknown, opts: RateParseOptions = {}): Rate[] {
  throwIfErrorBody(body);
  const response = obj(dig(body, 'RateResponse'));
  if (!response) throw unexpectedBody('rate response (no RateResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  if (response.RatedShipment === undefined) throw unexpectedBody('rate response (no RatedShipment)');
  return objectList(response.RatedShipment)
    .map((r) => rateFrom(r, opts))
    .filter((r): r is Rate => r !== undefined);
}
