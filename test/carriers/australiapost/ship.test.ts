/** australiapost booking: the shipments and label bodies against the recorded requests, and every recorded answer parsed. */
import { describe, expect, it } from 'vitest';
import {
  bookedShipment,
  buildLabelRequest,
  buildShipRequest,
  checkLabel,
  parseLabelResponse,
  parseShipResponse,
  productFor,
} from '../../../src/carriers/australiapost/ship.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, request } from './support.js';

interface RecordedShipment {
  shipment: Record<string, unknown>;
  label: Record<string, unknown>;
}

/** fixtures/shipment_ShipmentRequest.json: three 1 kg parcels of 10 cm, Parcel Post with signature, email tracking. */
const recorded = () =>
  request({
    service: 'australiapost_parcel_post_signature',
    packages: [{ weight: 1, length: 10, width: 10, height: 10, quantity: 3 }],
    packaging: 'your_packaging',
    special_services: ['email_tracking', 'authority_to_leave'],
    references: [{ type: 'ref', value: 'XYZ-001-01' }],
  });

describe.skipIf(fixturesMissing)('buildShipRequest against recorded requests', () => {
  it('matches the shipment of fixtures/shipment_ShipmentRequest.json but for the differences listed', () => {
    const body = buildShipRequest(recorded());
    expect(matchesRecorded(body, fixture<RecordedShipment>('fixtures/shipment_ShipmentRequest.json').shipment)).toEqual(
      [
        // Waybill's options are the shipment's, on every parcel; the recording sets them per parcel.
        '$.shipments[0].items[0].allow_partial_delivery: undefined ≠ true',
        '$.shipments[0].items[0].item_description: undefined ≠ "This is a description of the item"',
        // Waybill's catalog product with signature is 3D55 (the service list); the recording books T28S.
        '$.shipments[0].items[0].product_id: "3D55" ≠ "T28S"',
        '$.shipments[0].items[1].product_id: "3D55" ≠ "T28S"',
        '$.shipments[0].items[2].product_id: "3D55" ≠ "T28S"',
        // "DESPATCH" is the default the API assumes; Waybill sends movement_type for returns only.
        '$.shipments[0].movement_type: undefined ≠ "DESPATCH"',
      ],
    );
  });

  it('matches the label of fixtures/shipment_ShipmentRequest.json but for its per-item request and layout', () => {
    const body = buildLabelRequest(request({ label_type: 'PDF__A4_1pp' }), '[SHIPMENT_ID]', 'item-1', '3D55');
    expect(matchesRecorded(body, fixture<RecordedShipment>('fixtures/shipment_ShipmentRequest.json').label)).toEqual(
      [],
    );
    // Waybill asks for each parcel's label apart (one label each), naming the item.
    expect(body.shipments).toEqual([{ shipment_id: '[SHIPMENT_ID]', items: [{ item_id: 'item-1' }] }]);
  });

  it('matches samples/label_request.json but for its second group', () => {
    const body = buildLabelRequest(
      request({ label_type: 'ZPL' }),
      't4AK0EhQTu4AAAFeVsxGqhLO',
      '2vsK0EhQT1YAAAFeWMxGqhLO',
      'T28',
    );
    expect(matchesRecorded(body, fixture('samples/label_request.json'))).toEqual([
      '$.preferences[0].groups: length 1 ≠ 2',
      // ZPL prints on thermal stock.
      '$.preferences[0].groups[0].layout: "THERMAL-LABEL-A6-1PP" ≠ "A4-1pp"',
      '$.preferences[0].groups[1]: expected an object',
    ]);
  });

  it('matches the international shipment of samples/shipment_request.json in its customs declaration', () => {
    const sample = fixture<{ shipments: Record<string, unknown>[] }>('samples/shipment_request.json').shipments[1]!;
    const body = buildShipRequest(
      request({
        sender: {
          name: 'Larry Smith',
          street1: '123 Main Street',
          city: 'Melbourne',
          state: 'VIC',
          postal_code: '3000',
          country: 'AU',
          phone: '0412345678',
          email: 'larry.citizen@citizen.com',
        },
        recipient: {
          name: 'Jane Buyer',
          street1: '5 Main Street',
          city: 'Karori',
          state: 'WLG',
          postal_code: '6012',
          country: 'NZ',
          phone: '1234567890',
          email: 'jane.buyer@citizen.com',
        },
        service: 'australiapost_intl_standard_pack_track',
        packages: [{ weight: 2, length: 10, width: 10, height: 10 }],
        packaging: 'your_packaging',
        references: [{ type: 'ref', value: 'shipment reference 1' }],
        customs_items: [
          {
            description: 'description',
            quantity: 1,
            value: 55.55,
            weight: 0.5,
            harmonized_code: '123456',
            manufacture_country_code: 'AU',
          },
        ],
      }),
    );
    expect(matchesRecorded(body.shipments[0], sample)).toEqual([
      // Waybill's customs items have no classification of their own: goods sold.
      '$.items[0].classification_type: "SALE_OF_GOODS" ≠ "OTHER"',
      '$.items[0].description_of_other: undefined ≠ "This is a classification description"',
      '$.items[0].export_declaration_number: undefined ≠ "1234567890"',
      '$.items[0].import_reference_number: undefined ≠ "111222333"',
      '$.items[0].item_contents[0].sku: undefined ≠ "ABC1243567"',
      '$.items[0].item_contents[0].item_contents_reference: undefined ≠ "IC123456"',
      '$.items[0].item_description: undefined ≠ "This is a description of the item"',
      // Items are numbered in the shipment.
      '$.items[0].item_reference: "1" ≠ "TD1234567"',
      '$.items[0].contains_dangerous_goods: undefined ≠ false',
      '$.items[0].authority_to_leave: undefined ≠ false',
      '$.items[0].allow_partial_delivery: undefined ≠ true',
    ]);
  });
});

