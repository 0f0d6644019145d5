/**
 * Rating: ShipmentRequest → PostageRatesRequest (every mail class, CalculatePostageRatesXML) or
 * PostageRateRequest (the one asked, CalculatePostageRateXML), and their answers → Rate[]
 * (README.md §6; samples listing-8-*, listing-9-*, tehpeh postage_rate(s)_success). A postage
 * label is one mailpiece, so a shipment of several packages is rated per package and summed.
 * The request parts booking shares (weights, shapes, services, postal codes) live in mapping.ts.
 */
import type { Package, Rate } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { dropUndefined, toDecimalString } from '../shared/json.js';
import { xmlAttr, xmlElement, xmlList, xmlNumber, xmlText, type XmlObject } from '../shared/xml.js';
import { serviceSlug } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { Credentials, WireRateRequest } from './wire.js';
import {
  certifiedIntermediary,
  contentsType,
  dimensions,
  isInternational,
  isoDateOf,
  mailClass,
  mailpieceShape,
  servicesOf,
  splitZip,
  weightOz,
  responseRoot,
} from './mapping.js';

/** MM/DD/YYYY, ELS's date form (§4 ShipDate). */
export function wireDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** One request per package: CalculatePostageRateXML with a service, else CalculatePostageRatesXML. */
export function buildRateRequest(req: ShipmentRequest, pkg: Package, creds: Credentials): WireRateRequest {
  const international = isInternational(req);
  const one = mailClass(req);
  return dropUndefined<WireRateRequest>({
    RequesterID: creds.requesterId,
    CertifiedIntermediary: certifiedIntermediary(creds),
    MailClass: one ?? (international ? 'International' : 'Domestic'),
    WeightOz: weightOz(pkg.weight, req.weight_units),
    MailpieceShape: mailpieceShape(req),
    MailpieceDimensions: dimensions(pkg, req.dim_units),
    ...servicesOf(req, pkg),
    FromPostalCode: splitZip(req.sender.postal_code, true).zip5,
    ToPostalCode: splitZip(req.recipient.postal_code, !international).zip5,
    ToCountryCode: international ? req.recipient.country.toUpperCase() : undefined,
    ShipDate: req.ship_date === undefined ? undefined : wireDate(req.ship_date),
    ContentsType: international ? contentsType(req) : undefined,
    DeliveryTimeDays: 'TRUE',
    EstimatedDeliveryDate: 'TRUE',
    ResponseOptions: one ? { '@_PostagePrice': 'TRUE' } : undefined,
  });
}

/** One priced mail class: a PostagePrice node (§6c). */
function rateFromPrice(price: XmlObject, mailClassAsked: string | undefined): Rate | undefined {
  const total = xmlNumber(xmlAttr(price, 'TotalAmount'));
  const postage = xmlElement(price.Postage);
  const name = xmlText(postage?.MailService);
  const code = xmlText(price.MailClass) ?? mailClassAsked;
  const slug = serviceSlug(code, name);
  if (total === undefined || slug === undefined) return undefined;
  const days = xmlNumber(price.DeliveryTimeDays);
  return dropUndefined<Rate>({
    service_type: slug,
    service_name: name ?? code ?? slug,
    total_cost: toDecimalString(total),
    currency: 'USD',
    transit_days: days !== undefined && days > 0 ? Math.round(days) : undefined,
    estimated_date: isoDateOf(xmlText(price.EstimatedDeliveryDate)),
  });
}

/**
 * PostageRatesResponse or PostageRateResponse → rates. The single-class answer carries a
 * PostagePrice when asked for (ResponseOptions), else the older `Postage{MailService, Rate}`.
 */
export function parseRateResponse(body: string, mailClassAsked?: string): Rate[] {
  const root = responseRoot(body, mailClassAsked === undefined ? 'PostageRatesResponse' : 'PostageRateResponse');
  throwIfError(root, 'rate response');
  const rates = xmlList(root.PostagePrice)
    .map(xmlElement)
    .filter((p): p is XmlObject => p !== undefined)
    .map((p) => rateFromPrice(p, mailClassAsked))
    .filter((r): r is Rate => r !== undefined);
  if (rates.length === 0 && mailClassAsked !== undefined) {
    for (const postage of xmlList(root.Postage).map(xmlElement)) {
      const amount = xmlNumber(postage?.Rate);
      const name = xmlText(postage?.MailService);
      const slug = serviceSlug(mailClassAsked, name);
      if (amount !== undefined && slug)
        rates.push({
          service_type: slug,
          service_name: name ?? mailClassAsked,
          total_cost: toDecimalString(amount),
          currency: 'USD',
        });
    }
  }
  if (rates.length === 0 && root.PostagePrice === undefined && root.Postage === undefined)
    throw unexpectedBody('rate response (no PostagePrice)');
  return rates;
}

/**
 * The rates of a shipment from the rates of each of its packages: a service is offered when every
 * package can go with it, at the sum of their prices; transit is the slowest package's.
 */
export function sumPackageRates(perPackage: Rate[][]): Rate[] {
  const [first, ...rest] = perPackage;
  if (!first) return [];
  return first.flatMap((rate) => {
    const same = rest.map((list) => list.find((r) => r.service_type === rate.service_type));
    if (same.some((r) => r === undefined)) return [];
    const all = [rate, ...(same as Rate[])];
    const total = all.reduce((sum, r) => sum + Number(r.total_cost), 0);
    const days = all.map((r) => r.transit_days).filter((d): d is number => d !== undefined);
    const dates = all
      .map((r) => r.estimated_date)
      .filter((d): d is string => d !== undefined)
      .sort();
    return [
      dropUndefined<Rate>({
        ...rate,
        total_cost: toDecimalString(total),
        transit_days: days.length === all.length ? Math.max(...days) : undefined,
        estimated_date: dates.length === all.length ? dates.at(-1) : undefined,
      }),
    ];
  });
}
