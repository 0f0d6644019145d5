/**
 * What every list shares: the page size, `start_date` / `end_date` as bounds on `created`, and the
 * page as limit and offset (spec "GET /returns"; the shipment and pickup lists follow it).
 */
import { ApiError } from '../../domain/errors.js';

export const DEFAULT_PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The last instant ISO text writes with four year digits: a later one is written `+010000-…`,
 * which sorts before every stored `created` when compared as text.
 */
const LAST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A bound on `created` as an ISO instant. A date covers its whole day; a date-time without an offset
 * is UTC, as `created` itself is written. `end` is inclusive, so it becomes the instant just after;
 * an end reaching past LAST_INSTANT_MS bounds nothing (undefined), a start there is clamped to it.
 */
export function bound(value: string, field: 'start_date' | 'end_date'): string | undefined {
  const dateOnly = DATE.test(value);
  if (!dateOnly && !DATE_TIME.test(value))
    throw new ApiError(
      'schema_validation_error',
      `${field} "${value}" is not a date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS, optional offset)`,
      field,
    );
  const zoned = dateOnly ? `${value}T00:00:00Z` : /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  // Date.parse rolls 2026-02-30 over to March 2: the date must name a day that exists.
  const day = value.slice(0, 10);
  const dayMs = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || Number.isNaN(dayMs) || new Date(dayMs).toISOString().slice(0, 10) !== day)
    throw new ApiError('schema_validation_error', `${field} "${value}" is not a valid date`, field);
  if (field === 'start_date') return new Date(Math.min(ms, LAST_INSTANT_MS)).toISOString();
  const after = ms + (dateOnly ? 86_400_000 : value.includes('.') ? 1 : 1000);
  return after > LAST_INSTANT_MS ? undefined : new Date(after).toISOString();
}

/** `start_date` and `end_date` as bounds on `created`: from (inclusive) and until (exclusive). */
export function dateBounds(q: { start_date?: string; end_date?: string }): { from?: string; until?: string } {
  const from = q.start_date !== undefined ? bound(q.start_date, 'start_date') : undefined;
  const until = q.end_date !== undefined ? bound(q.end_date, 'end_date') : undefined;
  if (from !== undefined && until !== undefined && until <= from)
    throw new ApiError('schema_validation_error', 'end_date is before start_date', 'end_date');
  return { ...(from !== undefined ? { from } : {}), ...(until !== undefined ? { until } : {}) };
}

/** `page` (from 1) and `pageSize` as limit and offset. */
export function paging(q: { page?: number; pageSize?: number }): { limit: number; offset: number } {
  const limit = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
}
