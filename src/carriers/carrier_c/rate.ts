/**
 * Rating: ShipmentRequest → MyDHL POST /rates body (supermodelIoLogisticsExpressRateRequest), and
 * its answer (supermodelIoLogisticsExpressRates) → Rate[]. Recorded as fixtures/rate_RateRequest.json
 * and rate_RateResponse.json; samples/rate_request.json and rate_response.json. The parts booking
 * and pickups share (units, addresses, packages, services, dates) live in mapping.ts.
 */
import type { Rate, ShipmentRequest, Weekday } from '../../domain/types.js';
import { dig, dropUndefined, numeric, obj, objects, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { productCode, productSlug } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierCRateRequest } from './wire.js';
import {
  currencyOf,
  declaredValue,
  wirePackages,
  wireProductCode,
  isCustomsDeclarable,
  packageTypeCode,
  plannedDateAndTime,
  rateAddress,
  shipperAccount,
  unitOfMeasurement,
  valueAddedServices,
} from './mapping.js';

export function buildRateRequest(req: ShipmentRequest, accountNumber: string, now: Date): CarrierCRateRequest {
  const code = wireProductCode(req.service);
  const declarable = isCustomsDeclarable(req);
  const value = declaredValue(req);
  return dropUndefined<CarrierCRateRequest>({
    customerDetails: { shipperDetails: rateAddress(req.sender), receiverDetails: rateAddress(req.recipient) },
    accounts: shipperAccount(accountNumber),
    productCode: code,
    localProductCode: code,
    valueAddedServices: valueAddedServices(req),
    plannedShippingDateAndTime: plannedDateAndTime(req.sender, req.ship_date, now),
    unitOfMeasurement: unitOfMeasurement(req.weight_units),
    isCustomsDeclarable: declarable,
    monetaryAmount:
      declarable && value > 0 ? [{ typeCode: 'declaredValue', value, currency: currencyOf(req) }] : undefined,
    // Quotes for the asked date only; pickup availability reads the pickup capabilities of that date.
    nextBusinessDay: false,
    packages: wirePackages(req.packages, req, packageTypeCode(req.packaging)),
  });
}

/**
 * The price to show: in the request currency when DHL gives one, else the billing currency
 * (totalPrice currencyType BILLC), else the first priced entry. PULCL (local) and BASEC (base)
 * are other views of the same price.
 */
function priceOf(product: JsonObject, currency?: string): { amount: number; currency: string } | undefined {
  const priced = objects(product.totalPrice)
    .map((p) => ({ type: text(p.currencyType), amount: numeric(p.price), currency: text(p.priceCurrency) }))
    .filter(
      (p): p is { type: string | undefined; amount: number; currency: string } =>
        p.amount !== undefined && p.currency !== undefined,
    );
  const chosen =
    (currency ? priced.find((p) => p.currency === currency) : undefined) ??
    priced.find((p) => p.type === 'BILLC') ??
    priced[0];
  return chosen ? { amount: chosen.amount, currency: chosen.currency } : undefined;
}

const WEEKDAYS: readonly Weekday[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'].map((d) => d as Weekday);

function weekdayOf(date: string): Weekday | undefined {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? undefined : WEEKDAYS[day];
}

function rateFrom(product: JsonObject, currency?: string): Rate | undefined {
  const code = text(product.productCode);
  const price = priceOf(product, currency);
  if (!code || !price) return undefined;
  const delivery = obj(product.deliveryCapabilities);
  const raw = text(delivery?.estimatedDeliveryDateAndTime);
  const estimated = raw === undefined ? undefined : toIsoDate(raw);
  const days = numeric(delivery?.totalTransitDays);
  return dropUndefined<Rate>({
    service_type: productSlug(code),
    service_name: text(product.productName) ?? code,
    total_cost: toDecimalString(price.amount),
    currency: price.currency,
    transit_days: days !== undefined && days >= 0 ? Math.round(days) : undefined,
    estimated_date: estimated,
    delivery_day: estimated === undefined ? undefined : weekdayOf(estimated),
  });
}

/** MyDHL rates answer → one Rate per priced product. */
export function parseRateResponse(body: unknown, opts: { currency?: string } = {}): Rate[] {
  throwIfError(body);
  const products = dig(body, 'products');
  if (!Array.isArray(products)) throw unexpectedBody('rate response (no products)');
  return objects(products)
    .map((p) => rateFrom(p, opts.currency))
    .filter((r): r is Rate => r !== undefined);
}
