/** Helpers every carrier's mapping suites share. */
import { ApiError } from '../../src/domain/errors.js';

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
