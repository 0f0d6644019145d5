/** Helpers shared by the carrier_a mapping suites. */
import { ApiError } from '../../../src/domain/errors.js';
import { readFixtureJson } from '../../support/fixtures.js';

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

/** A recorded carrier_a payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('carrier_a', file);
}

/** Bodies of the wrong shape every parser must turn into carrier_http_exception. */
export const GARBAGE: readonly (readonly [string, unknown])[] = [
  ['null', null],
  ['undefined', undefined],
  ['an array', []],
  ['an empty object', {}],
  ['a string', 'not json'],
  ['a number', 42],
  ['output as a string', { output: 'x' }],
  ['output as an array', { output: [] }],
  ['output with members of the wrong types', { output: { rateReplyDetails: 7, transactionShipments: 'x', completeTrackResults: {}, options: 1, cancelledShipment: 'yes', locationDetailList: 'x' } }],
];
