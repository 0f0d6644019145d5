/**
 * Timestamp normalisation shared by every carrier. Carriers send timestamps with and without
 * offsets, with "Z", with fractional seconds of any precision, with a space instead of "T",
 * or as a bare date (each carrier folder's README.md says which its answers use).
 *
 * Our rule (spec: checkpoint time is "date-time with UTC offset"):
 *  - output is always `YYYY-MM-DDTHH:MM:SS±HH:MM`, seconds precision (fractions are dropped:
 *    no carrier event is meaningful below one second, and one fixed shape sorts and compares);
 *  - "Z" and "-00:00" become "+00:00"; "+0700" and "+07" become "+07:00";
 *  - a timestamp WITHOUT an offset is taken as UTC and written with "+00:00". The carrier's
 *    local zone is unknown to a pure function; callers that know better must pass an offset;
 *  - a bare date is midnight UTC of that date;
 *  - anything else (impossible dates included) is undefined, never a guess.
 */

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function normaliseOffset(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === 'Z' || raw === 'z') return '+00:00';
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(raw);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (hours > 14 || minutes > 59) return undefined;
  const sign = hours === 0 && minutes === 0 ? '+' : m[1];
  return `${sign}${m[2]}:${m[3] ?? '00'}`;
}

/**
 * Timestamps already normalised, by their text: an answer repeats the same few (a FedEx rate answer
 * names one date per service, seven services over three dates), and the pattern and the calendar
 * check cost each about 0.4 µs. Emptied when full.
 */
const normalised = new Map<string, string>();
const MAX_NORMALISED = 1_000;

/** ISO 8601 with a UTC offset, or undefined when the input is not a timestamp. */
export function toIsoWithOffset(input: string): string | undefined {
  let iso = normalised.get(input);
  if (iso === undefined) {
    iso = normalise(input);
    if (iso === undefined) return undefined;
    if (normalised.size >= MAX_NORMALISED) normalised.clear();
    normalised.set(input, iso);
  }
  return iso;
}

function normalise(input: string): string | undefined {
  const m = PATTERN.exec(input.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', off] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const offset = normaliseOffset(off);
  if (offset === undefined) return undefined;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
}

/** The calendar date (YYYY-MM-DD) a carrier timestamp or date names, as written (no zone shift). */
export function toIsoDate(input: string): string | undefined {
  const normalised = toIsoWithOffset(input);
  return normalised === undefined ? undefined : normalised.slice(0, 10);
}

/** Milliseconds since the epoch of a value produced by toIsoWithOffset (for ordering). */
export function instantOf(iso: string): number {
  return Date.parse(iso);
}

/** "HH:MM" from "HH:MM", "HH:MM:SS" or "HH:MM:SS.sss", else undefined. */
export function toHhMm(input: string): string | undefined {
  const m = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(input.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]}:${m[2]}`;
}

/** The UTC calendar date of an instant, YYYY-MM-DD (the default ship date is "today" from the clock). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
/** How far past the ship date a carrier may have moved a booking's date (see lookupWindow). */
const LOOKUP_DAYS_AFTER = 7;

/**
 * The ship dates a lookup of a lost booking searches, as YYYY-MM-DD: from the day before the call
 * (the shipper's time zone may be a day behind UTC) to a week after the later of the call's day and
 * the requested ship date. A carrier moves a ship date that falls on a weekend, a holiday or past
 * its day's cut-off to its next working day (on a Saturday the booking is Monday's, two days after
 * the call), so a window that ends the day after the call misses it; Waybill's reference names one
 * booking, so a wider window can find nothing else.
 */
export function lookupWindow(shipDate: string | undefined, bookedAt: Date): { from: string; to: string } {
  const callDay = utcDate(bookedAt);
  const last = shipDate !== undefined && shipDate > callDay ? shipDate : callDay;
  return {
    from: utcDate(new Date(bookedAt.getTime() - DAY_MS)),
    to: utcDate(new Date(Date.parse(`${last}T00:00:00Z`) + LOOKUP_DAYS_AFTER * DAY_MS)),
  };
}

/**
 * A fixed standard-time offset per country (per ZIP prefix inside the US), ignoring daylight saving.
 * For carriers that want times "local to the origin" while the request knows only the address:
 * close enough for dates and business hours, and deterministic.
 */
const COUNTRY_OFFSETS: Record<string, number> = {
  CA: -300,
  MX: -360,
  BR: -180,
  AR: -180,
  CL: -240,
  CO: -300,
  PE: -300,
  GB: 0,
  IE: 0,
  PT: 0,
  IS: 0,
  MA: 0,
  DE: 60,
  FR: 60,
  NL: 60,
  BE: 60,
  LU: 60,
  IT: 60,
  ES: 60,
  AT: 60,
  CH: 60,
  PL: 60,
  CZ: 60,
  SK: 60,
  HU: 60,
  SE: 60,
  DK: 60,
  NO: 60,
  SI: 60,
  HR: 60,
  MT: 60,
  TG: 0,
  NG: 60,
  FI: 120,
  EE: 120,
  LV: 120,
  LT: 120,
  GR: 120,
  RO: 120,
  BG: 120,
  CY: 120,
  IL: 120,
  ZA: 120,
  EG: 120,
  TR: 180,
  SA: 180,
  AE: 240,
  IN: 330,
  TH: 420,
  VN: 420,
  CN: 480,
  HK: 480,
  SG: 480,
  TW: 480,
  MY: 480,
  PH: 480,
  JP: 540,
  KR: 540,
  AU: 600,
  NZ: 720,
};

/** Today's date where the address is (by utcOffsetMinutes), YYYY-MM-DD. */
export function localToday(now: Date, address: { country: string; postal_code?: string | undefined }): string {
  return new Date(now.getTime() + utcOffsetMinutes(address.country, address.postal_code) * 60_000)
    .toISOString()
    .slice(0, 10);
}

/** Minutes east of UTC for an address: US time zones by the first ZIP digit, else per country. */
export function utcOffsetMinutes(countryCode: string, postalCode?: string): number {
  if (countryCode === 'US') {
    const first = postalCode?.[0];
    if (first === undefined || !/\d/.test(first)) return -300;
    return [-300, -300, -300, -300, -300, -360, -360, -360, -420, -480][Number(first)] ?? -300;
  }
  return COUNTRY_OFFSETS[countryCode] ?? 0;
}
