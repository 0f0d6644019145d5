/**
 * Request bodies nest at most MAX_JSON_DEPTH levels. No schema comes close, and recursive code after
 * parsing (null dropping, the idempotency fingerprint) must never meet a body deep enough to
 * overflow the stack: 10,000 nested arrays once made a 500 out of a request with an Idempotency-Key.
 */
import { ApiError } from '../domain/errors.js';
import type { App } from './types.js';

export const MAX_JSON_DEPTH = 64;

/** Whether the value nests deeper than `max` arrays or objects; iterative, so it cannot overflow itself. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Refuses deep bodies before any other hook looks inside them. */
export function registerJsonDepthLimit(app: App): void {
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
      throw new ApiError('schema_validation_error', `The body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`, 'body');
    }
  });
}
