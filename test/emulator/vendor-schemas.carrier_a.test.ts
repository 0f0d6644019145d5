/**
 * carrier_a's emulator against FedEx's own API descriptions (vendor/*.json) and the requests other
 * integrations sent (fixtures/*Request*.json). See vendor-schemas.support.ts.
 */
import { describe, expect, it } from 'vitest';
import { fixturesMissing } from '../support/fixtures.js';
import { ACCOUNT, at, rateRequest, send, shipRequest, TORONTO, trackRequest, useClient } from './support.js';
import {
  missingRecordedMembers,
  nonConforming,
  recordedRequest,
  recordedRequests,
  VendorSchemas,
  type Answer,
  type KnownDifference,
} from './vendor-schemas.support.js';

/**
 * Where FedEx's descriptions and its recorded replies disagree, the emulator answers as the
 * recorded replies do.
 */
const KNOWN: KnownDifference[] = [
  // fixtures/tracking_TrackingResponse.json: an unknown number's result has an empty carrierCode
  // and the output's alerts is one string, where track.json has an enum and an array.
  {
    path: '/track/v1/trackingnumbers',
    instancePath: /^\/output\/completeTrackResults\/\d+\/trackResults\/\d+\/trackingNumberInfo\/carrierCode$/,
    keyword: 'enum',
    why: 'recorded: ""',
  },
  { path: '/track/v1/trackingnumbers', instancePath: '/output/alerts', keyword: 'type', why: 'recorded: a string' },
];

/** Recorded requests for operations the emulator does not play (document upload, pickup update). */
const NOT_EMULATED = ['document_DocumentUploadRequest.json', 'pickup_PickupUpdateRequest.json'];

/**
 * Recorded requests the emulator refuses as FedEx production does: these were written by another
 * integration's unit tests, not answered by FedEx.
 */
const REFUSED: Record<string, string> = {
  // US → CA without customsClearanceDetail: production refuses international shipments without it (carriers README).
  'shipment_ShipmentPaidByRecipientRequest.json': 'CUSTOMSCLEARANCEDETAIL.REQUIRED',
};

/**
 * Operations the emulator plays that no document in vendor/ describes: the token (checked against
 * fixtures/authentication_LoginResponse.json below), locations and address resolution (neither a
 * description nor a recorded reply; their suites follow FedEx's public guides).
 */

const pickupBody = (readyDate: string) => ({
  associatedAccountNumber: { value: ACCOUNT },
  originDetail: {
    pickupLocation: {
      contact: { personName: 'Dock Manager', phoneNumber: '9015550100' },
      address: {
        streetLines: ['100 Warehouse Rd'],
        city: 'Memphis',
        stateOrProvinceCode: 'TN',
        postalCode: '38117',
        countryCode: 'US',
      },
    },
    readyDateTimestamp: `${readyDate}T11:00:00Z`,
    customerCloseTime: '17:00:00',
    packageLocation: 'FRONT',
  },
  carrierCode: 'FDXE',
  totalWeight: { units: 'LB', value: 20 },
  packageCount: 2,
});

