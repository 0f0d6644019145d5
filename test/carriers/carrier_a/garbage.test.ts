import { describe, expect, it } from 'vitest';
import { parseCancelResponse } from '../../../src/carriers/carrier_a/cancel.js';
import { parseLocationsResponse } from '../../../src/carriers/carrier_a/locations.js';
import {
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from '../../../src/carriers/carrier_a/pickup.js';
import { parseRateResponse } from '../../../src/carriers/carrier_a/rate.js';
import { parseShipResponse } from '../../../src/carriers/carrier_a/ship.js';
import { parseProofOfDeliveryResponse, parseTrackResponse } from '../../../src/carriers/carrier_a/track.js';
import { GARBAGE, apiErrorOf } from './support.js';
import { httpStatus } from '../../../src/http/errors.js';

const PARSERS: readonly (readonly [string, (body: unknown) => unknown])[] = [
  ['parseRateResponse', (b) => parseRateResponse(b)],
  ['parseShipResponse', (b) => parseShipResponse(b)],
  ['parseTrackResponse', (b) => parseTrackResponse(b, '794953535000')],
  ['parseProofOfDeliveryResponse', (b) => parseProofOfDeliveryResponse(b)],
  ['parseCancelResponse', (b) => parseCancelResponse(b)],
  ['parsePickupAvailabilityResponse', (b) => parsePickupAvailabilityResponse(b)],
  ['parsePickupResponse', (b) => parsePickupResponse(b)],
  ['parsePickupCancelResponse', (b) => parsePickupCancelResponse(b)],
  ['parseLocationsResponse', (b) => parseLocationsResponse(b)],
];

describe('carrier_a parsers on bodies of the wrong shape', () => {
  for (const [name, parse] of PARSERS) {
    it.each(GARBAGE)(`${name}: %s → carrier_http_exception, never a TypeError`, (_label, body) => {
      const err = apiErrorOf(() => parse(body));
      expect(err.code).toBe('carrier_http_exception');
      expect(httpStatus(err)).toBe(502);
    });
  }

  it('survives deeper nonsense inside otherwise plausible bodies', () => {
    expect(
      apiErrorOf(() =>
        parseShipResponse({ output: { transactionShipments: [{ pieceResponses: [{ trackingNumber: 5 }] }] } }),
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      apiErrorOf(() =>
        parseShipResponse({ output: { transactionShipments: [{ masterTrackingNumber: '1', pieceResponses: 'x' }] } }),
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      parseRateResponse({
        output: {
          rateReplyDetails: [null, 1, { serviceType: 3 }, { serviceType: 'FEDEX_GROUND', ratedShipmentDetails: 'x' }],
        },
      }),
    ).toEqual([]);
    expect(
      parseTrackResponse(
        {
          output: {
            completeTrackResults: [
              { trackingNumber: '1', trackResults: [{ scanEvents: [null, { date: 7 }], latestStatusDetail: 'x' }] },
            ],
          },
        },
        '1',
      ),
    ).toMatchObject({
      tracking_stage: 'IN_TRANSIT',
      checkpoints: [],
    });
    expect(parseLocationsResponse({ output: { locationDetailList: [null, { storeHours: 'x' }] } })).toEqual([]);
    expect(
      parsePickupAvailabilityResponse({ output: { options: [null, { pickupDate: 5, readyTimeOptions: 'x' }] } }),
    ).toEqual([]);
  });
});
