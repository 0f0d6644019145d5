/** dhl_parcel_de booking: the /orders body against the recorded requests, and the recorded answers parsed. */
import { describe, expect, it } from 'vitest';
import {
  billingNumberFor,
  buildShipRequest,
  parseShipResponse,
  partialBooking,
} from '../../../src/carriers/dhl_parcel_de/ship.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, NOW, request } from './support.js';

/** Members the recorded requests carry that Waybill does not send, the same in every booking. */
const KARRIO_ONLY = [
  // A `name` beside name1 is no member of the API's ContactAddress; name1 carries it.
  '$.shipments[0].consignee.name: undefined ≠ "%s"',
  // The recorded bookings ask DHL to return an undeliverable parcel; Waybill leaves the account's default.
  '$.shipments[0].services: expected an object',
];
const only = (consignee: string) => KARRIO_ONLY.map((d) => d.replace('%s', consignee));

describe.skipIf(fixturesMissing)('buildShipRequest against recorded requests', () => {
  it('matches fixtures/shipment_ShipmentRequest.json but for the members listed', () => {
    const { body, query } = buildShipRequest(request(), '33333333330102', NOW);
    expect(matchesRecorded(body, fixture('fixtures/shipment_ShipmentRequest.json'))).toEqual(only('Maria Muster'));
    expect(query).toEqual({ docFormat: 'PDF', includeDocs: 'include', combine: 'false' });
  });

  it('matches fixtures/shipment_IntlShipmentRequest.json (EU parcel with customs) but for the members listed', () => {
    const recipient = {
      name: 'Joe Black',
      street1: '10 Downing Street',
      city: 'London',
      postal_code: 'SW1A 1AA',
      country: 'GB',
      phone: '+44 123456789',
      email: 'joe@black.uk',
    };
    const customs_items = [
      {
        description: 'Red T-Shirt',
        quantity: 1,
        value: 10,
        weight: 0.4,
        weight_unit: 'KG' as const,
        manufacture_country_code: 'FR',
        harmonized_code: '123456',
      },
    ];
    // The account's billing number for DHL Paket (procedure 01) books the EU parcel under procedure 54.
    const { body } = buildShipRequest(
      request({ recipient, service: 'dhl_parcel_de_europaket', customs_items, terms_of_trade: 'DDP' }),
      '33333333330101',
      NOW,
    );
    const [name, services] = only('Joe Black');
    expect(matchesRecorded(body, fixture('fixtures/shipment_IntlShipmentRequest.json'))).toEqual([
      name,
      // The content's description and the customs office are left to DHL's defaults.
      '$.shipments[0].customs.exportDescription: undefined ≠ "Other"',
      '$.shipments[0].customs.officeOfOrigin: undefined ≠ "DEU"',
      services,
    ]);
  });

  it('books each package as a shipment, with the label format in the query', () => {
    const { body, query } = buildShipRequest(
      request({
        packages: [{ weight: 2 }, { weight: 4, length: 10, width: 40, height: 30 }],
        label_type: 'ZPLII__910_300_400',
      }),
      '33333333330102',
      NOW,
    );
    expect(body.shipments.map((s) => s.details)).toEqual([
      { weight: { uom: 'kg', value: 2 } },
      { weight: { uom: 'kg', value: 4 }, dim: { uom: 'cm', length: 40, width: 30, height: 10 } },
    ]);
    expect(query).toEqual({ docFormat: 'ZPL2', printFormat: '910-300-400', includeDocs: 'include', combine: 'false' });
    // The ship date Germany has at that instant.
    expect(body.shipments[0]?.shipDate).toBe('2026-11-27');
  });

  it('names the billing number of the product, and refuses what DHL cannot book before any call', () => {
    expect(billingNumberFor('33333333330102', 'V62KP')).toBe('33333333336202');
    expect(billingNumberFor('33333333330102', 'V66WPI')).toBe('33333333336602');
    expect(apiErrorOf(() => buildShipRequest(request({ service: undefined }), '33333333330102', NOW)).code).toBe(
      'schema_field_required',
    );
    expect(apiErrorOf(() => buildShipRequest(request({ label_type: 'PNG' }), '33333333330102', NOW)).detail).toBe(
      'label_type',
    );
    expect(
      apiErrorOf(() =>
        buildShipRequest(
          request({ recipient: { city: 'Oslo', street1: 'Karl Johans gate 1', country: 'NO' } }),
          '33333333330102',
          NOW,
        ),
      ).detail,
    ).toBe('shipment.customs_items');
    const unknown = request({
      recipient: { city: 'X', street1: 'Y 1', country: 'ZZ' },
      customs_items: [{ description: 'Book', value: 5 }],
    });
    expect(apiErrorOf(() => buildShipRequest(unknown, '33333333330102', NOW)).detail).toBe('recipient.country');
  });
});

