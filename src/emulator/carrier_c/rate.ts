/**
 * MyDHL rating: `POST /rates` (supermodelIoLogisticsExpressRateRequest) answers
 * `{ products: [...], exchangeRates, warnings }` shaped like samples/rate_response.json, with
 * pickupCapabilities (cut-off 16:00 local, pickups 09:00–18:00, nextBusinessDay when the planned
 * day is past its cut-off or not a business day) and deliveryCapabilities per product.
 * `GET /rates` (one piece, query parameters) answers the same.
 */
import type { FastifyInstance } from 'fastify';
import { isIsoDate, weekday } from '../calendar.js';
import { at, bool, str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';
import { CUTOFF, deliveryDay, pickupDay, productsFor, quote, type PieceInput, type Quote } from './prices.js';
import {
  checkNotPast,
  Problems,
  readAddress,
  readPieces,
  readPlanned,
  readUnit,
  readValueAddedServices,
  serviceArea,
} from './request.js';

export interface RateInput {
  origin: { countryCode: string; cityName: string; postalCode?: string };
  destination: { countryCode: string; cityName: string; postalCode?: string };
  planned: { date: string; time: string };
  metric: boolean;
  declarable: boolean;
  pieces: PieceInput[];
  productCode?: string;
}

export function productReply(q: Quote, input: RateInput): Record<string, unknown> {
  const pickup = pickupDay(input.planned.date, input.planned.time);
  const delivery = deliveryDay(pickup, q.transitDays);
  const provided = input.pieces.reduce((s, p) => s + p.weight, 0);
  return {
    productName: q.product.name,
    productCode: q.product.code,
    localProductCode: q.product.code,
    localProductCountryCode: input.origin.countryCode,
    networkTypeCode: 'TD',
    isCustomerAgreement: false,
    weight: { volumetric: q.volumetric, provided, unitOfMeasurement: input.metric ? 'metric' : 'imperial' },
    totalPrice: [{ currencyType: 'BILLC', priceCurrency: q.currency, price: q.total }],
    totalPriceBreakdown: [
      {
        currencyType: 'BILLC',
        priceCurrency: q.currency,
        priceBreakdown: [
          { typeCode: 'SPRQT', price: q.base },
          { typeCode: 'FUEL', price: q.fuel },
        ],
      },
    ],
    pickupCapabilities: {
      nextBusinessDay: pickup !== input.planned.date,
      localCutoffDateAndTime: `${pickup}T${CUTOFF}:00`,
      GMTCutoffTime: `${CUTOFF}:00`,
      pickupEarliest: '09:00:00',
      pickupLatest: '18:00:00',
      pickupCutoffSameDayOutboundProcessing: `${CUTOFF}:00`,
      originServiceAreaCode: serviceArea(input.origin.cityName),
      originFacilityAreaCode: serviceArea(input.origin.cityName),
      pickupAdditionalDays: 0,
      pickupDayOfWeek: weekday(pickup),
    },
    deliveryCapabilities: {
      deliveryTypeCode: 'QDDC',
      estimatedDeliveryDateAndTime: `${delivery}T${q.product.commitTime}`,
      destinationServiceAreaCode: serviceArea(input.destination.cityName),
      destinationFacilityAreaCode: serviceArea(input.destination.cityName),
      deliveryAdditionalDays: 0,
      deliveryDayOfWeek: weekday(delivery),
      totalTransitDays: q.transitDays,
    },
    pricingDate: input.planned.date,
  };
}

/** The quotes of every product on the lane (or the one asked for); 400 when none carries the shipment. */
export function quotesFor(input: RateInput): Quote[] {
  const candidates = productsFor(input.origin.countryCode, input.destination.countryCode, input.declarable).filter(
    (p) => input.productCode === undefined || p.code === input.productCode,
  );
  const quotes = candidates
    .map((p) => quote(p, input.origin.countryCode, input.destination.countryCode, input.pieces, input.metric))
    .filter((q): q is Quote => q !== undefined);
  if (quotes.length === 0) {
    const what = input.productCode === undefined ? 'No product' : `Product ${input.productCode}`;
    throw failures.invalid(
      `${what} available for the requested origin, destination, weight and date. Please check the request message and retry.`,
    );
  }
  return quotes;
}

export function readRateInput(body: unknown, p: Problems): RateInput {
  const origin = readAddress(body, 'customerDetails.shipperDetails', p);
  const destination = readAddress(body, 'customerDetails.receiverDetails', p);
  const planned = readPlanned(body, 'plannedShippingDateAndTime', p);
  const metric = readUnit(body, 'unitOfMeasurement', p);
  const declarable = bool(at(body, 'isCustomsDeclarable'));
  if (declarable === undefined) p.missing.push('isCustomsDeclarable');
  const pieces = readPieces(body, 'packages', p);
  readValueAddedServices(body, 'valueAddedServices', p);
  const productCode = str(at(body, 'productCode'));
  return {
    origin,
    destination,
    planned: planned ?? { date: '', time: '' },
    metric,
    declarable: declarable ?? false,
    pieces,
    ...(productCode ? { productCode } : {}),
  };
}

export function registerRateRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  const answer = (input: RateInput) => {
    checkNotPast(input.planned, input.origin.countryCode, input.origin.postalCode, ctx.clock.now());
    return { products: quotesFor(input).map((q) => productReply(q, input)), exchangeRates: [], warnings: [] };
  };

  app.post('/rates', ctx.tag('rate'), async (request) => {
    const p = new Problems();
    const input = readRateInput(request.body, p);
    p.throwIfAny();
    return answer(input);
  });

  // GET /rates: one piece described by query parameters (accountNumber, originCountryCode, …).
  app.get('/rates', ctx.tag('rate'), async (request) => {
    const q = request.query as Record<string, unknown>;
    const p = new Problems();
    const need = (name: string): string => {
      const v = str(q[name]);
      if (v === undefined) p.missing.push(name);
      return v ?? '';
    };
    const origin = {
      countryCode: need('originCountryCode'),
      cityName: need('originCityName'),
      postalCode: str(q.originPostalCode),
    };
    const destination = {
      countryCode: need('destinationCountryCode'),
      cityName: need('destinationCityName'),
      postalCode: str(q.destinationPostalCode),
    };
    const date = need('plannedShippingDate');
    if (date !== '' && !isIsoDate(date)) p.format.push('plannedShippingDate');
    const weight = Number(need('weight'));
    const length = Number(str(q.length) ?? 0);
    const width = Number(str(q.width) ?? 0);
    const height = Number(str(q.height) ?? 0);
    if (!(weight > 0)) p.format.push('weight');
    p.throwIfAny();
    return answer({
      origin,
      destination,
      planned: { date, time: '10:00' },
      metric: str(q.unitOfMeasurement) !== 'imperial',
      declarable: str(q.isCustomsDeclarable) === 'true',
      pieces: [{ weight, ...(length > 0 && width > 0 && height > 0 ? { dimensions: { length, width, height } } : {}) }],
    });
  });
}