describe('buildShipRequest', () => {
  it('books returns with a returns product and movement_type RETURN, and refuses mismatches', () => {
    const body = buildShipRequest(request({ type: 'return', service: 'australiapost_express_post_returns' }));
    expect(body.shipments[0]).toMatchObject({ movement_type: 'RETURN', items: [{ product_id: 'XPR' }] });
    expect(productFor(request({ type: 'return' }))).toBe('PR');
    expect(
      apiErrorOf(() => buildShipRequest(request({ type: 'return', service: 'australiapost_parcel_post' }))).detail,
    ).toBe('shipment.service');
    expect(apiErrorOf(() => buildShipRequest(request({ service: 'australiapost_parcel_post_returns' }))).detail).toBe(
      'shipment.service',
    );
  });

  it('declares customs per parcel abroad, and asks for it when missing', () => {
    const nz = { name: 'Kiri', street1: '5 Queen Street', city: 'Auckland', postal_code: '1010', country: 'NZ' };
    const items = [
      { description: 'Scarf', quantity: 1, value: 30 },
      { description: 'Hat', quantity: 2, value: 20 },
    ];
    const body = buildShipRequest(
      request({ recipient: nz, packages: [{ weight: 1 }, { weight: 1 }], customs_items: items }),
    );
    expect(body.shipments[0]!.items.map((i) => i.item_contents?.map((c) => c.description))).toEqual([
      ['Scarf'],
      ['Hat'],
    ]);
    expect(body.shipments[0]!.items[0]!.product_id).toBe('PTI7');
    expect(apiErrorOf(() => buildShipRequest(request({ recipient: nz }))).detail).toBe('shipment.customs_items');
    expect(
      apiErrorOf(() =>
        buildShipRequest(
          request({ recipient: nz, packages: [{ weight: 1 }, { weight: 1 }], customs_items: [items[0]!] }),
        ),
      ).detail,
    ).toBe('shipment.customs_items');
  });

  it('marks dangerous goods and transit cover per parcel', () => {
    const body = buildShipRequest(
      request({
        packages: [{ weight: 1, value: 300, special_services: ['dangerous_goods'] }],
        special_services: ['transit_cover', 'safe_drop'],
      }),
    );
    expect(body.shipments[0]!.items[0]).toMatchObject({
      contains_dangerous_goods: true,
      safe_drop_enabled: true,
      features: { TRANSIT_COVER: { attributes: { cover_amount: 300 } } },
    });
  });
});

