/**
 * carrier_c's emulator against DHL Express's own API description (vendor/express-api-3.1.1_swagger.yaml)
 * and the requests other integrations sent (fixtures/*Request*). See vendor-schemas.support.ts.
 */
import { describe, expect, it } from 'vitest';
import { fixturesMissing, readFixtureText } from '../support/fixtures.js';
import { MUNICH, BERLIN, LONDON, rateBody, shipBody, useCarrierCClient } from './carrier_c.support.js';
import { at } from './support.js';
import {
  nonConforming,
  recordedRequest,
  recordedRequests,
  VendorSchemas,
  type Answer,
  type KnownDifference,
} from './vendor-schemas.support.js';

const FILE = 'express-api-3.1.1_swagger.yaml';

/**
 * Where DHL's description and its recorded replies disagree, the emulator answers as the recorded
 * replies do.
 */
const KNOWN: KnownDifference[] = [
  // MyDHL refuses bad credentials with 401 and its usual error body, which the description lists for no operation.
  ...['/rates', '/shipments', '/pickups', '/tracking', '/address-validate'].map((path): KnownDifference => ({
    path,
    instancePath: '401',
    keyword: 'status',
    why: 'answered, not listed',
  })),
  // fixtures/address_AddressValidationResponse.json: serviceArea carries facilityCode and inboundSortCode.
  {
    path: '/address-validate',
    instancePath: /^\/address\/\d+\/serviceArea$/,
    keyword: 'additionalProperties',
    why: 'recorded: facilityCode, inboundSortCode',
  },
  // samples/rate_response.json: pickupCapabilities carries GMTCutoffTime.
  {
    path: '/rates',
    instancePath: /^\/products\/\d+\/pickupCapabilities$/,
    keyword: 'additionalProperties',
    why: 'sample: GMTCutoffTime',
  },
  // /servicepoints, as the description's own examples answer it (no recorded reply): absent members
  // are null (addressLine2, state, messages; on an error, everything but status), and capabilities
  // are true where the schema's enum holds only false.
  {
    path: '/servicepoints',
    instancePath:
      /^\/(searchAddress|searchLocation|servicePoints|messages|servicePoints\/\d+\/address\/(addressLine2|state))$/,
    keyword: 'type',
    why: 'examples: null',
  },
  {
    path: '/servicepoints',
    instancePath: /^\/servicePoints\/\d+\/servicePointCapabilities\/\w+$/,
    keyword: 'enum',
    why: 'examples: true',
  },
];

/** Recorded requests the emulator refuses as DHL does. */
const REFUSED: Record<string, string> = {
  // US → US with product P (Express Worldwide): DHL offers only domestic products there.
  'shipment_ShipmentRequest.json': 'Product P is not available',
};

/** Recorded requests for operations the emulator does not play (document image upload). */
const NOT_EMULATED = ['document_DocumentUploadRequest.json'];

const pickup = (date: string) => ({
  plannedPickupDateAndTime: `${date}T10:00:00 GMT+01:00`,
  closeTime: '18:00',
  location: 'reception',
  locationType: 'business',
  accounts: [{ typeCode: 'shipper', number: '950000000' }],
  customerDetails: {
    shipperDetails: {
      postalAddress: BERLIN,
      contactInformation: { phone: '+49 30 1', companyName: 'Acme', fullName: 'Anna' },
    },
  },
  shipmentDetails: [
    { productCode: 'N', isCustomsDeclarable: false, unitOfMeasurement: 'metric', packages: [{ weight: 2 }] },
  ],
});

