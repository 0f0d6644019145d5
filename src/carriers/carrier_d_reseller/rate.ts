/**
 * Rating: ShipmentRequest → PostageRatesRequest (every mail class, CalculatePostageRatesXML) or
 * PostageRateRequest (the one asked, CalculatePostageRateXML), and their answers → Rate[]
 * (PROTOCOL.md §6; samples listing-8-*, listing-9-*, tehpeh postage_rate(s)_success). A postage
 * label is one mailpiece, so a shipment of several packages is rated per package and summed.
 * The request parts booking shares (weights, shapes, services, postal codes) live here too.
 */
import type { Package, Rate } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, toDecimalString } from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { xmlAttr, xmlElement, xmlList, xmlNumber, xmlText, type XmlObject } from '../shared/xml.js';
import { CONTENTS_TYPES, enumValue, INTERNATIONAL_CLASSES, packagingCode, serviceCode, serviceSlug, SPECIAL_SERVICES } from './codes.js';
import { responseRoot, throwIfStatus, unexpectedBody } from './errors.js';
import type { ElsCertifiedIntermediary, ElsCredentials, ElsDimensions, ElsRateRequest, ElsServices } from './wire.js';

const OZ_PER_LB = 16;
const OZ_PER_KG = 35.27396195;
const CM_PER_IN = 2.54;

export function isInternational(req: ShipmentRequest): boolean {
  return req.recipient.country.toUpperCase() !== 'US';
}

export function certifiedIntermediary(c: ElsCredentials): ElsCertifiedIntermediary {
  return { AccountID: c.accountId, PassPhrase: c.passPhrase };
}

/** A decimal with at most one fraction digit, as the guide writes weights ("8.7"; §4 WeightOz). */
function oneDecimal(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** WeightOz of one package: ounces, one decimal, never 0 (406 MailpieceWeightMustBePositive). */
export function weightOz(weight: number, units: ShipmentRequest['weight_units']): string {
  const oz = weight * (units === 'KG' ? OZ_PER_KG : OZ_PER_LB);
  return oneDecimal(Math.max(0.1, oz));
}

/** MailpieceDimensions in inches (§4), when all three are given. */
export function dimensions(p: Package, units: ShipmentRequest['dim_units']): ElsDimensions | undefined {
  if (p.length === undefined || p.width === undefined || p.height === undefined) return undefined;
  const inch = (v: number): string => oneDecimal(units === 'CM' ? v / CM_PER_IN : v);
  return { Length: inch(p.length), Width: inch(p.width), Height: inch(p.height) };
}

export function mailClass(req: ShipmentRequest): string | undefined {
  if (req.service === undefined) return undefined;
  const code = serviceCode(req.service);
  if (!code) throw new ApiError('schema_validation_error', `service ${req.service} is not offered by carrier_d_reseller`, 'shipment.service');
  return code;
}

export function mailpieceShape(req: ShipmentRequest): string {
  const code = packagingCode(req.packaging);
  if (!code) throw new ApiError('schema_validation_error', `packaging ${req.packaging} is not offered by carrier_d_reseller`, 'shipment.packaging');
  return code;
}

/** ZIP codes are 5 digits on the wire; a ZIP+4 goes in the *ZIP4 element (§4). */
export function splitZip(postal: string | undefined, domestic: boolean): { zip5?: string; zip4?: string } {
  if (postal === undefined) return {};
  const digits = [...postal].filter((ch) => ch >= '0' && ch <= '9').join('');
  if (!domestic || digits.length !== 9) return { zip5: postal.trim() };
  return { zip5: digits.slice(0, 5), zip4: digits.slice(5) };
}

/** `Services` attributes plus the amount elements some of them need (§13, §4). */
export function servicesOf(req: ShipmentRequest, p: Package): { Services?: ElsServices; InsuredValue?: string; CODAmount?: string; RegisteredMailValue?: string } {
  const asked = (req.special_services ?? []).map((s) => SPECIAL_SERVICES[s]).filter((s) => s !== undefined);
  if (asked.length === 0) return {};
  const services: ElsServices = {};
  for (const s of asked) services[`@_${s.attribute}`] = s.value;
  const value = toDecimalString(p.value ?? 0);
  const has = (attribute: string): boolean => asked.some((s) => s.attribute === attribute);
  return {
    Services: services,
    InsuredValue: has('InsuredMail') ? value : undefined,
    CODAmount: has('COD') ? value : undefined,
    RegisteredMailValue: has('RegisteredMail') ? value : undefined,
  };
}

/** MM/DD/YYYY, ELS's date form (§4 ShipDate). */
export function elsDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** ContentsType is required to rate First-Class Mail International since ELS 8.8 (§6b, DOC88). */
export function contentsType(req: ShipmentRequest): string {
  return enumValue(CONTENTS_TYPES, req.purpose_of_shipment) ?? 'Merchandise';
}

/** One request per package: CalculatePostageRateXML with a service, else CalculatePostageRatesXML. */
export function buildRateRequest(req: ShipmentRequest, pkg: Package, creds: ElsCredentials): ElsRateRequest {
  const international = isInternational(req);
  const one = mailClass(req);
  return dropUndefined<ElsRateRequest>({
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
    ShipDate: req.ship_date === undefined ? undefined : elsDate(req.ship_date),
    ContentsType: international ? contentsType(req) : undefined,
    DeliveryTimeDays: 'TRUE',
    EstimatedDeliveryDate: 'TRUE',
    ResponseOptions: one ? { '@_PostagePrice': 'TRUE' } : undefined,
  });
}

/** A date as ELS writes it (MM/DD/YYYY, or ISO) → YYYY-MM-DD. */
export function isoDateOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parts = value.split('/');
  if (parts.length === 3) {
    const [m, d, y] = parts;
    return toIsoDate(`${y}-${(m ?? '').padStart(2, '0')}-${(d ?? '').padStart(2, '0')}`);
  }
  return toIsoDate(value);
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
  throwIfStatus(root, 'rate response');
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
      if (amount !== undefined && slug) rates.push({ service_type: slug, service_name: name ?? mailClassAsked, total_cost: toDecimalString(amount), currency: 'USD' });
    }
  }
  if (rates.length === 0 && root.PostagePrice === undefined && root.Postage === undefined) throw unexpectedBody('rate response (no PostagePrice)');
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
    const dates = all.map((r) => r.estimated_date).filter((d): d is string => d !== undefined).sort();
    return [dropUndefined<Rate>({ ...rate, total_cost: toDecimalString(total), transit_days: days.length === all.length ? Math.max(...days) : undefined, estimated_date: dates.length === all.length ? dates.at(-1) : undefined })];
  });
}

/** International mail classes can only go abroad and domestic ones only at home. */
export function checkDestination(req: ShipmentRequest): void {
  const code = mailClass(req);
  if (code === undefined) return;
  if (INTERNATIONAL_CLASSES.has(code) !== isInternational(req)) {
    throw new ApiError('schema_validation_error', `service ${req.service} ${isInternational(req) ? 'is domestic; use an international service' : 'is international; the recipient is in the US'}`, 'shipment.service');
  }
}
