/**
 * One carrier endpoint as every carrier folder's `endpoints.ts` describes it: the one table of the
 * carrier's calls, read by its client (method, path, retries) and by the pure builds that fill a
 * path's parameters.
 */
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

/** The path with each `{name}` replaced by its value, percent-encoded as one path segment. */
export function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
