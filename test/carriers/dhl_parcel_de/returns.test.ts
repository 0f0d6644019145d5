/** dhl_parcel_de return labels: the Returns API bodies against the recorded requests, the recorded answers parsed. */
import { describe, expect, it } from 'vitest';
import { buildReturnRequest, parseReturnResponse, RETURN_QUERY } from '../../../src/carriers/dhl_parcel_de/ship.js';
import { parseErrorResponse } from '../../../src/carriers/dhl_parcel_de/errors.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, fixtureText, request, shop } from './support.js';

/** The customer sending the parcel back: the recorded returns' shipper. */
const customer = {
  name: 'Max Mustermann',
  street1: 'Charles-de-Gaulle Str. 20',
  city: 'Bonn',
  postal_code: '53113',
  country: 'DE',
  email: 'max@mustermann.de',
  phone: '+49 123456789',
};
const back = (overrides: Parameters<typeof request>[0] = {}) =>
  request({
    type: 'return',
    sender: customer,
    recipient: shop,
    packages: [{ weight: 1 }],
    references: [{ type: 'ref', value: 'Return Order 5678' }],
    ...overrides,
  });

describe.skipIf(fixturesMissing)('buildReturnRequest against recorded requests', () => {
  it('matches fixtures/return_shipment_ReturnShipmentRequest.json exactly', () => {
    expect(buildReturnRequest(back())).toEqual(fixture('fixtures/return_shipment_ReturnShipmentRequest.json'));
    expect(RETURN_QUERY).toEqual([['labelType', 'BOTH']]);
  });

  it('matches fixtures/return_shipment_ReturnShipmentWithCustomsRequest.json but for the members listed (a return from Switzerland)', () => {
    const bern = {
      ...customer,
      street1: 'Musterstr. 1',
      city: 'Bern',
      postal_code: '3344',
      country: 'CH',
      phone: '+41 123456789',
    };
    const customs_items = [
      {
        description: 'Artikel-Beschreibung 1',
        quantity: 1,
        value: 1000,
        weight: 0.5,
        weight_unit: 'KG' as const,
        manufacture_country_code: 'FR',
        harmonized_code: '88011900',
      },
      {
        description: 'Artikel-Beschreibung 2',
        quantity: 1,
        value: 12.99,
        weight: 0.7,
        weight_unit: 'KG' as const,
        manufacture_country_code: 'DE',
        harmonized_code: '12345678',
      },
    ];
    const body = buildReturnRequest(
      back({
        sender: bern,
        packages: [{ weight: 1.2 }],
        customs_items,
        references: [{ type: 'ref', value: 'Return Order 9012' }],
      }),
    );
    expect(matchesRecorded(body, fixture('fixtures/return_shipment_ReturnShipmentWithCustomsRequest.json'))).toEqual(
      [],
    );
    // Beside the recorded members, nothing but the items' own: the body is the recording.
    expect(body).toEqual(fixture('fixtures/return_shipment_ReturnShipmentWithCustomsRequest.json'));
  });

  it('refuses before any call what the Returns API cannot book', () => {
    expect(apiErrorOf(() => buildReturnRequest(back({ packages: [{ weight: 1 }, { weight: 2 }] }))).detail).toBe(
      'shipment.packages',
    );
    expect(apiErrorOf(() => buildReturnRequest(back({ label_type: 'ZPLII' }))).detail).toBe('label_type');
    expect(apiErrorOf(() => buildReturnRequest(back({ recipient: { ...shop, country: 'AT' } }))).detail).toBe(
      'shipment.recipient.country',
    );
    expect(
      apiErrorOf(() =>
        buildReturnRequest(back({ sender: { ...customer, country: 'US', city: 'Boston', postal_code: '02108' } })),
      ).detail,
    ).toBe('shipment.sender.country');
    expect(
      apiErrorOf(() =>
        buildReturnRequest(back({ sender: { ...customer, country: 'CH', city: 'Bern', postal_code: '3344' } })),
      ).detail,
    ).toBe('shipment.customs_items');
    expect(apiErrorOf(() => buildReturnRequest(back({ sender: { ...customer, street1: 'Marktplatz' } }))).detail).toBe(
      'shipment.sender.street1',
    );
  });
});

describe.skipIf(fixturesMissing)('parseReturnResponse against recorded answers', () => {
  it('reads fixtures/return_shipment_ReturnShipmentResponse.json: the number, the label (its bytes say PNG) and the QR code', () => {
    const booked = parseReturnResponse(
      fixture('fixtures/return_shipment_ReturnShipmentResponse.json'),
      'dhl_parcel_de_paket',
    );
    expect(booked).toMatchObject({ tracking_number: '999991587211', service_type: 'dhl_parcel_de_paket' });
    // The recording's label is the API description's example, the first bytes of a PNG.
    expect(booked.packages).toEqual([
      { tracking_number: '999991587211', label: expect.any(Uint8Array), label_format: 'PNG' },
    ]);
    expect(booked.shipping_documents).toEqual([{ type: 'qr_code', format: 'PNG', content: 'QRLabelBase64Content=' }]);
  });

  it("turns fixtures/return_shipment_ReturnShipmentErrorResponse.json into DHL's words", () => {
    const err = parseErrorResponse(400, fixtureText('fixtures/return_shipment_ReturnShipmentErrorResponse.json'));
    expect(err.message).toBe(
      'Bad Request - The request could not be understood by the server due to malformed syntax.',
    );
    expect(err.detail).toBe('dhl_parcel_de HTTP 400 Bad Request');
  });

  it('answers carrier_http_exception for bodies of the wrong shape', () => {
    for (const body of [null, {}, { shipmentNo: '1' }, { label: { b64: 'JVBERi0=' } }])
      expect(apiErrorOf(() => parseReturnResponse(body)).code).toBe('carrier_http_exception');
  });
});
