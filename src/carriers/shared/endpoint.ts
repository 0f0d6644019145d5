/**
 * One carrier endpoint as every carrier folder's `endpoints.ts` describes it: the one table of the
 * carrier's calls, read by its client (method, path, retries) and by the pure builds that fill a
 * path's parameters.
 */
import { ApiError } from '../../domain/errors.js';

export interface Endpoint {
  /** The operation name logs, metrics and traces carry ("rate", "pickup_cancel", "oauth"). */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the carrier's base URL; `{name}` marks a part the request fills (`fillPath`). */
  path: string;
  /** Safe to repeat: reads, quotes and token requests. Bookings, cancellations and pickups are not. */
  idempotent: boolean;
  /** A 404 (or the carrier's "not found" words) means no such shipment: tracking, cancellation. */
  notFound?: boolean;
}

/**
 * The path with each `{name}` replaced by its value, percent-encoded as one path segment. `.` and
 * `..` are refused: encodeURIComponent leaves them as they are and URL parsing resolves them into
 * another path of the carrier's API. `field` is the request member the values come from, which the
 * 400 names.
 */
export function fillPath(path: string, values: Readonly<Record<string, string>>, field?: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    if (value === '.' || value === '..')
      throw new ApiError(
        'schema_validation_error',
        `${field ?? name} "${value}" is not a number a carrier issues`,
        field ?? name,
      );
    return encodeURIComponent(value);
  });
}
