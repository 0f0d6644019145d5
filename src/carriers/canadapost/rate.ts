/**
 * Rating: `POST /rs/ship/price` with a `mailing-scenario` per parcel, answered with `price-quotes`
 * (fixtures rate_RateRequestXML, rate_RateResponseXML). Canada Post prices one parcel per call; a
 * shipment of several is the sum of its parcels' quotes, for the services that quote every one.
 * `due` is what the merchant is charged (taxes included), so it is the rate's total.
 */
import { ApiError } from '../../domain/errors.js';
import type { Package, Rate, ShipmentRequest } from '../../domain/types.js';
import { toDecimalString } from '../shared/json.js';
import { parseXml, xmlElement, xmlList, xmlNumber, xmlRoot, xmlText } from '../shared/xml.js';
import { serviceCode, serviceSlug } from './codes.js';
import { NAMESPACES } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { options, parcel, postalCode, scenarioDestination } from './mapping.js';
import { declaration } from './declaration.js';
import type { CpcMailingScenario } from './wire.js';

/** Canada Post mails from Canada only. */
export function requireCanadianSender(req: Pick<ShipmentRequest, 'sender'>): void {
  if (req.sender.country.toUpperCase() !== 'CA')
    throw new ApiError(
      'schema_validation_error',
      'canadapost ships from Canada only: the sender must be in CA',
      'shipment.sender.country',
    );
}

export function buildRateRequest(
  req: ShipmentRequest,
  pkg: Package,
  account: { customer: string; contract?: string },
): CpcMailingScenario {
  requireCanadianSender(req);
  const opts = options(req, pkg.value);
  return {
    '@_xmlns': NAMESPACES.rate,
    'customer-number': account.customer,
    ...(account.contract ? { 'contract-id': account.contract } : {}),
    ...(req.ship_date ? { 'expected-mailing-date': req.ship_date } : {}),
    ...(opts.length > 0 ? { options: { option: opts } } : {}),
    'parcel-characteristics': parcel(pkg, req),
    ...(req.service ? { services: { 'service-code': [serviceCode(req.service)] } } : {}),
    'origin-postal-code': postalCode(req.sender.postal_code, 'CA'),
    destination: scenarioDestination(req.recipient),
  };
}

/** `price-quotes` → one rate per quote, in CAD. */
export function parseRateResponse(xml: string): Rate[] {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'price-quotes');
  if (!root) throw unexpectedBody('rating response (no price-quotes)');
  return xmlList(root['price-quote']).flatMap((q) => {
    const quote = xmlElement(q);
    const code = xmlText(quote?.['service-code']);
    const due = xmlNumber(xmlElement(quote?.['price-details'])?.due);
    if (!code || due === undefined) return [];
    const slug = serviceSlug(code);
    const standard = xmlElement(quote?.['service-standard']);
    const transit = xmlNumber(standard?.['expected-transit-time']);
    const date = xmlText(standard?.['expected-delivery-date']);
    return [
      {
        service_type: slug,
        service_name: declaration.catalog.serviceNames?.[slug] ?? xmlText(quote?.['service-name']) ?? code,
        total_cost: toDecimalString(due),
        currency: 'CAD',
        ...(transit !== undefined ? { transit_days: transit } : {}),
        ...(date ? { estimated_date: date } : {}),
      },
    ];
  });
}

/** The rates of several parcels as one: the services every parcel was quoted for, their totals summed, the longest transit. */
export function sumRates(perParcel: readonly Rate[][]): Rate[] {
  const [first, ...rest] = perParcel;
  if (!first) return [];
  return first.flatMap((rate) => {
    const others = rest.map((list) => list.find((r) => r.service_type === rate.service_type));
    if (others.some((r) => r === undefined)) return [];
    const all = [rate, ...(others as Rate[])];
    const cents = all.reduce((sum, r) => sum + Math.round(Number(r.total_cost) * 100), 0);
    const latest = all.reduce<Rate>((a, b) => ((b.estimated_date ?? '') > (a.estimated_date ?? '') ? b : a), rate);
    return [{ ...latest, service_name: rate.service_name, total_cost: toDecimalString(cents / 100) }];
  });
}
