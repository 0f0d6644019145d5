/**
 * Rating: ShipmentRequest → USPS total-rates searches, and their answers → Rate[].
 * Domestic: `POST /prices/v3/total-rates/search` (domestic-prices.yaml TotalRatesQuery, one mail
 * class or `mailClasses`); international: `POST /international-prices/v3/total-rates/search`
 * (international-prices.yaml, one mail class per call). USPS prices one piece at a time, so a
 * shipment of several packages is one search per package and its rates are the sums.
 * The answers are read in both shapes USPS documents: `rateOptions` (total-rates) and
 * `pricingOptions[].shippingOptions[].rateOptions` (shipping-options.yaml, fixtures/rate_RateResponse.json).
 */
import type { Rate, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, numeric, obj, objects, text, toDecimalString, type JsonObject } from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import {
  MAIL_CLASSES,
  extraServiceCodes,
  priceInputs,
  serviceName,
  serviceOfRate,
  simpleServicesFor,
  type PriceInputs,
} from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierDIntlRateRequest, CarrierDRateRequest } from './wire.js';
import { isInternational, mailingDate, packageMeasures, requestedInputs, requireZip } from './mapping.js';

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

export interface CarrierDAccount {
  accountNumber: string;
  accountType: string;
}

/** One price search: which API, for which package, with which body. */
export interface RateSearch {
  international: boolean;
  packageIndex: number;
  body: CarrierDRateRequest | CarrierDIntlRateRequest;
}

function priceType(req: ShipmentRequest): 'RETAIL' | 'COMMERCIAL' {
  // Account (commercial) prices unless the client asks for list (retail) prices.
  return req.special_services?.includes('list_rates') ? 'RETAIL' : 'COMMERCIAL';
}

export function buildRateRequest(req: ShipmentRequest, account: CarrierDAccount, now: Date): RateSearch[] {
  const international = isInternational(req);
  const inputs = requestedInputs(req);
  const origin = requireZip(req.sender, 'sender');
  const extras = extraServiceCodes(req.special_services ?? [], undefined);
  const classes = inputs
    ? [inputs.mailClass]
    : simpleServicesFor(international).map((s) => MAIL_CLASSES[s]?.mailClass ?? s);
  if (inputs && MAIL_CLASSES[(req.service ?? '').split('|')[0] ?? '']?.international !== international) {
    throw new ApiError(
      'schema_validation_error',
      `carrier_d service ${req.service} is ${international ? 'domestic' : 'international'} only`,
      'shipment.service',
    );
  }
  const common = {
    priceType: priceType(req),
    mailingDate: mailingDate(req, now),
    accountType: account.accountType,
    accountNumber: account.accountNumber,
  };
  return req.packages.flatMap((p, packageIndex): RateSearch[] => {
    const m = packageMeasures(req, p);
    const extra = {
      itemValue: p.value,
      extraServices: extras.length > 0 ? extraServiceCodes(req.special_services ?? [], p.value) : undefined,
    };
    if (!international) {
      const destination = requireZip(req.recipient, 'recipient');
      const body = dropUndefined<CarrierDRateRequest>({
        originZIPCode: origin,
        destinationZIPCode: destination,
        ...m,
        ...(classes.length === 1 ? { mailClass: classes[0] } : { mailClasses: classes }),
        ...common,
        ...extra,
      });
      return [{ international, packageIndex, body }];
    }
    return classes.map((mailClass) => ({
      international,
      packageIndex,
      body: dropUndefined<CarrierDIntlRateRequest>({
        originZIPCode: origin,
        foreignPostalCode: req.recipient.postal_code,
        destinationCountryCode: req.recipient.country.toUpperCase(),
        ...m,
        mailClass,
        ...common,
        ...extra,
      }),
    }));
  });
}

/** One priced option of an answer, with the four inputs it was priced on. */
interface PricedOption {
  mailClass?: string;
  processingCategory?: string;
  rateIndicator?: string;
  destinationEntryFacilityType?: string;
  price: number;
  transitDays?: number;
  estimatedDate?: string;
}

function optionOf(o: JsonObject, outerMailClass: string | undefined): PricedOption | undefined {
  const first = objects(o.rates)[0];
  const price =
    numeric(o.totalPrice) ??
    numeric(o.totalBasePrice) ??
    objects(o.rates).reduce((s, r) => s + (numeric(r.price) ?? 0), 0);
  if (!first && numeric(o.totalPrice) === undefined) return undefined;
  const commitment = obj(o.commitment);
  const days = /^(\d+)\s+Days?/i.exec(text(commitment?.name) ?? '')?.[1];
  const date = text(commitment?.scheduleDeliveryDate);
  return dropUndefined<PricedOption>({
    mailClass: text(first?.mailClass) ?? outerMailClass,
    processingCategory: text(first?.processingCategory),
    rateIndicator: text(first?.rateIndicator),
    destinationEntryFacilityType: text(first?.destinationEntryFacilityType),
    price,
    transitDays: days ? Number(days) : undefined,
    estimatedDate: date ? toIsoDate(date) : undefined,
  });
}

