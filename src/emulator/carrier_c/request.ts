/**
 * Reading MyDHL request members the way the API validates them: required members missing →
 * "Missing mandatory parameters: …", members of the wrong form → "Parameters not having correct
 * format: …" (the vendor file's 400 examples). Shared by /rates, /shipments and /pickups.
 */
import { isIsoDate, localDate, localTime, utcOffsetMinutes } from '../calendar.js';
import { arr, at, isObject, num, str } from '../json.js';
import { failures } from './errors.js';
import type { PieceInput } from './prices.js';
import type { Party } from './state.js';

/** Collects problems so that one answer names every bad member, as DHL does. */
export class Problems {
  readonly missing: string[] = [];
  readonly format: string[] = [];

  str(body: unknown, path: string, required = true): string | undefined {
    const v = str(at(body, path));
    if (v === undefined && required) this.missing.push(path);
    return v;
  }

  throwIfAny(): void {
    if (this.missing.length > 0) throw failures.missing(this.missing);
    if (this.format.length > 0) throw failures.format(this.format);
  }
}

const PLANNED = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?\s*(?:GMT[+-]\d{2}:\d{2})?$/;

/** "2024-11-05T14:00:00 GMT+00:00" → local date and time (MyDHL reads them as the origin's local time). */
export function readPlanned(body: unknown, path: string, p: Problems): { date: string; time: string } | undefined {
  const raw = p.str(body, path);
  if (raw === undefined) return undefined;
  const m = PLANNED.exec(raw);
  if (!m?.[1] || !m[2] || !isIsoDate(m[1])) {
    p.format.push(path);
    return undefined;
  }
  return { date: m[1], time: m[2] };
}

/** A planned date before today at the origin is refused. */
export function checkNotPast(
  planned: { date: string } | undefined,
  country: string,
  postalCode: string | undefined,
  now: Date,
): void {
  if (!planned) return;
  const today = localDate(now, utcOffsetMinutes(country, postalCode));
  if (planned.date < today)
    throw failures.invalid(
      `Please note that the planned date ${planned.date} is in the past. Please check the request message and retry.`,
    );
}

export function localNow(now: Date, country: string, postalCode?: string): { date: string; time: string } {
  const offset = utcOffsetMinutes(country, postalCode);
  return { date: localDate(now, offset), time: localTime(now, offset).slice(0, 5) };
}

export function readUnit(body: unknown, path: string, p: Problems): boolean {
  const unit = p.str(body, path);
  if (unit !== undefined && unit !== 'metric' && unit !== 'imperial') p.format.push(path);
  return unit !== 'imperial';
}

export function readPieces(body: unknown, path: string, p: Problems): PieceInput[] {
  const list = arr(at(body, path));
  if (!list || list.length === 0) {
    p.missing.push(path);
    return [];
  }
  return list.map((piece, i) => {
    const weight = num(at(piece, 'weight'));
    if (weight === undefined || weight <= 0) p.format.push(`${path}[${i}].weight`);
    const d = at(piece, 'dimensions');
    const dims = isObject(d)
      ? { length: num(d.length) ?? 0, width: num(d.width) ?? 0, height: num(d.height) ?? 0 }
      : undefined;
    if (dims && (dims.length <= 0 || dims.width <= 0 || dims.height <= 0)) p.format.push(`${path}[${i}].dimensions`);
    return { weight: weight ?? 0, ...(dims ? { dimensions: dims } : {}) };
  });
}

/** A flat /rates address or a postalAddress: countryCode and cityName required, postalCode read. */
export function readAddress(
  body: unknown,
  path: string,
  p: Problems,
): { countryCode: string; cityName: string; postalCode?: string } {
  const countryCode = p.str(body, `${path}.countryCode`) ?? '';
  if (countryCode !== '' && !/^[A-Z]{2}$/.test(countryCode)) p.format.push(`${path}.countryCode`);
  const cityName = p.str(body, `${path}.cityName`) ?? '';
  if (cityName.length > 45) p.format.push(`${path}.cityName (maxLength=45)`);
  const postalCode = str(at(body, `${path}.postalCode`));
  return { countryCode, cityName, ...(postalCode ? { postalCode } : {}) };
}

/** A shipment or pickup party: postalAddress plus contactInformation (phone, companyName, fullName required). */
export function readParty(body: unknown, path: string, p: Problems): Party {
  const a = readAddress(body, `${path}.postalAddress`, p);
  const name = p.str(body, `${path}.contactInformation.fullName`) ?? '';
  const company = p.str(body, `${path}.contactInformation.companyName`) ?? '';
  p.str(body, `${path}.contactInformation.phone`);
  const lines = ['addressLine1', 'addressLine2', 'addressLine3']
    .map((k) => str(at(body, `${path}.postalAddress.${k}`)))
    .filter((l): l is string => l !== undefined);
  if (lines.length === 0) p.missing.push(`${path}.postalAddress.addressLine1`);
  return { name, company, lines, city: a.cityName, postalCode: a.postalCode ?? '', countryCode: a.countryCode };
}

/** Three letters for a city, DHL's service area code style ("New York" → NEW). */
export function serviceArea(city: string): string {
  return (city.toUpperCase().replace(/[^A-Z]/g, '') + 'XXX').slice(0, 3);
}

/**
 * Value-added service codes the emulator knows: the vendor file's list (the /rates example answer,
 * "FUEL SURCHARGE" FF … "NON STACKABLE PALLET" YC) plus HB, DHL's lithium ion PI965 code.
 */
export const VALUE_ADDED_SERVICE_CODES: ReadonlySet<string> = new Set(
  'AA CG DD DE DT DU EE FE GG HB HC HD HE HH HK HM HT HU HV HW HX II JA JD JY LG LU LX MA NN OO PA PD PH PJ PK PL PM PO PP PQ PR PT PU PV PW PZ QA SF SX TF TK TT TV WB WD WE WF WG WH WI WJ WK WL WM WO WS WT WY XB XE XJ XK XX YC'.split(
    ' ',
  ),
);

export function readValueAddedServices(body: unknown, path: string, p: Problems): string[] {
  return (arr(at(body, path)) ?? []).map((v, i) => {
    const code = str(at(v, 'serviceCode')) ?? '';
    if (!VALUE_ADDED_SERVICE_CODES.has(code)) p.format.push(`${path}[${i}].serviceCode`);
    if (code === 'II' && !(num(at(v, 'value')) !== undefined && str(at(v, 'currency'))))
      p.missing.push(`${path}[${i}].value, currency`);
    return code;
  });
}
