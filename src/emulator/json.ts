/**
 * Reading untrusted request JSON without `any`: every carrier emulator validates bodies member by
 * member the way the real API does, so it needs typed, forgiving accessors over `unknown`.
 */
import { bool, isObject, type JsonObject } from '../carriers/shared/json.js';

// The exact readers are the carrier parsers' own; the ones below are the emulator's lenient kind.
export { bool, isObject, type JsonObject };

/** The value at a dotted path (`requestedShipment.recipients.0.address`), or undefined. */
export function at(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** A non-empty trimmed string; numbers are accepted as their decimal text (postal codes often are). */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A finite number; numeric strings are accepted (carriers' own samples send amounts as "100"). */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function arr(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** Strings of an array member, skipping anything else. */
export function strings(value: unknown): string[] {
  return (arr(value) ?? []).map(str).filter((s): s is string => s !== undefined);
}

/** Money and weights as carriers print them: two decimals, as a number. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The HTTP status an error thrown inside fastify carries (body parsing, content type, size). */
export function statusCodeOf(err: unknown): number | undefined {
  const code = isObject(err) ? err.statusCode : undefined;
  return typeof code === 'number' ? code : undefined;
}