describe.skipIf(fixturesMissing)('parse the recorded answers', () => {
  it('parses fixtures/shipment_ShipmentResponse.json: the shipment id, each item’s article id, costs with GST apart', () => {
    const booked = parseShipResponse(fixture('fixtures/shipment_ShipmentResponse.json'));
    expect(booked).toEqual({
      shipmentId: '9lesEAOvOm4AAAFI3swaDRYB',
      productId: 'T28S',
      items: [
        { itemId: 'LDCsEAOvU_oAAAFI6MwaDRYB', articleId: 'ABC000128B4C5' },
        { itemId: 'ynesEAOvnlAAAAFI88waDRYB', articleId: 'ABC000128B4C6' },
        { itemId: 'TkGsEAOv9.4AAAFI8MwaDRYB', articleId: 'ABC000128B4C7' },
      ],
      // 11.82 ex GST of which 9.75 fuel and manual handling surcharges; 1.18 GST.
      costs: {
        base_charge: '2.07',
        surcharges: '9.75',
        discounts: '0.00',
        taxes: '1.18',
        net_charge: '13.00',
        currency: 'AUD',
      },
    });
    expect(parseShipResponse(fixture('samples/shipment_response.json'))).toEqual(booked);
    const shipment = bookedShipment(
      booked,
      booked.items.map(() => ({ bytes: new Uint8Array([37]), format: 'PDF' })),
    );
    expect(shipment).toMatchObject({
      tracking_number: 'ABC000128B4C5',
      carrier_shipment_id: '9lesEAOvOm4AAAFI3swaDRYB',
      service_type: 'australiapost_t28s',
    });
    expect(shipment.packages.map((p) => p.tracking_number)).toEqual([
      'ABC000128B4C5',
      'ABC000128B4C6',
      'ABC000128B4C7',
    ]);
  });

  it('parses fixtures/shipment_LabelResponse.json and samples/label_response.json: AVAILABLE with its URL', () => {
    for (const file of ['fixtures/shipment_LabelResponse.json', 'samples/label_response.json']) {
      const label = parseLabelResponse(fixture(file));
      expect(label).toMatchObject({ requestId: 'c2991876-9596-42ed-aed3-dd11dcfb03ba', status: 'AVAILABLE' });
      expect(label.url).toMatch(/^https:\/\/ptest\.npe\.auspost\.com\.au\/lodgement4\/labels\/c2991876-.*\.pdf\?/);
    }
    expect(parseLabelResponse({ labels: [{ request_id: 'r1', status: 'PENDING' }] })).toEqual({
      requestId: 'r1',
      status: 'PENDING',
    });
    expect(
      apiErrorOf(() =>
        parseLabelResponse({
          labels: [{ request_id: 'r1', status: 'ERROR', errors: [{ message: 'Layout not valid' }] }],
        }),
      ).message,
    ).toBe('Layout not valid');
  });

  it('parses fixtures/shipment_ShipmentErrorResponse.json into the carrier’s words and code', () => {
    const err = apiErrorOf(() => parseShipResponse(fixture('fixtures/shipment_ShipmentErrorResponse.json')));
    expect(err.code).toBe('carrier_exception');
    expect(err.message).toMatch(/^The product T28S specified in an item has indicated that dangerous goods/);
    expect(err.detail).toBe(
      'australiapost HTTP 400; code 44003 DANGEROUS_GOODS_NOT_SUPPORTED_BY_PRODUCT_ERROR field shipments[0].items[0]',
    );
  });

  it('checks a label is the kind asked for, and turns bodies of the wrong shape into ApiErrors', () => {
    expect(checkLabel(Buffer.from('%PDF-1.7'), 'PDF', 'r')).toBe('PDF');
    expect(checkLabel(Buffer.from('^XA^FO10,10^XZ'), 'ZPL', 'r')).toBe('ZPL');
    expect(apiErrorOf(() => checkLabel(Buffer.from('<html>'), 'PDF', 'r')).code).toBe('carrier_http_exception');
    for (const body of [
      null,
      'x',
      [],
      { shipments: [{}] },
      { shipments: [{ shipment_id: 's', items: [{ item_id: 'i' }] }] },
    ]) {
      expect(apiErrorOf(() => parseShipResponse(body)).code).toBe('carrier_http_exception');
    }
    for (const body of [null, { labels: 'x' }, { labels: [{ status: 'AVAILABLE' }] }])
      expect(apiErrorOf(() => parseLabelResponse(body)).code).toBe('carrier_http_exception');
  });
});
