/**
 * Local time for emulated carriers. Carriers stamp events in the local time of the scan location
 * with its UTC offset (e.g. "2014-01-09T13:31:00-05:00" in FedEx tracking), count transit in
 * business days, and quote pickup windows in local hours. The emulator uses a fixed standard-time
 * offset per country (per ZIP prefix inside the US) and ignores daylight saving: deterministic,
 * and close enough for clients that must normalise offsets anyway.
 */

// The offsets table lives with the adapters' time helpers: some carriers want origin-local times sent.
export { utcOffsetMinutes } from '../carriers/shared/time.js';

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** "YYYY-MM-DD" of the instant in the given offset. */
export function localDate(instant: Date, offsetMin: number): string {
  return new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(0, 10);
}

/** "HH:MM:SS" of the instant in the given offset. */
export function localTime(instant: Date, offsetMin: number): string {
  return new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(11, 19);
}

export function formatOffset(offsetMin: number): string {
  return `${offsetMin < 0 ? '-' : '+'}${pad(Math.trunc(offsetMin / 60))}:${pad(offsetMin % 60)}`;
}

/** ISO 8601 local time with offset, seconds precision: "2025-03-04T10:15:00-05:00". */
export function formatLocal(instant: Date, offsetMin: number): string {
  const shifted = new Date(instant.getTime() + offsetMin * 60_000).toISOString().slice(0, 19);
  return `${shifted}${formatOffset(offsetMin)}`;
}

/** The instant of a local wall-clock time ("HH:MM" or "HH:MM:SS") on a local date. */
export function atLocal(date: string, time: string, offsetMin: number): Date {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  return new Date(midnightUtc + ((h * 60 + m) * 60 + s) * 1000 - offsetMin * 60_000);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date with a four-digit year ("2026-02-30" and "+010000-01-01" are not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/**
 * Day arithmetic stays inside four-digit years: past 9999-12-31 toISOString() gives "+010000-01-01",
 * which compares below every real date and made business-day loops spin for ever. Out of range throws.
 */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  const out = Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : '';
  if (!ISO_DATE.test(out)) throw new RangeError(`date out of range: ${date} + ${days} days`);
  return out;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const DAY_NAMES = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

export function dayName(date: string): (typeof DAY_NAMES)[number] {
  return DAY_NAMES[weekday(date)] ?? 'SUNDAY';
}

export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6;
}

/** The first business day on or after the date (at most two days on). */
export function nextBusinessDay(date: string): string {
  let d = date;
  for (let i = 0; i < 7 && !isBusinessDay(d); i++) d = addDays(d, 1);
  return d;
}

/** The longest span any emulated timeline walks day by day; more is a caller's mistake, not a plan. */
export const MAX_SPAN_DAYS = 400;

/** Adds business days (Monday–Friday), the way carriers count transit time. */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isInteger(days) || days > MAX_SPAN_DAYS) throw new RangeError(`business days out of range: ${days}`);
  let d = date;
  let left = days;
  // Five business days in every seven calendar days: the bound is never reached by a valid date.
  for (let steps = 0; left > 0 && steps < 2 * days + 7; steps++) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

/** The days from `from` (inclusive) to `until` (exclusive), stepping with `next`; at most MAX_SPAN_DAYS. */
export function* daysUntil(
  from: string,
  until: string,
  next: (day: string) => string = (d) => addDays(d, 1),
): Generator<string> {
  let day = from;
  for (let i = 0; i < MAX_SPAN_DAYS && day < until; i++) {
    yield day;
    day = next(day);
  }
}

/**
 * Events planned at fixed local times can collide when a booking comes late on a short lane; each
 * one that is not after the one before is moved to `gapMs` after it, so that events stay in order.
 */
export function keepInOrder<T extends { at: Date }>(events: T[], gapMs = 15 * 60_000): T[] {
  for (let i = 1; i < events.length; i++) {
    const prev = events[i - 1];
    const cur = events[i];
    if (prev && cur && cur.at.getTime() <= prev.at.getTime()) cur.at = new Date(prev.at.getTime() + gapMs);
  }
  return events;
}
