/** GET /returns query → storage filter and page, and checks of custom pairs (spec "GET /returns"). */
import { ApiError } from '../../domain/errors.js';
import type { ReturnsQuery } from '../../contract/returns.js';
import type { ReturnFilter } from '../../storage/repositories/return-list.js';
import type { CustomPair } from '../../storage/repositories/returns.js';
import { dateBounds, paging } from '../kernel/index.js';

export type ListQuery = ReturnsQuery;

const MAX_CUSTOM_VALUE_CHARS = 2000;

export function listQuery(q: ListQuery): { filter: ReturnFilter; page: { limit: number; offset: number } } {
  const filter: ReturnFilter = dateBounds(q);
  if (q.search !== undefined) filter.search = q.search.trim();
  if (q.return_method !== undefined) filter.return_method = q.return_method;
  if (q.customer_id !== undefined) filter.customer_id = q.customer_id;
  if (q.order_id !== undefined) filter.order_id = q.order_id;
  if (q.status !== undefined) filter.status = q.status;
  if (q.custom !== undefined) {
    filter.custom = q.custom.map((pair) => {
      const i = pair.indexOf(':');
      if (i <= 0) throw new ApiError('schema_validation_error', `custom "${pair}" must be name:value`, 'custom');
      return { name: pair.slice(0, i), match: pair.slice(i + 1) };
    });
  }
  return { filter, page: paging(q) };
}

/** Names are keys: one value each; values stay small enough to filter on. */
export function checkCustom(custom: CustomPair[], path: string): void {
  const seen = new Set<string>();
  for (const [i, c] of custom.entries()) {
    if (seen.has(c.name))
      throw new ApiError(
        'schema_validation_error',
        `${path}[${i}].name "${c.name}" appears twice; each name has one value`,
        `${path}[${i}].name`,
      );
    seen.add(c.name);
    if (c.value === undefined)
      throw new ApiError('schema_field_required', `${path}[${i}].value is required`, `${path}[${i}].value`);
    if (JSON.stringify(c.value).length > MAX_CUSTOM_VALUE_CHARS)
      throw new ApiError(
        'schema_validation_error',
        `${path}[${i}].value is longer than ${MAX_CUSTOM_VALUE_CHARS} characters of JSON`,
        `${path}[${i}].value`,
      );
  }
}

/** The booking's checks speak of a shipment; a return's client sent customer and destination. */
export function asReturnError(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const rename = (s: string) =>
    s
      .replaceAll('shipment.sender', 'return.customer')
      .replaceAll('shipment.recipient', 'return.destination')
      .replaceAll('shipment.', 'return.');
  return new ApiError(err.code, rename(err.message), rename(err.detail), {
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    cause: err.cause,
  });
}

/** `created` is the spec's date-time without zone: UTC, to the second. */
export function created(iso: string): string {
  return iso.slice(0, 19);
}
