/**
 * Checks every request body gets before any hook or schema looks inside it:
 * - it nests at most MAX_JSON_DEPTH levels. No schema comes close, and recursive code after parsing
 *   (null dropping, the idempotency fingerprint) must never meet a body deep enough to overflow the
 *   stack: 10,000 nested arrays once made a 500 out of a request with an Idempotency-Key;
 * - no string holds a control character (U+0000–U+001F) other than tab: carriers' XML cannot carry
 *   them, and U+0000 cut values short in some carrier APIs while the answer echoed the input.
 */
import { ApiError } from '../domain/errors.js';
import type { App } from './types.js';

export const MAX_JSON_DEPTH = 64;

// Tab (U+0009) is the one control character text fields may hold.
const CONTROL = /[\u0000-\u0008\u000a-\u001f]/;

export type BodyProblem = { kind: 'depth' } | { kind: 'control'; path: string };

const child = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** The first problem of the value, walking it iteratively so that the walk cannot overflow itself. */
export function inspectBody(value: unknown, maxDepth: number = MAX_JSON_DEPTH): BodyProblem | undefined {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return { kind: 'control', path: path || 'body' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'depth' };
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v as Record<string, unknown>);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && CONTROL.test(key)) return { kind: 'control', path: child(path, JSON.stringify(key)) };
      if (typeof item === 'string' || (item !== null && typeof item === 'object')) stack.push([item, depth + 1, child(path, key)]);
    }
  }
  return undefined;
}

/** Whether the value nests deeper than `max` arrays or objects. */
export const nestsDeeperThan = (value: unknown, max: number): boolean => inspectBody(value, max)?.kind === 'depth';

/** Refuses deep bodies and control characters with a 400 before any other hook looks inside. */
export function registerBodyChecks(app: App): void {
  // A callback hook: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('preValidation', (req, _reply, done) => {
    // A text body (a CSV file) is read by its own parser: line breaks are its row separators.
    if (req.body === undefined || typeof req.body === 'string') return done();
    const problem = inspectBody(req.body);
    if (problem?.kind === 'depth') return done(new ApiError('schema_validation_error', `The body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`, 'body'));
    if (problem?.kind === 'control') {
      return done(new ApiError('schema_validation_error', `${problem.path} contains a control character (U+0000 to U+001F; only tab is allowed): carriers cannot take it`, problem.path));
    }
    done();
  });
}
