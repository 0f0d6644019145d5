/**
 * Checks every request body gets before any hook or schema looks inside it:
 * - it nests at most MAX_JSON_DEPTH levels. No schema comes close, and recursive code after parsing
 *   (null dropping, the idempotency fingerprint) must never meet a body deep enough to overflow the
 *   stack: 10,000 nested arrays once made a 500 out of a request with an Idempotency-Key;
 * - no string holds a control character (U+0000–U+001F) other than tab: carriers' XML cannot carry
 *   them, and U+0000 cut values short in some carrier APIs while the answer echoed the input.
 */
import { ApiError } from '../domain/errors.js';
import type { FastifyRequest } from 'fastify';

export const MAX_JSON_DEPTH = 64;

// Tab (U+0009) is the one control character text fields may hold.
export const CONTROL = /[\u0000-\u0008\u000a-\u001f]/;

export const controlCharacterError = (path: string) =>
  new ApiError(
    'schema_validation_error',
    `${path} contains a control character (U+0000 to U+001F; only tab is allowed): carriers cannot take it`,
    path,
  );

/** A member path as errors name it: `batch.shipments[3].recipient.name`. */
export const memberPath = (keys: readonly (string | number)[]): string =>
  keys.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key), '');

export type BodyProblem = { kind: 'depth' } | { kind: 'control'; path: string };

/** A problem found below some member: the members leading to it, outermost first. */
type Found = { kind: 'depth' } | { kind: 'control'; keys: (string | number)[] };

const below = (found: Found, key: string | number): Found => (
  found.kind === 'control' && found.keys.unshift(key),
  found
);

/**
 * Recursion bounded by `maxDepth` (a member deeper than that is itself the problem), so the walk
 * cannot overflow the stack however deep the body; it allocates nothing unless it finds a problem,
 * whose path is then made from the keys on the way back up.
 */
function find(value: unknown, depth: number, maxDepth: number): Found | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? { kind: 'control', keys: [] } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= maxDepth) return { kind: 'depth' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], depth + 1, maxDepth);
      if (found) return below(found, i);
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CONTROL.test(key)) return { kind: 'control', keys: [JSON.stringify(key)] };
    const found = find(record[key], depth + 1, maxDepth);
    if (found) return below(found, key);
  }
  return undefined;
}

/** The first problem of the value. */
export function inspectBody(value: unknown, maxDepth: number = MAX_JSON_DEPTH): BodyProblem | undefined {
  const found = find(value, 0, maxDepth);
  if (found === undefined || found.kind === 'depth') return found;
  return { kind: 'control', path: memberPath(found.keys) || 'body' };
}

/** Whether the value nests deeper than `max` arrays or objects. */
export const nestsDeeperThan = (value: unknown, max: number): boolean => inspectBody(value, max)?.kind === 'depth';

/**
 * The first preValidation step (app.ts): refuses deep bodies and control characters with a 400
 * before any other step looks inside.
 */
export function checkBody(req: FastifyRequest): void {
  // A text body (a CSV file) is read by its own parser: line breaks are its row separators. A
  // route whose parser checked the body as it read it is not walked a second time.
  if (req.body === undefined || typeof req.body === 'string' || req.routeOptions.config.checkedBody) return;
  const problem = inspectBody(req.body);
  if (problem?.kind === 'depth')
    throw new ApiError(
      'schema_validation_error',
      `The body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      'body',
    );
  if (problem?.kind === 'control') throw controlCharacterError(problem.path);
}