describe.skipIf(fixturesMissing)('carrier_c answers as DHL Express describes them', () => {
  const c = useCarrierCClient();
  const schemas = new VendorSchemas('carrier_c');
  const answers = async (calls: Record<string, () => Promise<Answer>>): Promise<Record<string, Answer>> => {
    const out: Record<string, Answer> = {};
    for (const [name, call] of Object.entries(calls)) out[name] = await call();
    return out;
  };
  const conforming = (method: string, path: string, got: Record<string, Answer>) =>
    nonConforming(schemas, { file: FILE, method, path }, got, KNOWN);
  const book = async (): Promise<string> =>
    String(at((await c.call('POST', '/shipments', shipBody({ to: MUNICH }))).json, 'shipmentTrackingNumber'));

  it('rates, by body and by query', async () => {
    const post = await answers({
      domestic: () => c.call('POST', '/rates', rateBody({ to: MUNICH })),
      international: () => c.call('POST', '/rates', rateBody({ to: LONDON })),
      incomplete: () => c.call('POST', '/rates', {}),
      'no credentials': () => c.call('POST', '/rates', rateBody(), null),
    });
    const query =
      'accountNumber=950000000&originCountryCode=DE&originCityName=Berlin&originPostalCode=10117&destinationCountryCode=DE&destinationCityName=Munich&destinationPostalCode=80331&weight=2&length=10&width=10&height=10&plannedShippingDate=2025-03-05&isCustomsDeclarable=false&unitOfMeasurement=metric';
    const get = await answers({
      query: () => c.call('GET', `/rates?${query}`),
      incomplete: () => c.call('GET', '/rates?weight=2'),
    });
    expect({ ...(await conforming('POST', '/rates', post)), ...(await conforming('GET', '/rates', get)) }).toEqual({});
  });

  it('shipments', async () => {
    const got = await answers({
      domestic: () => c.call('POST', '/shipments', shipBody({ to: MUNICH })),
      international: () => c.call('POST', '/shipments', shipBody({ to: LONDON, declarable: true, invoice: true })),
      incomplete: () => c.call('POST', '/shipments', {}),
    });
    expect(await conforming('POST', '/shipments', got)).toEqual({});
  });

  it('tracking, one shipment and several', async () => {
    const waybill = await book();
    const one = await answers({
      known: () => c.call('GET', `/shipments/${waybill}/tracking`),
      unknown: () => c.call('GET', '/shipments/1234567890/tracking'),
    });
    const many = await answers({
      several: () => c.call('GET', `/tracking?shipmentTrackingNumber=${waybill}&shipmentTrackingNumber=1234567890`),
      none: () => c.call('GET', '/tracking?shipmentTrackingNumber=1234567890'),
    });
    expect({
      ...(await conforming('GET', '/shipments/{shipmentTrackingNumber}/tracking', one)),
      ...(await conforming('GET', '/tracking', many)),
    }).toEqual({});
  });

  it('pickups and their cancellation', async () => {
    const created = await c.call('POST', '/pickups', pickup('2025-03-14'));
    const number = String(at(created.json, 'dispatchConfirmationNumbers.0'));
    const book = await answers({
      created: async () => created,
      past: () => c.call('POST', '/pickups', pickup('2025-03-01')),
      incomplete: () => c.call('POST', '/pickups', {}),
    });
    const cancel = () => c.call('DELETE', `/pickups/${number}?requestorName=Anna&reason=closed`);
    const cancels = await answers({ cancel, again: cancel, 'no reason': () => c.call('DELETE', `/pickups/${number}`) });
    expect({
      ...(await conforming('POST', '/pickups', book)),
      ...(await conforming('DELETE', '/pickups/{dispatchConfirmationNumber}', cancels)),
    }).toEqual({});
  });

  it('address validation and service points', async () => {
    const address = await answers({
      valid: () => c.call('GET', '/address-validate?type=delivery&countryCode=DE&postalCode=10117&cityName=Berlin'),
      incomplete: () => c.call('GET', '/address-validate?type=delivery'),
    });
    const points = await answers({
      found: () =>
        c.call(
          'GET',
          '/servicepoints?address=Unter%20den%20Linden%201%2C%20Berlin&countryCode=DE&maxDistance=10&resultUom=km',
        ),
      'bad distance': () => c.call('GET', '/servicepoints?countryCode=DE&maxDistance=ten'),
    });
    expect({
      ...(await conforming('GET', '/address-validate', address)),
      ...(await conforming('GET', '/servicepoints', points)),
    }).toEqual({});
  });

  it('accepts every request other integrations sent (fixtures/*Request*)', async () => {
    const recorded = (file: string) =>
      recordedRequest<Record<string, unknown>>('carrier_c', file, '2025-03-05', (member) =>
        /date/i.test(member) ? '2025-03-05T10:00:00 GMT+00:00' : 'x',
      );
    const refused: Record<string, string> = {};
    const sent: string[] = [];
    for (const file of recordedRequests('carrier_c')) {
      if (NOT_EMULATED.includes(file)) continue;
      const body = recorded(file);
      let reply;
      if (file.startsWith('rate_')) reply = await c.call('POST', '/rates', body);
      else if (file.startsWith('shipment_')) reply = await c.call('POST', '/shipments', body);
      else if (file.startsWith('pickup_')) reply = await c.call('POST', '/pickups', body);
      else if (file.startsWith('address_'))
        reply = await c.call(
          'GET',
          `/address-validate?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}`,
        );
      else throw new Error(`no route for ${file}`);
      sent.push(file);
      if (reply.status >= 300 && !(REFUSED[file] && reply.text.includes(REFUSED[file])))
        refused[file] = reply.text.slice(0, 400);
    }
    // The tracking request is a query string (fixtures/tracking_TrackingRequest.txt).
    const tracking = await c.call(
      'GET',
      `/tracking?${readFixtureText('carrier_c', 'fixtures/tracking_TrackingRequest.txt').trim()}`,
    );
    if (tracking.status >= 300 && tracking.status !== 404)
      refused['tracking_TrackingRequest.txt'] = tracking.text.slice(0, 400);
    expect(refused).toEqual({});
    expect(sent.length + NOT_EMULATED.length).toBe(recordedRequests('carrier_c').length);
  });
});
