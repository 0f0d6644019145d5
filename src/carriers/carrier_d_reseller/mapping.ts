/**
 * Request parts that rating, labels, tracking, refunds, manifests and account calls share (the
 * certified intermediary, weights, shapes, services, postal codes, dates), and the references a
 * label carries, which the transactions listing searches (lookup.ts).
 */
import type { Package } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { toDecimalString } from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { parseXml, xmlRoot, xmlRootName, type XmlObject } from '../shared/xml.js';
import { unexpectedBody } from './errors.js';
import {
  CONTENTS_TYPES,
  enumValue,
  INTERNATIONAL_CLASSES,
  packagingCode,
  REFERENCE_ELEMENTS,
  serviceCode,
  SPECIAL_SERVICES,
} from './codes.js';
import type { WireCertifiedIntermediary, Credentials, WireDimensions, WireServices } from './wire.js';

export const OZ_PER_LB = 16;
export const OZ_PER_KG = 35.27396195;
const CM_PER_IN = 2.54;

export function isInternational(req: ShipmentRequest): boolean {
  return req.recipient.country.toUpperCase() !== 'US';
}

export function certifiedIntermediary(c: Credentials): WireCertifiedIntermediary {
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
export function dimensions(p: Package, units: ShipmentRequest['dim_units']): WireDimensions | undefined {
  if (p.length === undefined || p.width === undefined || p.height === undefined) return undefined;
  const inch = (v: number): string => oneDecimal(units === 'CM' ? v / CM_PER_IN : v);
  return { Length: inch(p.length), Width: inch(p.width), Height: inch(p.height) };
}

export function mailClass(req: ShipmentRequest): string | undefined {
  if (req.service === undefined) return undefined;
  const code = serviceCode(req.service);
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `service ${req.service} is not offered by carrier_d_reseller`,
      'shipment.service',
    );
  return code;
}

export function mailpieceShape(req: ShipmentRequest): string {
  const code = packagingCode(req.packaging);
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `packaging ${req.packaging} is not offered by carrier_d_reseller`,
      'shipment.packaging',
    );
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
export function servicesOf(
  req: ShipmentRequest,
  p: Package,
): { Services?: WireServices; InsuredValue?: string; CODAmount?: string; RegisteredMailValue?: string } {
  const asked = (req.special_services ?? []).map((s) => SPECIAL_SERVICES[s]).filter((s) => s !== undefined);
  if (asked.length === 0) return {};
  const services: WireServices = {};
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

/** ContentsType is required to rate First-Class Mail International since ELS 8.8 (§6b, DOC88). */
export function contentsType(req: ShipmentRequest): string {
  return enumValue(CONTENTS_TYPES, req.purpose_of_shipment) ?? 'Merchandise';
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

/** International mail classes can only go abroad and domestic ones only at home. */
export function checkDestination(req: ShipmentRequest): void {
  const code = mailClass(req);
  if (code === undefined) return;
  if (INTERNATIONAL_CLASSES.has(code) !== isInternational(req)) {
    throw new ApiError(
      'schema_validation_error',
      `service ${req.service} ${isInternational(req) ? 'is domestic; use an international service' : 'is international; the recipient is in the US'}`,
      'shipment.service',
    );
  }
}

/** The one reference element the transactions listing searches by (lookup.ts). */
const SEARCHED = 'ReferenceID';

/**
 * Whether Waybill's own reference rides in ReferenceID: when the shipper's references leave it
 * free (none of type reference_1, and at most three, which fill ReferenceID2..4), so theirs are
 * never displaced. The transactions listing searches ReferenceID alone (lookup.ts).
 */
export function carriesWaybillReference(req: ShipmentRequest): boolean {
  const refs = req.references ?? [];
  return (
    req.waybill_reference !== undefined &&
    refs.length < Object.keys(REFERENCE_ELEMENTS).length &&
    !refs.some((r) => REFERENCE_ELEMENTS[r.type] === SEARCHED)
  );
}

/**
 * references → ReferenceID..ReferenceID4; other types fill the free slots in order (§4), after
 * Waybill's reference has taken ReferenceID where it rides (carriesWaybillReference).
 */
export function referenceElements(req: ShipmentRequest): XmlObject {
  const out: Record<string, string> = carriesWaybillReference(req) ? { [SEARCHED]: req.waybill_reference! } : {};
  const free = Object.values(REFERENCE_ELEMENTS);
  const rest: string[] = [];
  for (const r of req.references ?? []) {
    const element = REFERENCE_ELEMENTS[r.type];
    if (element && out[element] === undefined) out[element] = r.value.slice(0, 50);
    else rest.push(r.value.slice(0, 50));
  }
  for (const element of free) if (out[element] === undefined && rest.length > 0) out[element] = rest.shift() as string;
  return out;
}

/**
 * The response document's root, checked to be the expected one. A body that is not XML, or
 * another document (an ASP.NET error page, a SOAP fault), is carrier_http_exception.
 */
export function responseRoot(body: string, root: string): XmlObject {
  const doc = parseXml(body);
  const found = xmlRoot(doc, root);
  if (found) return found;
  const name = xmlRootName(doc);
  throw unexpectedBody(doc === undefined ? `${root} (not XML)` : `${root} (root element ${name ?? 'missing'})`);
}
