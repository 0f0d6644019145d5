/** Helpers shared by the carrier_a mapping suites. */
import { readFixtureJson } from '../../support/fixtures.js';

export { apiErrorOf } from '../support.js';

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
  [
    'output with members of the wrong types',
    {
      output: {
        rateReplyDetails: 7,
        transactionShipments: 'x',
        completeTrackResults: {},
        options: 1,
        cancelledShipment: 'yes',
        locationDetailList: 'x',
      },
    },
  ],
];
