/**
 * carrier_d prices: `POST /prices/v3/total-rates/search` and
 * `POST /international-prices/v3/total-rates/search` (domestic-prices.yaml / international-prices.yaml
 * TotalRatesQuery → TotalRatesQueryResult `{ rateOptions: [{ totalBasePrice, totalPrice, rates: [...],
 * extraServices: [...], commitment }] }`, TotalRatesSearchExample).
 */
import type { FastifyInstance } from 'fastify';
import { arr, isObject, num, round2, str, type JsonObject } from '../json.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';
import { priceGroup, pricesFor, zoneOf, type Priced } from './prices.js';
import { CLASSES } from './services.js';

/** Extra services the emulator prices (domestic-prices.yaml TotalRatesExtraServices). */
export const EXTRA_SERVICES: Record<number, { name: string; price: number }> = {
  910: { name: 'Certified Mail', price: 4.85 },
  911: { name: 'Certified Mail Restricted Delivery', price: 11.85 },
  920: { name: 'USPS Tracking', price: 0 },
  921: { name: 'Signature Confirmation', price: 3.65 },
  922: { name: 'Adult Signature Required', price: 9.3 },
  923: { name: 'Adult Signature Restricted Delivery', price: 9.6 },
  924: { name: 'Signature Confirmation Restricted Delivery', price: 9.3 },
  930: { name: 'Insurance <= $500', price: 2.8 },
  931: { name: 'Insurance > $500', price: 7.35 },
  934: { name: 'Insurance Restricted Delivery', price: 10.85 },
  955: { name: 'Return Receipt', price: 4.1 },
  991: { name: 'Sunday Delivery', price: 12.5 },
};

export function extraServicesOf(
  codes: unknown[],
): { extraService: string; name: string; price: number; priceType: string; warnings: []; SKU: string }[] {
  return codes.map((c) => {
    const code = Number(c);
    const def = EXTRA_SERVICES[code];
    if (!def)
      throw new UspsFailure(400, [errors.invalid('extraServices', `Extra service ${String(c)} is not available.`)]);
    return {
      extraService: String(code),
      name: def.name,
      price: def.price,
      priceType: 'COMMERCIAL',
      warnings: [],
      SKU: `DX${code}0XXXXCX000`,
    };
  });
}

export function rateEntry(
  mailClass: string,
  priced: Priced,
  zone: number,
  weight: number,
  priceType: string,
  mailingDate: string,
) {
  return {
    description: priced.product.description,
    priceType,
    price: priced.price,
    weight,
    dimWeight: 0,
    fees: priced.fees,
    startDate: mailingDate,
    endDate: '',
    mailClass,
    zone: String(zone).padStart(2, '0'),
    productName: priced.product.description,
    productDefinition: '',
    processingCategory: priced.product.processingCategory,
    rateIndicator: priced.product.rateIndicator,
    destinationEntryFacilityType: priced.product.destinationEntryFacilityType,
    // Fifteen characters, as every recorded SKU has ("DUXR0XXXXC06130"; international-labels.yaml: length 15).
    SKU: `D${mailClass.slice(0, 1)}X${priced.product.rateIndicator.slice(0, 1)}0XXXXC${String(zone).padStart(2, '0')}000`,
  };
}

function need(body: JsonObject, key: string): string {
  const v = str(body[key]);
  if (!v) throw new UspsFailure(400, [errors.missing(key)]);
  return v;
}

function needNumber(body: JsonObject, key: string): number {
  const v = num(body[key]);
  if (v === undefined || v < 0) throw new UspsFailure(400, [errors.missing(key)]);
  return v;
}

function search(body: unknown, international: boolean, today: string) {
  if (!isObject(body)) throw new UspsFailure(400, [errors.invalid('body', 'The request body must be a JSON object.')]);
  const origin = need(body, 'originZIPCode');
  if (!/^\d{5}$/.test(origin))
    throw new UspsFailure(400, [errors.invalid('originZIPCode', 'originZIPCode must be 5 digits.')]);
  const weight = needNumber(body, 'weight');
  for (const k of ['length', 'width', 'height']) needNumber(body, k);
  const priceType = str(body.priceType) ?? 'RETAIL';
  if (!['RETAIL', 'COMMERCIAL', 'CONTRACT'].includes(priceType))
    throw new UspsFailure(400, [errors.invalid('priceType', 'priceType must be RETAIL, COMMERCIAL or CONTRACT.')]);
  const mailingDate = str(body.mailingDate) ?? today;
  let zone: number;
  if (international) {
    zone = priceGroup(need(body, 'destinationCountryCode').toUpperCase());
  } else {
    const destination = need(body, 'destinationZIPCode');
    if (!/^\d{5}$/.test(destination))
      throw new UspsFailure(400, [errors.invalid('destinationZIPCode', 'destinationZIPCode must be 5 digits.')]);
    zone = zoneOf(origin, destination);
  }
  const requested = str(body.mailClass)
    ? [str(body.mailClass) ?? '']
    : (arr(body.mailClasses) ?? []).map((c) => String(c));
  const classes =
    requested.length > 0 ? requested : Object.keys(CLASSES).filter((c) => CLASSES[c]?.international === international);
  for (const c of classes) {
    if (CLASSES[c]?.international !== international)
      throw new UspsFailure(400, [errors.invalid('mailClass', `${c} is not a valid mail class for this API.`)]);
  }
  const extras = extraServicesOf(arr(body.extraServices) ?? []);
  const extrasTotal = extras.reduce((s, e) => s + e.price, 0);
  const rateOptions = classes.flatMap((mailClass) =>
    pricesFor(mailClass, zone, weight, priceType, mailingDate).map((priced) => {
      const fees = priced.fees.reduce((s, f) => s + f.price, 0);
      return {
        totalBasePrice: round2(priced.price + fees),
        totalPrice: round2(priced.price + fees + extrasTotal),
        rates: [rateEntry(mailClass, priced, zone, weight, priceType, mailingDate)],
        extraServices: extras,
        commitment: {
          name: `${priced.transitDays} Days`,
          scheduleDeliveryDate: priced.deliveryDate,
          guaranteedDelivery: mailClass.startsWith('PRIORITY_MAIL_EXPRESS'),
        },
      };
    }),
  );
  if (rateOptions.length === 0) throw new UspsFailure(400, [errors.noRates()]);
  return { rateOptions };
}

export function registerRateRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  const today = () => ctx.clock.now().toISOString().slice(0, 10);
  app.post('/prices/v3/total-rates/search', ctx.tag('rate'), async (request) => search(request.body, false, today()));
  app.post('/international-prices/v3/total-rates/search', ctx.tag('rate'), async (request) =>
    search(request.body, true, today()),
  );
}
