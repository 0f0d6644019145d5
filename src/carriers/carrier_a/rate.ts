/**
 * Rating: ShipmentRequest → FedEx /rate/v1/rates/quotes body, and its answer → Rate[].
 * Shape follows rate-api.json (Full_Schema_Quote_Rate / RateOutputVO) and the recorded request
 * fixtures/rate_RateRequest.json. The request parts that booking shares live in mapping.ts.
 */
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import {
  dig,
  dropUndefined,
  numeric,
  obj,
  objects,
  text,
  texts,
  toDecimalString,
  type JsonObject,
} from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { serviceSlug, transitDays, weekday } from './codes.js';
import { errorDetail, throwIfError, unexpectedBody } from './errors.js';
import type { CarrierARateRequest } from './wire-rate.js';
import {
  type CarrierABuildOptions,
  commodities,
  wireAddress,
  wirePackagingType,
  wireServiceType,
  isInternational,
  packageLineItems,
  rateRequestTypes,
  shipDate,
  shipmentSpecialServices,
  smartPostInfo,
  totalWeightLb,
} from './mapping.js';

export function buildRateRequest(
  req: ShipmentRequest,
  accountNumber: string,
  now: Date,
  opts: CarrierABuildOptions = {},
): CarrierARateRequest {
  const international = isInternational(req);
  return dropUndefined<CarrierARateRequest>({
    accountNumber: { value: accountNumber },
    rateRequestControlParameters: {
      returnTransitTimes: true,
      servicesNeededOnRateFailure: true,
      rateSortOrder: 'COMMITASCENDING',
    },
    requestedShipment: {
      shipper: { address: wireAddress(req.sender, false) },
      recipient: { address: wireAddress(req.recipient, false) },
      serviceType: wireServiceType(req),
      preferredCurrency: req.currency,
      rateRequestType: rateRequestTypes(req),
      shipDateStamp: shipDate(req, now),
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      packagingType: wirePackagingType(req),
      documentShipment: false,
      totalWeight: totalWeightLb(req),
      totalPackageCount: req.packages.length,
      requestedPackageLineItems: packageLineItems(req, false),
      shipmentSpecialServices: shipmentSpecialServices(req, false),
      // README.md: production refuses international quotes without customs detail.
      customsClearanceDetail: international
        ? {
            commercialInvoice: { shipmentPurpose: req.type === 'return' ? 'REPAIR_AND_RETURN' : 'SOLD' },
            commodities: commodities(req, true),
            dutiesPayment: {
              paymentType: 'SENDER',
              payor: { responsibleParty: { accountNumber: { value: accountNumber } } },
            },
          }
        : undefined,
      smartPostInfoDetail: smartPostInfo(req, opts, true),
    },
  });
}

export interface RateParseOptions {
  /** `list_rates` was asked: prefer FedEx's LIST rate over the ACCOUNT rate. */
  preferList?: boolean;
  /** The request's currency: a PREFERRED rate in it wins over an account rate in another currency. */
  currency?: string;
}

function rateCurrency(detail: JsonObject): string | undefined {
  return text(dig(detail, 'shipmentRateDetail', 'currency')) ?? text(detail.currency);
}

/**
 * rate-api.json RatedShipmentDetail.rateType: ACCOUNT, LIST, PREFERRED_*, INCENTIVE… The first
 * priced detail of the type asked for, else of the other, else the first priced one. One pass, no
 * arrays or closures: every rate of every answer goes through here.
 */
function pickRatedDetail(details: JsonObject[], opts: RateParseOptions): JsonObject | undefined {
  const [wanted, other] = opts.preferList ? (['LIST', 'ACCOUNT'] as const) : (['ACCOUNT', 'LIST'] as const);
  let first: JsonObject | undefined;
  let ofWanted: JsonObject | undefined;
  let ofOther: JsonObject | undefined;
  for (const d of details) {
    if (numeric(d.totalNetCharge) === undefined) continue;
    first ??= d;
    const type = text(d.rateType);
    if (type === wanted) ofWanted ??= d;
    else if (type === other) ofOther ??= d;
  }
  const chosen = ofWanted ?? ofOther ?? first;
  if (chosen && opts.currency && rateCurrency(chosen) !== opts.currency) {
    const inCurrency = details.find(
      (d) =>
        numeric(d.totalNetCharge) !== undefined &&
        text(d.rateType)?.startsWith('PREFERRED') &&
        rateCurrency(d) === opts.currency,
    );
    if (inCurrency) return inCurrency;
  }
  return chosen;
}

function rateFrom(reply: JsonObject, opts: RateParseOptions): Rate | undefined {
  const code = text(reply.serviceType);
  const detail = pickRatedDetail(objects(reply.ratedShipmentDetails), opts);
  const total = detail === undefined ? undefined : numeric(detail.totalNetCharge);
  const currency = detail === undefined ? undefined : rateCurrency(detail);
  if (!code || total === undefined || !currency) return undefined;
  const commit = obj(reply.commit);
  const dateDetail = obj(commit?.dateDetail);
  const operational = obj(reply.operationalDetail);
  const dateText =
    text(dateDetail?.dayFormat) ??
    text(dateDetail?.dayCxsFormat) ??
    text(operational?.deliveryDate) ??
    text(operational?.commitDate);
  const days =
    transitDays(text(obj(commit?.transitDays)?.minimumTransitTime)) ??
    transitDays(text(commit?.daysInTransit)) ??
    transitDays(text(operational?.transitTime));
  const estimated = dateText === undefined ? undefined : toIsoDate(dateText);
  const day = weekday(
    text(dateDetail?.dayOfWeek) ?? text(operational?.deliveryDay) ?? texts(operational?.commitDays)[0],
  );
  // Members in the order of the Rate type, the unknown ones left out.
  const rate: Rate = {
    service_type: serviceSlug(code),
    service_name: text(reply.serviceName) ?? text(obj(reply.serviceDescription)?.description) ?? code,
    total_cost: toDecimalString(total),
    currency,
  };
  if (days !== undefined) rate.transit_days = days;
  if (estimated !== undefined) rate.estimated_date = estimated;
  if (day !== undefined) rate.delivery_day = day;
  return rate;
}

/** FedEx quote answer → one Rate per priced rateReplyDetails entry. */
export function parseRateResponse(body: unknown, opts: RateParseOptions = {}): Rate[] {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  if (!output) throw unexpectedBody('rate response (no output)');
  const replies = output.rateReplyDetails;
  const warnings = objects(output.alerts).filter((a) => text(a.alertType) === 'WARNING');
  if (!Array.isArray(replies) || replies.length === 0) {
    // FedEx answers 200 with WARNING alerts and no rates when nothing can be quoted.
    if (warnings.length > 0) {
      const message = warnings.map((a) => text(a.message) ?? text(a.code) ?? 'warning').join('; ');
      const codes = warnings.map((a) => text(a.code)).filter((c): c is string => c !== undefined);
      throw new ApiError('carrier_exception', message, errorDetail('alert', codes, text(dig(body, 'transactionId'))));
    }
    if (Array.isArray(replies)) return [];
    throw unexpectedBody('rate response (no rateReplyDetails)');
  }
  return objects(replies)
    .map((r) => rateFrom(r, opts))
    .filter((r): r is Rate => r !== undefined);
}
