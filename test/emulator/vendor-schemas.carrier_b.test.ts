/**
 * carrier_b's emulator against UPS's own API descriptions (vendor/*.yaml) and the requests other
 * integrations sent (fixtures/*Request*.json). See vendor-schemas.support.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesMissing } from '../support/fixtures.js';
import { rateBody, shipBody, startUps, TORONTO, type UpsClient } from './carrier_b.support.js';
import { at } from './support.js';
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
 * Where UPS's descriptions and its recorded replies disagree, the emulator answers as the recorded
 * replies do.
 */
const KNOWN: KnownDifference[] = [
  // UPS's documents carry the XML API's field lengths (a MonetaryValue of "Length 8"); the recorded
  // JSON replies do not keep them ("MonetaryValue": "6.65", "Description": "", a PRN "2929AONCALL02").
  { path: '*', instancePath: /./, keyword: 'minLength', why: 'recorded: shorter values' },
  { path: '*', instancePath: /./, keyword: 'maxLength', why: 'recorded: longer values' },
  // fixtures/rate_RateResponseJSON.json: NegotiatedRateCharges.BaseServiceCharge is one object, Rating.yaml a list.
  {
    path: '/rating/{version}/{requestoption}',
    instancePath: /^\/RateResponse\/RatedShipment\/\d+\/NegotiatedRateCharges\/BaseServiceCharge$/,
    keyword: 'type',
    why: 'recorded: an object',
  },
  // fixtures/shipment_ShipmentResponseJSON.json: one package's PackageResults is one object, Shipping.yaml a list.
  {
    path: '/shipments/{version}/ship',
    instancePath: '/ShipmentResponse/ShipmentResults/PackageResults',
    keyword: 'type',
    why: 'recorded: an object for one package',
  },
];

/**
 * Recorded requests the emulator refuses as UPS does: another integration's unit tests wrote
 * them with placeholder values ("CountryCode": "CountryCode", "PostalCode": "PostalCode").
 */
const REFUSED: Record<string, string> = {
  'shipment_ShipmentRequestJSON.json': '120100',
  'shipment_ShipmentRequestWithPresetJSON.json': '120100',
  'shipment_ReturnShipmentRequestJSON.json': '120100',
};

/** Recorded requests for operations the emulator does not play (Paperless document upload). */
const NOT_EMULATED = ['document_DocumentUploadRequest.json'];

const pickupAddress = {
  AddressLine: '1 Main St',
  City: 'Atlanta',
  StateProvince: 'GA',
  PostalCode: '30301',
  CountryCode: 'US',
  ResidentialIndicator: 'N',
};
const pickupBody = (date: string) => ({
  PickupCreationRequest: {
    Request: {},
    RatePickupIndicator: 'Y',
    Shipper: { Account: { AccountNumber: 'A1B2C3', AccountCountryCode: 'US' } },
    PickupDateInfo: { PickupDate: date, ReadyTime: '0900', CloseTime: '1700' },
    PickupAddress: pickupAddress,
    AlternateAddressIndicator: 'Y',
    PickupPiece: { ServiceCode: '003', Quantity: '1', DestinationCountryCode: 'US', ContainerCode: '01' },
    PaymentMethod: '01',
  },
});

