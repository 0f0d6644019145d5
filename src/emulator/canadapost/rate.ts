/**
 * Rating, `POST /rs/ship/price` (a `mailing-scenario` of rate-v4, answered with `price-quotes`
 * shaped like the recorded answer), and the service discovery `GET /rs/ship/service?country=`
 * (a `services` list), which the adapter's credential check calls.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildXml, xmlElement, xmlList, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { addBusinessDays, localDate, utcOffsetMinutes } from '../calendar.js';
import { str } from '../json.js';
import type { CanadapostCtx } from './context.js';
import { failures } from './errors.js';
import { domesticZone, quote, SERVICES, type Destination, type Quote } from './prices.js';
import { callPath, dimensions, positive, postalCode, readRoot, registerXmlParser, required, text } from './request.js';

export const RATE_TYPE = 'application/vnd.cpc.ship.rate-v4+xml';
const RATE_NS = 'http://www.canadapost.ca/ws/ship/rate-v4';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';

const money = (n: number): string => n.toFixed(2);

/** Today in Eastern time, where Canada Post counts its days. */
export const easternToday = (now: Date): string => localDate(now, utcOffsetMinutes('CA'));

/** Where a parcel goes: Canada (with its postal code), the U.S., or another country. */
export function destinationOf(country: string): Destination {
  return country === 'CA' ? 'CA' : country === 'US' ? 'US' : 'INT';
}

/** Every service's quote for a parcel, cheapest first; the ones that do not take it left out. */
export function quotesFor(input: {
  origin: string;
  country: string;
  postalCode: string;
  weightKg: number;
  dimsCm?: number[];
  contract: boolean;
  only?: string[];
}): Quote[] {
  const destination = destinationOf(input.country);
  const zone = destination === 'CA' ? domesticZone(input.origin, input.postalCode) : 2;
  return SERVICES.filter(
    (s) => s.destination === destination && (!input.only || input.only.length === 0 || input.only.includes(s.code)),
  )
    .map((s) =>
      quote(s, {
        weightKg: input.weightKg,
        ...(input.dimsCm ? { dimsCm: input.dimsCm } : {}),
        zone,
        postalCode: input.postalCode,
        contract: input.contract,
      }),
    )
    .filter((q): q is Quote => q !== undefined)
    .sort((a, b) => a.due - b.due);
}

function priceQuote(q: Quote, mailingDate: string): Record<string, unknown> {
  const adjustments = [
    ...(q.discount !== 0
      ? [
          {
            'adjustment-code': 'AUTDISC',
            'adjustment-name': 'Automation discount',
            'adjustment-cost': money(q.discount),
            qualifier: { percent: '3.000' },
          },
        ]
      : []),
    {
      'adjustment-code': 'FUELSC',
      'adjustment-name': 'Fuel surcharge',
      'adjustment-cost': money(q.fuel),
      qualifier: { percent: '10.00' },
    },
  ];
  return {
    'service-code': q.service.code,
    'service-link': {
      '@_rel': 'service',
      '@_href': `${LINK_HOST}/rs/ship/service/${q.service.code}?country=CA`,
      '@_media-type': RATE_TYPE,
    },
    'service-name': q.service.name,
    'price-details': {
      base: money(q.base),
      taxes: { gst: money(q.gst), pst: money(q.pst), hst: money(q.hst) },
      due: money(q.due),
      options: { option: [{ 'option-code': 'DC', 'option-name': 'Delivery confirmation', 'option-price': '0' }] },
      adjustments: { adjustment: adjustments },
    },
    'weight-details': '',
    'service-standard': {
      'am-delivery': 'false',
      'guaranteed-delivery': String(q.service.destination !== 'INT'),
      'expected-transit-time': String(q.transitDays),
      'expected-delivery-date': addBusinessDays(mailingDate, q.transitDays),
    },
  };
}

/** The destination of a mailing scenario: country and the postal or ZIP code where it has one. */
function scenarioDestination(request: FastifyRequest, root: XmlObject): { country: string; postalCode: string } {
  const dest = xmlElement(root.destination);
  if (dest?.domestic !== undefined)
    return { country: 'CA', postalCode: postalCode(request, required(request, dest, 'domestic/postal-code')) };
  if (dest?.['united-states'] !== undefined)
    return { country: 'US', postalCode: required(request, dest, 'united-states/zip-code') };
  if (dest?.international !== undefined)
    return { country: required(request, dest, 'international/country-code'), postalCode: '' };
  throw failures.schema(
    callPath(request),
    "cvc-complex-type.2.4.b: The content of element 'destination' is not complete. One of '{domestic, united-states, international}' is expected.",
  );
}

export function registerRateRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  registerXmlParser(app);

  app.post('/rs/ship/price', ctx.tag('rate'), async (request, reply) => {
    const root = readRoot(request, 'mailing-scenario');
    required(request, root, 'customer-number');
    const origin = postalCode(request, required(request, root, 'origin-postal-code'));
    const parcel = xmlElement(root['parcel-characteristics']);
    const weightKg = positive(request, parcel, 'weight');
    const dims = dimensions(request, parcel);
    const { country, postalCode: to } = scenarioDestination(request, root);
    const only = xmlList(xmlElement(root.services)?.['service-code'])
      .map(xmlText)
      .filter((c): c is string => c !== undefined);
    const quotes = quotesFor({
      origin,
      country,
      postalCode: to,
      weightKg,
      ...(dims ? { dimsCm: dims } : {}),
      contract: text(root, 'contract-id') !== undefined,
      only,
    });
    if (quotes.length === 0)
      throw failures.invalid(
        '9122',
        'No services are available for the parcel to this destination: check its weight and dimensions.',
      );
    const mailingDate = text(root, 'expected-mailing-date') ?? easternToday(ctx.clock.now());
    reply.type(RATE_TYPE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('price-quotes', { '@_xmlns': RATE_NS, 'price-quote': quotes.map((q) => priceQuote(q, mailingDate)) })}`;
  });

  app.get('/rs/ship/service', ctx.tag('services'), async (request, reply) => {
    const country = str((request.query as Record<string, unknown>).country) ?? 'CA';
    const destination = destinationOf(country.toUpperCase());
    const service = SERVICES.filter((s) => s.destination === destination).map((s) => ({
      'service-code': s.code,
      'service-name': s.name,
      link: {
        '@_rel': 'service',
        '@_href': `${LINK_HOST}/rs/ship/service/${s.code}?country=${country}`,
        '@_media-type': RATE_TYPE,
      },
    }));
    reply.type(RATE_TYPE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('services', { '@_xmlns': RATE_NS, service })}`;
  });
}