/** Every priced option of one answer, in either documented shape. */
export function pricedOptions(body: unknown): PricedOption[] {
  throwIfError(body);
  const root = obj(body);
  if (!root) throw unexpectedBody('rate response (not an object)');
  const direct = Array.isArray(root.rateOptions) ? objects(root.rateOptions).map((o) => optionOf(o, undefined)) : [];
  const nested = objects(root.pricingOptions).flatMap((po) =>
    objects(po.shippingOptions).flatMap((so) => objects(so.rateOptions).map((o) => optionOf(o, text(so.mailClass)))),
  );
  if (!Array.isArray(root.rateOptions) && !Array.isArray(root.pricingOptions))
    throw unexpectedBody('rate response (no rateOptions)');
  return [...direct, ...nested].filter((o): o is PricedOption => o !== undefined && Number.isFinite(o.price));
}

/** NONSTANDARD replaced NON_MACHINABLE in v3; either answers for "nonmachinable". */
function sameCategory(a: string | undefined, b: string): boolean {
  const norm = (c: string | undefined) => (c === 'NON_MACHINABLE' ? 'NONSTANDARD' : c);
  return norm(a) === norm(b);
}

function matches(o: PricedOption, i: PriceInputs): boolean {
  return (
    o.mailClass === i.mailClass &&
    o.rateIndicator === i.rateIndicator &&
    sameCategory(o.processingCategory, i.processingCategory) &&
    (o.destinationEntryFacilityType ?? 'NONE') === i.destinationEntryFacilityType
  );
}

function cheapest(options: PricedOption[]): PricedOption | undefined {
  return options.reduce<PricedOption | undefined>(
    (best, o) => (best === undefined || o.price < best.price ? o : best),
    undefined,
  );
}

/**
 * One package's options → service value → the option it is rated at. A composite keeps only the
 * option with its four inputs; otherwise, per mail class, the option of the request's packaging
 * if USPS priced one, else the cheapest.
 */
function chooseOptions(options: PricedOption[], req: ShipmentRequest): Map<string, PricedOption> {
  const out = new Map<string, PricedOption>();
  const asked = requestedInputs(req);
  if (asked?.exact) {
    const hit = cheapest(options.filter((o) => matches(o, asked)));
    if (hit && req.service) out.set(req.service, hit);
    return out;
  }
  const byClass = new Map<string, PricedOption[]>();
  for (const o of options) if (o.mailClass) byClass.set(o.mailClass, [...(byClass.get(o.mailClass) ?? []), o]);
  for (const [mailClass, list] of byClass) {
    if (asked && asked.mailClass !== mailClass) continue;
    const indicator = priceInputs(req.service ?? serviceOfRate({ mailClass }) ?? '', req.packaging)?.rateIndicator;
    const best = cheapest(list.filter((o) => o.rateIndicator === indicator)) ?? cheapest(list);
    const service = req.service ?? (best ? serviceOfRate(best) : undefined);
    if (best && service && !out.has(service)) out.set(service, best);
  }
  return out;
}

/** All answers (one or more per package) → one Rate per service priced for every package. */
export function parseRateResponse(answers: { packageIndex: number; body: unknown }[], req: ShipmentRequest): Rate[] {
  const packageCount = req.packages.length;
  const perPackage: Map<string, PricedOption>[] = [];
  for (let i = 0; i < packageCount; i++) {
    const options = answers.filter((a) => a.packageIndex === i).flatMap((a) => pricedOptions(a.body));
    perPackage.push(chooseOptions(options, req));
  }
  const first = perPackage[0] ?? new Map<string, PricedOption>();
  const rates: Rate[] = [];
  for (const [service, option] of first) {
    const all = perPackage.map((m) => m.get(service));
    if (all.some((o) => o === undefined)) continue;
    const total = all.reduce((s, o) => s + (o?.price ?? 0), 0);
    rates.push(
      dropUndefined<Rate>({
        service_type: service,
        service_name: serviceName(service),
        total_cost: toDecimalString(total),
        currency: 'USD',
        transit_days: option.transitDays,
        estimated_date: option.estimatedDate,
        delivery_day: option.estimatedDate
          ? WEEKDAYS[new Date(`${option.estimatedDate}T00:00:00Z`).getUTCDay()]
          : undefined,
      }),
    );
  }
  return rates.sort((a, b) => Number(a.total_cost) - Number(b.total_cost));
}
