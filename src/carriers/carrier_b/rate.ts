/**
 * Rating: ShipmentRequest → UPS `POST /api/rating/{version}/{requestoption}` body, and its answer
 * → Rate[]. Shape follows Rating.yaml (RATERequestWrapper / RATEResponseWrapper) and the recorded
 * fixtures/rate_RateRequestData.json, rate_RateResponseJSON.json and rate_FRRateResponseJSON.json.
 * The parts booking shares (parties, packages, weights) live in mapping.ts.
 */
import type { Rate } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import {
  dig,
  dropUndefined,
  numeric,
  obj,
  objectList,
  text,
  toDecimalString,
  type JsonObject,
} from '../shared/json.js';
import { serviceName, serviceSlug } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierBRateRequest, CarrierBWeight } from './wire.js';
import {
  currencyOf,
  isInternational,
  moneyOf,
  shipmentServiceOptions,
  wireNumber,
  wirePackages,
  wireParty,
  wireServiceCode,
  wireShipDate,
  weightUnit,
  responseFailed,
} from './mapping.js';

/** Request.SubVersion as the recorded requests send it. */
const SUB_VERSION = '2409';

export function totalWeight(req: ShipmentRequest): CarrierBWeight {
  return { UnitOfMeasurement: weightUnit(req), Weight: wireNumber(req.packages.reduce((s, p) => s + p.weight, 0)) };
}

function requestOption(req: ShipmentRequest): string {
  const withTransit = !(req.special_services ?? []).includes('no_transit_times');
  if (req.service !== undefined) return withTransit ? 'Ratetimeintransit' : 'Rate';
  return withTransit ? 'Shoptimeintransit' : 'Shop';
}

/** The `{requestoption}` path member and body of a rating call. */
export function buildRateRequest(
  req: ShipmentRequest,
  accountNumber: string,
  now: Date,
): { requestOption: string; body: CarrierBRateRequest } {
  const option = requestOption(req);
  const code = wireServiceCode(req.service);
  const options = shipmentServiceOptions(req);
  const date = wireShipDate(req, now);
  const totalValue = req.packages.reduce((s, p) => s + (p.value ?? 0), 0);
  const body = dropUndefined<CarrierBRateRequest>({
    RateRequest: {
      Request: { RequestOption: option, SubVersion: SUB_VERSION, TransactionReference: { CustomerContext: 'rate' } },
      Shipment: {
        Shipper: { ...wireParty(req.sender, false), ShipperNumber: accountNumber },
        ShipTo: wireParty(req.recipient, false),
        ShipFrom: wireParty(req.sender, false),
        PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
        Service: code === undefined ? undefined : { Code: code, Description: serviceName(code) },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        ShipmentServiceOptions: Object.keys(options).length > 0 ? options : undefined,
        ShipmentTotalWeight: totalWeight(req),
        NumOfPieces: String(req.packages.length),
        Package: wirePackages(req, 'PackagingType'),
        // Rating.yaml: "DeliveryTimeInformation … Required for time in transit"; 03 = non-document.
        DeliveryTimeInformation: option.endsWith('timeintransit')
          ? { PackageBillType: req.documents_only ? '02' : '03', Pickup: { Date: date } }
          : undefined,
        // "InvoiceLineTotal … Required for forward shipments whose origin is the US and destination is Puerto Rico or Canada."
        InvoiceLineTotal: isInternational(req)
          ? { CurrencyCode: currencyOf(req), MonetaryValue: wireNumber(totalValue) }
          : undefined,
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

/**
 * The rate of one RatedShipment. Negotiated (account) rates win when UPS returns them; some
 * services answer only NegotiatedRateCharges.TotalCharge, others only TotalCharges. Taxes are
 * included where UPS itemises them (TotalChargesWithTaxes): that is what the account pays.
 */
function chargeOf(rated: JsonObject, opts: RateParseOptions): { amount: number; currency: string } | undefined {
  const listCurrency = text(dig(rated, 'TotalCharges', 'CurrencyCode'));
  const negotiated = obj(rated.NegotiatedRateCharges);
  const negotiatedTotal = negotiated
    ? (moneyOf(negotiated.TotalChargesWithTaxes, listCurrency) ?? moneyOf(negotiated.TotalCharge, listCurrency))
    : undefined;
  const listTotal = moneyOf(rated.TotalChargesWithTaxes) ?? moneyOf(rated.TotalCharges);
  return opts.preferList ? (listTotal ?? negotiatedTotal) : (negotiatedTotal ?? listTotal);
}

/** "20250527" → "2025-05-27", else undefined. */
export function isoFromWireDate(value: string | undefined): string | undefined {
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
  const days =
    numeric(arrival?.BusinessDaysInTransit) ?? numeric(dig(rated, 'GuaranteedDelivery', 'BusinessDaysInTransit'));
  const day = text(arrival?.DayOfWeek)?.slice(0, 3).toUpperCase();
  return dropUndefined<Rate>({
    service_type: serviceSlug(code),
    service_name:
      text(dig(rated, 'Service', 'Description')) ?? text(dig(summary, 'Service', 'Description')) ?? serviceName(code),
    total_cost: toDecimalString(charge.amount),
    currency: charge.currency,
    transit_days: days,
    estimated_date: isoFromWireDate(text(dig(arrival, 'Arrival', 'Date'))),
    delivery_day: WEEKDAYS.find((d) => d === day),
  });
}

/** UPS rate answer → one Rate per priced RatedShipment (one object or a list). */
export function parseRateResponse(body: unknown, opts: RateParseOptions = {}): Rate[] {
  throwIfError(body);
  const response = obj(dig(body, 'RateResponse'));
  if (!response) throw unexpectedBody('rate response (no RateResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  if (response.RatedShipment === undefined) throw unexpectedBody('rate response (no RatedShipment)');
  return objectList(response.RatedShipment)
    .map((r) => rateFrom(r, opts))
    .filter((r): r is Rate => r !== undefined);
}