describe.skipIf(fixturesMissing)('parseShipResponse against recorded answers', () => {
  it('reads fixtures/shipment_ShipmentResponse.json: the number, the label, the customs document and the return label', () => {
    const booked = parseShipResponse(fixture('fixtures/shipment_ShipmentResponse.json'), 'dhl_parcel_de_paket');
    expect(booked).toMatchObject({ tracking_number: '340434310428091700', service_type: 'dhl_parcel_de_paket' });
    expect(booked.packages).toHaveLength(1);
    expect(booked.packages[0]?.label_format).toBe('PDF');
    expect(booked.shipping_documents?.map((d) => [d.type, d.format])).toEqual([
      ['customs_declaration', 'PDF'],
      ['return_label', 'PDF'],
    ]);
  });

  it('reads fixtures/shipment_ShipmentWeithReturnLabelResponse.json: a real PDF, warnings are not errors', () => {
    const booked = parseShipResponse(fixture('fixtures/shipment_ShipmentWeithReturnLabelResponse.json'));
    expect(booked.tracking_number).toBe('0034043333301020022796580');
    expect(Buffer.from(booked.packages[0]!.label).subarray(0, 5).toString()).toBe('%PDF-');
    expect(booked.carrier_shipment_id).toBeUndefined();
  });

  it('turns fixtures/shipment_ValidationMessagesErrorResponse.json into its message and property', () => {
    const err = apiErrorOf(() => parseShipResponse(fixture('fixtures/shipment_ValidationMessagesErrorResponse.json')));
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toBe('shipper.addressStreet: Street name is required');
    expect(err.detail).toContain('properties: shipper.addressStreet');
  });

  it('an item that failed under a top-level 200 "ok" is an error; ZPL labels come as text', () => {
    const ok = { status: { title: 'ok', statusCode: 200 } };
    const failed = {
      ...ok,
      items: [
        {
          sstatus: { title: 'Bad Request', statusCode: 400 },
          validationMessages: [
            { property: 'consignee.postalCode', validationMessage: 'Invalid postal code', validationState: 'Error' },
          ],
        },
      ],
    };
    expect(apiErrorOf(() => parseShipResponse(failed)).message).toBe('consignee.postalCode: Invalid postal code');
    const zpl = parseShipResponse({
      ...ok,
      items: [
        {
          shipmentNo: '340434310001',
          sstatus: { statusCode: 200 },
          label: { zpl2: '^XA^FDx^FS^XZ', fileFormat: 'ZPL2' },
        },
      ],
    });
    expect(zpl.packages[0]).toMatchObject({ tracking_number: '340434310001', label_format: 'ZPLII' });
    expect(Buffer.from(zpl.packages[0]!.label).toString()).toBe('^XA^FDx^FS^XZ');
  });

  it('answers carrier_http_exception for bodies of the wrong shape', () => {
    for (const body of [null, {}, [], 'x', { items: 'x' }, { items: [{ shipmentNo: '1' }] }]) {
      expect(apiErrorOf(() => parseShipResponse(body)).code).toBe('carrier_http_exception');
    }
  });
});

describe('a return label with the outbound one (special service return_label → dhlRetoure)', () => {
  it('asks for DHL Retoure back to the sender under the Retoure procedure, and reads the return label as a document', () => {
    const { body } = buildShipRequest(request({ special_services: ['return_label'] }), '33333333330102', NOW);
    expect(body.shipments[0]?.services).toEqual({
      dhlRetoure: {
        billingNumber: '33333333330702',
        refNo: 'Order No. 1234',
        returnAddress: body.shipments[0]?.shipper,
      },
    });
    expect(
      apiErrorOf(() =>
        buildShipRequest(
          request({ special_services: ['return_label'], service: 'dhl_parcel_de_kleinpaket' }),
          '33333333330102',
          NOW,
        ),
      ).detail,
    ).toBe('shipment.special_services');
  });

  it.skipIf(fixturesMissing)(
    'reads the return label of fixtures/shipment_ShipmentWeithReturnLabelResponse.json into shipping_documents',
    () => {
      const booked = parseShipResponse(fixture('fixtures/shipment_ShipmentWeithReturnLabelResponse.json'));
      expect(
        booked.shipping_documents?.map((d) => [
          d.type,
          d.format,
          Buffer.from(d.content, 'base64').subarray(0, 5).toString(),
        ]),
      ).toEqual([['return_label', 'PDF', '%PDF-']]);
    },
  );
});

describe('partialBooking: a 207 answer of an order of several parcels', () => {
  const ok = (n: string) => ({ shipmentNo: n, sstatus: { title: 'OK', statusCode: 200 }, label: { b64: 'JVBERi0=' } });
  const bad = {
    sstatus: { title: 'Bad Request', statusCode: 400 },
    validationMessages: [
      {
        property: 'consignee.postalCode',
        validationMessage: 'Please enter a valid postal code.',
        validationState: 'Error',
      },
    ],
  };

  it('names the parcels DHL booked and the error of the one it refused', () => {
    const partial = partialBooking({
      status: { title: 'Multi-Status', statusCode: 207 },
      items: [ok('340434310001'), bad, ok('340434310002')],
    });
    expect(partial?.booked).toEqual(['340434310001', '340434310002']);
    expect(partial?.error).toMatchObject({
      code: 'carrier_exception',
      message: 'consignee.postalCode: Please enter a valid postal code.',
    });
    expect(partial?.error.detail).toContain('item 1');
  });

  it('is nothing when every parcel was booked, or none', () => {
    expect(partialBooking({ items: [ok('1'), ok('2')] })).toBeUndefined();
    expect(partialBooking({ items: [bad, bad] })).toBeUndefined();
    expect(partialBooking(null)).toBeUndefined();
  });
});
