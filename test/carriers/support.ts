/** Helpers every carrier's mapping suites share. */
import { ApiError } from '../../src/domain/errors.js';
import { buildXml, parseXml } from '../../src/carriers/shared/xml.js';

/** The ApiError `fn` throws; fails the test when it throws anything else or nothing. */
export function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw new Error(`expected an ApiError, got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

/** Every leaf of a parsed document as `path = value` (attributes as `@name`). */
function leaves(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(path, '');
    for (const [k, v] of entries) leaves(v, k === '#text' ? path : `${path}/${k.replace(/^@_/, '@')}`, out);
  } else out.set(path, String(value ?? ''));
}

/**
 * The differences between a request Waybill builds and a recorded one, as sorted lines:
 * `+path = value` only ours, `-path = value` only recorded, `~path: ours ≠ recorded`.
 * Empty recorded elements (`<ToCompany></ToCompany>`) count as absent.
 */
export function requestDiff(root: string, built: object, recordedXml: string): string[] {
  const ours = new Map<string, string>();
  const theirs = new Map<string, string>();
  leaves(parseXml(buildXml(root, built)), '', ours);
  const recorded = parseXml(recordedXml);
  if (!recorded) throw new Error('recorded request does not parse');
  leaves(recorded, '', theirs);
  const out: string[] = [];
  for (const [k, v] of ours) {
    const r = theirs.get(k);
    if (r === undefined || r === '') out.push(`+${k} = ${v}`);
    else if (r !== v) out.push(`~${k}: ${v} ≠ ${r}`);
  }
  for (const [k, v] of theirs) if (!ours.has(k) && v !== '') out.push(`-${k} = ${v}`);
  return out.sort();
}