describe.skipIf(fixturesMissing)('carrier_b answers as UPS describes them', () => {
  let ups: UpsClient;
  beforeAll(async () => {
    ups = await startUps();
  });
  afterAll(() => ups.close());
  const schemas = new VendorSchemas('carrier_b');
  const answers = async (calls: Record<string, () => Promise<Answer>>): Promise<Record<string, Answer>> => {
    const out: Record<string, Answer> = {};
    for (const [name, call] of Object.entries(calls)) out[name] = await call();
    return out;
  };
  const book = async (body: unknown = shipBody()): Promise<string> =>
    String(
      at(
        (await ups.call('POST', '/api/shipments/v2409/ship', body)).json,
        'ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber',
      ),
    );

  it('the token, which no document in vendor/ describes, answers the recorded reply’s members (fixtures/authentication_LoginResponse.json)', async () => {
    expect(missingRecordedMembers('carrier_b', 'authentication_LoginResponse.json', (await ups.token()).json)).toEqual(
      [],
    );
  });

  it('rating (Rating.yaml)', async () => {
    const got = await answers({
      shop: () => ups.call('POST', '/api/rating/v2409/Shop', rateBody()),
      'shop with transit times': () => ups.call('POST', '/api/rating/v2409/Shoptimeintransit', rateBody()),
      rate: () =>
        ups.call('POST', '/api/rating/v2409/Rate?additionalinfo=timeintransit', rateBody({ Service: { Code: '02' } })),
      international: () => ups.call('POST', '/api/rating/v2409/Shop', rateBody({ ShipTo: TORONTO })),
      'service not on the lane': () =>
        ups.call('POST', '/api/rating/v2409/Rate', rateBody({ ShipTo: TORONTO, Service: { Code: '01' } })),
      'no token': () => ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token: null }),
    });
    expect(
      await nonConforming(
        schemas,
        { file: 'Rating.yaml', method: 'POST', path: '/rating/{version}/{requestoption}' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('shipping and voiding (Shipping.yaml)', async () => {
    const ship = await answers({
      one: () => ups.call('POST', '/api/shipments/v2409/ship', shipBody()),
      several: () =>
        ups.call(
          'POST',
          '/api/shipments/v2409/ship',
          shipBody({
            Package: [shipBody().ShipmentRequest.Shipment.Package[0], shipBody().ShipmentRequest.Shipment.Package[0]],
          }),
        ),
      incomplete: () => ups.call('POST', '/api/shipments/v2409/ship', { ShipmentRequest: { Shipment: {} } }),
    });
    const id = await book();
    const voids = await answers({
      void: () => ups.call('DELETE', `/api/shipments/v2409/void/cancel/${id}`),
      again: () => ups.call('DELETE', `/api/shipments/v2409/void/cancel/${id}`),
      unknown: () => ups.call('DELETE', '/api/shipments/v2409/void/cancel/1Z023E2X0214323462'),
    });
    expect({
      ...(await nonConforming(
        schemas,
        { file: 'Shipping.yaml', method: 'POST', path: '/shipments/{version}/ship' },
        ship,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        {
          file: 'Shipping.yaml',
          method: 'DELETE',
          path: '/shipments/{version}/void/cancel/{shipmentidentificationnumber}',
        },
        voids,
        KNOWN,
      )),
    }).toEqual({});
  });

  it('label recovery (Shipping.yaml LabelRecovery)', async () => {
    const id = await book();
    const two = await book(
      shipBody({
        Package: [shipBody().ShipmentRequest.Shipment.Package[0], shipBody().ShipmentRequest.Shipment.Package[0]],
      }),
    );
    const recover = (trackingNumber: string, code: string) =>
      ups.call('POST', '/api/labels/v1/recovery', {
        LabelRecoveryRequest: {
          Request: {},
          LabelSpecification: {
            HTTPUserAgent: 'Mozilla/4.5',
            LabelImageFormat: { Code: code },
            LabelStockSize: { Height: '6', Width: '4' },
          },
          TrackingNumber: trackingNumber,
        },
      });
    const got = await answers({
      gif: () => recover(id, 'GIF'),
      'pdf, two packages': () => recover(two, 'PDF'),
      zpl: () => recover(two, 'ZPL'),
      unknown: () => recover('1Z023E2X0214323462', 'GIF'),
      incomplete: () => ups.call('POST', '/api/labels/v1/recovery', { LabelRecoveryRequest: {} }),
    });
    expect(at(got.gif!.json, 'LabelRecoveryResponse.LabelResults.0.TrackingNumber')).toBe(id);
    expect(
      String(at(got['pdf, two packages']!.json, 'LabelRecoveryResponse.LabelResults.0.LabelImage.GraphicImage')),
    ).toMatch(/^JVBERi0/);
    expect(
      await nonConforming(
        schemas,
        { file: 'Shipping.yaml', method: 'POST', path: '/labels/{version}/recovery' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('tracking (Tracking.yaml)', async () => {
    const id = await book();
    const got = await answers({
      known: () => ups.call('GET', `/api/track/v1/details/${id}?locale=en_US`),
      malformed: () => ups.call('GET', '/api/track/v1/details/nope?locale=en_US'),
      unknown: () => ups.call('GET', '/api/track/v1/details/1Z023E2X0214323462?locale=en_US'),
    });
    expect(
      await nonConforming(
        schemas,
        { file: 'Tracking.yaml', method: 'GET', path: '/track/v1/details/{inquiryNumber}' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('pickup rating, creation, cancellation and service-center locations (Pickup.yaml)', async () => {
    const rate = (date: string) =>
      ups.call('POST', '/api/shipments/v2409/pickup/oncall', {
        PickupRateRequest: {
          PickupAddress: pickupAddress,
          AlternateAddressIndicator: 'Y',
          ServiceDateOption: '03',
          PickupDateInfo: { PickupDate: date, ReadyTime: '0900', CloseTime: '1700' },
        },
      });
    const rates = await answers({ weekday: () => rate('20250313'), weekend: () => rate('20250315') });
    const created = await ups.call('POST', '/api/pickupcreation/v2409/pickup', pickupBody('20250313'));
    const prn = String(at(created.json, 'PickupCreationResponse.PRN'));
    const creations = await answers({
      created: async () => created,
      past: () => ups.call('POST', '/api/pickupcreation/v2409/pickup', pickupBody('20250101')),
    });
    const cancel = () => ups.call('DELETE', '/api/shipments/v2409/pickup/02', undefined, { headers: { Prn: prn } });
    const cancels = await answers({ cancel, again: cancel });
    const facilities = (body: unknown) => ups.call('POST', '/api/pickup/v2409/servicecenterlocations', body);
    const locations = await answers({
      found: () =>
        facilities({
          PickupGetServiceCenterFacilitiesRequest: {
            Request: {},
            PickupPiece: { ServiceCode: '003', ContainerCode: '01' },
            OriginAddress: {
              City: 'Atlanta',
              PostalCode: '30301',
              CountryCode: 'US',
              OriginSearchCriteria: { SearchRadius: '200', DistanceUnitOfMeasure: 'MI', MaximumLocation: '25' },
            },
            Locale: 'en_US',
          },
        }),
      incomplete: () => facilities({ PickupGetServiceCenterFacilitiesRequest: { PickupPiece: {} } }),
    });
    expect({
      ...(await nonConforming(
        schemas,
        { file: 'Pickup.yaml', method: 'POST', path: '/shipments/{version}/pickup/{pickuptype}' },
        rates,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'Pickup.yaml', method: 'POST', path: '/pickupcreation/{version}/pickup' },
        creations,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'Pickup.yaml', method: 'DELETE', path: '/shipments/{version}/pickup/{CancelBy}' },
        cancels,
        KNOWN,
      )),
      ...(await nonConforming(
        schemas,
        { file: 'Pickup.yaml', method: 'POST', path: '/pickup/{version}/servicecenterlocations' },
        locations,
        KNOWN,
      )),
    }).toEqual({});
  });

  it('address validation (AddressValidation.yaml)', async () => {
    const validate = (body: unknown) => ups.call('POST', '/api/addressvalidation/v2/3', body);
    const got = await answers({
      valid: () =>
        validate({
          XAVRequest: {
            AddressKeyFormat: {
              AddressLine: ['1 Main St'],
              PoliticalDivision2: 'Atlanta',
              PoliticalDivision1: 'GA',
              PostcodePrimaryLow: '30301',
              CountryCode: 'US',
            },
          },
        }),
      incomplete: () => validate({ XAVRequest: {} }),
    });
    expect(
      await nonConforming(
        schemas,
        { file: 'AddressValidation.yaml', method: 'POST', path: '/addressvalidation/{version}/{requestoption}' },
        got,
        KNOWN,
      ),
    ).toEqual({});
  });

  it('accepts every request body other integrations sent (fixtures/*Request*.json)', async () => {
    const recorded = (file: string) =>
      recordedRequest<Record<string, unknown>>('carrier_b', file, '2025-03-05', (member) =>
        /date/i.test(member) ? '20250305' : 'x',
      );
    const refused: Record<string, string> = {};
    const sent: string[] = [];
    for (const file of recordedRequests('carrier_b')) {
      if (NOT_EMULATED.includes(file)) continue;
      const body = recorded(file);
      let reply;
      if (file.startsWith('rate_')) reply = await ups.call('POST', '/api/rating/v2409/Shop', body);
      else if (file.startsWith('shipment_')) reply = await ups.call('POST', '/api/shipments/v2409/ship', body);
      else if (file === 'pickup_PickupRequest.json')
        reply = await ups.call('POST', '/api/pickupcreation/v2409/pickup', body);
      else if (file === 'pickup_PickupCancelRequest.json') {
        // Not a body: the integration's PRN header and CancelBy path member, for a pickup the emulator booked.
        const created = await ups.call(
          'POST',
          '/api/pickupcreation/v2409/pickup',
          recorded('pickup_PickupRequest.json'),
        );
        reply = await ups.call('DELETE', `/api/shipments/v2409/pickup/${String(body.cancel_by)}`, undefined, {
          headers: { Prn: String(at(created.json, 'PickupCreationResponse.PRN')) },
        });
      } else throw new Error(`no route for ${file}`);
      sent.push(file);
      const code = at(reply.json, 'response.errors.0.code');
      if (reply.status >= 300 && REFUSED[file] !== code) refused[file] = reply.text.slice(0, 400);
    }
    expect(refused).toEqual({});
    expect(sent.length + NOT_EMULATED.length).toBe(recordedRequests('carrier_b').length);
  });
});