describe.skipIf(fixturesMissing)('carrier_a answers as FedEx describes them', () => {
  const api = useClient();
  const schemas = new VendorSchemas('carrier_a');
  const answers = async (calls: Record<string, () => Promise<Answer>>): Promise<Record<string, Answer>> => {
    const out: Record<string, Answer> = {};
    for (const [name, call] of Object.entries(calls)) out[name] = await call();
    return out;
  };
  const book = async (): Promise<string> =>
    String(
      at(
        (await api.call('POST', '/ship/v1/shipments', shipRequest())).json,
        'output.transactionShipments.0.masterTrackingNumber',
      ),
    );

  it('the token answers the recorded reply’s members (fixtures/authentication_LoginResponse.json)', async () => {
    const reply = await send(
      `${api.base}/oauth/token`,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials&client_id=test-id&client_secret=test-secret',
    );
    expect(missingRecordedMembers('carrier_a', 'authentication_LoginResponse.json', reply.json)).toEqual([]);
  });

  it('rate (rate-api.json)', async () => {
    const got = await answers({
      shop: () => api.call('POST', '/rate/v1/rates/quotes', rateRequest()),
      international: () => api.call('POST', '/rate/v1/rates/quotes', rateRequest({ to: TORONTO, withCustoms: true })),
      'unknown service': () => api.call('POST', '/rate/v1/rates/quotes', rateRequest({ serviceType: 'NO_SUCH' })),
      'no token': () => api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token: null }),
    });
    expect(
      await nonConforming(
        schemas,
        { file: 'rate-api.json', method: 'POST', path: '/rate/v1/rates/quotes' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('ship and cancel (ship-api.json)', async () => {
    const tracking = await book();
    const ship = await answers({
      domestic: () => api.call('POST', '/ship/v1/shipments', shipRequest({ packages: [{ lb: 5 }, { lb: 2 }] })),
      international: () =>
        api.call(
          'POST',
          '/ship/v1/shipments',
          shipRequest({ to: TORONTO, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', withCustoms: true }),
        ),
      'no customs': () =>
        api.call(
          'POST',
          '/ship/v1/shipments',
          shipRequest({ to: TORONTO, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY' }),
        ),
    });
    const cancelBody = (trackingNumber: string) => ({
      accountNumber: { value: ACCOUNT },
      trackingNumber,
      deletionControl: 'DELETE_ALL_PACKAGES',
    });
    const cancel = await answers({
      cancel: () => api.call('PUT', '/ship/v1/shipments/cancel', cancelBody(tracking)),
      again: () => api.call('PUT', '/ship/v1/shipments/cancel', cancelBody(tracking)),
      unknown: () => api.call('PUT', '/ship/v1/shipments/cancel', cancelBody('794953555571')),
    });
    expect({
      ...(await nonConforming(
        schemas,
        { file: 'ship-api.json', method: 'POST', path: '/ship/v1/shipments' },
        ship,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'ship-api.json', method: 'PUT', path: '/ship/v1/shipments/cancel' },
        cancel,
        KNOWN,
      )),
    }).toEqual({});
  });

  it('track (track.json)', async () => {
    const tracking = await book();
    const got = await answers({
      known: () => api.call('POST', '/track/v1/trackingnumbers', trackRequest(tracking)),
      unknown: () => api.call('POST', '/track/v1/trackingnumbers', trackRequest('123456789012')),
      empty: () => api.call('POST', '/track/v1/trackingnumbers', { trackingInfo: [] }),
    });
    expect(
      await nonConforming(
        schemas,
        { file: 'track.json', method: 'POST', path: '/track/v1/trackingnumbers' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('pickup availability, pickup and its cancellation (pickup-api.json)', async () => {
    const availability = await answers({
      options: () =>
        api.call('POST', '/pickup/v1/pickups/availabilities', {
          pickupAddress: { postalCode: '38117', countryCode: 'US' },
          pickupRequestType: ['SAME_DAY', 'FUTURE_DAY'],
          carriers: ['FDXE', 'FDXG'],
          countryRelationship: 'DOMESTIC',
        }),
      'no postal code': () =>
        api.call('POST', '/pickup/v1/pickups/availabilities', {
          pickupAddress: { countryCode: 'US' },
          pickupRequestType: ['SAME_DAY'],
          carriers: ['FDXE'],
        }),
    });
    const created = await api.call('POST', '/pickup/v1/pickups', pickupBody('2025-03-05'));
    const code = String(at(created.json, 'output.pickupConfirmationCode'));
    const pickup = {
      created: async () => created,
      past: () => api.call('POST', '/pickup/v1/pickups', pickupBody('2025-03-03')),
      incomplete: () => api.call('POST', '/pickup/v1/pickups', { carrierCode: 'FDXE' }),
    };
    const cancelBody = {
      associatedAccountNumber: { value: ACCOUNT },
      pickupConfirmationCode: code,
      scheduledDate: '2025-03-05',
      location: String(at(created.json, 'output.location') ?? ''),
    };
    const cancel = await answers({
      cancel: () => api.call('PUT', '/pickup/v1/pickups/cancel', cancelBody),
      again: () => api.call('PUT', '/pickup/v1/pickups/cancel', cancelBody),
    });
    expect({
      ...(await nonConforming(
        schemas,
        { file: 'pickup-api.json', method: 'POST', path: '/pickup/v1/pickups/availabilities' },
        availability,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'pickup-api.json', method: 'POST', path: '/pickup/v1/pickups' },
        await answers(pickup),
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'pickup-api.json', method: 'PUT', path: '/pickup/v1/pickups/cancel' },
        cancel,
        KNOWN,
      )),
    }).toEqual({});
  });

  it('accepts every request body other integrations sent (fixtures/*Request*.json)', async () => {
    const recorded = (file: string) =>
      recordedRequest<Record<string, unknown>>('carrier_a', file, '2025-03-05', (member) =>
        /date/i.test(member) ? '2025-03-05' : 'x',
      );
    const route = (file: string): ['POST' | 'PUT', string] | undefined => {
      if (file.startsWith('rate_')) return ['POST', '/rate/v1/rates/quotes'];
      if (file.startsWith('tracking_')) return ['POST', '/track/v1/trackingnumbers'];
      if (file === 'shipment_ShipmentCancelRequest.json') return ['PUT', '/ship/v1/shipments/cancel'];
      if (file.startsWith('shipment_')) return ['POST', '/ship/v1/shipments'];
      if (file === 'pickup_PickupCancelRequest.json') return ['PUT', '/pickup/v1/pickups/cancel'];
      if (file === 'pickup_PickupRequest.json') return ['POST', '/pickup/v1/pickups'];
      return undefined;
    };
    const refused: Record<string, string> = {};
    const sent: string[] = [];
    for (const file of recordedRequests('carrier_a')) {
      const target = route(file);
      if (!target) continue;
      const body = recorded(file);
      // A cancellation names what the other integration had booked: here, the same recorded booking made on the emulator.
      if (file === 'shipment_ShipmentCancelRequest.json') {
        body.trackingNumber = at(
          (await api.call('POST', '/ship/v1/shipments', recorded('shipment_ShipmentRequest.json'))).json,
          'output.transactionShipments.0.masterTrackingNumber',
        );
      }
      if (file === 'pickup_PickupCancelRequest.json') {
        const created = await api.call('POST', '/pickup/v1/pickups', recorded('pickup_PickupRequest.json'));
        Object.assign(body, {
          pickupConfirmationCode: at(created.json, 'output.pickupConfirmationCode'),
          location: at(created.json, 'output.location'),
        });
      }
      const reply = await api.call(target[0], target[1], body);
      sent.push(file);
      if (reply.status >= 300 && !REFUSED[file]) refused[file] = reply.text.slice(0, 400);
    }
    expect(refused).toEqual({});
    expect(sent.length + NOT_EMULATED.length).toBe(recordedRequests('carrier_a').length);
  });
});
