import { describe, expect, it } from 'vitest';
import {
  buildShipRequest,
  parseShipResponse,
  shipmentFromLabels,
  sniffFormat,
} from '../../../src/carriers/carrier_d/ship.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, fixtureText, multipartFixture, NOW, recipient, recordedShipment } from './support.js';

describe.skipIf(fixturesMissing)('carrier_d labels against the recorded payloads', () => {
  it('builds the recorded domestic label request, with exactly these differences', () => {
    const { kind, body } = buildShipRequest(recordedShipment, 0, NOW);
    expect(kind).toBe('label');
    const recorded = fixture<unknown[]>('fixtures/shipment_ShipmentRequest.json')[0];
    expect(matchesRecorded(body, recorded)).toEqual([
      // The recording computes girth; USPS needs it only for nonrectangular parcels (PackageDescription.girth).
      '$.packageDescription.girth: undefined ≠ 124',
      // NONSTANDARD is the v3 name; the recording uses the deprecated NON_MACHINABLE.
      '$.packageDescription.processingCategory: "NONSTANDARD" ≠ "NON_MACHINABLE"',
      // The recording asks for DR (dimensional rectangular); the composite library_mail|basic|… is BA (Basic).
      '$.packageDescription.rateIndicator: "BA" ≠ "DR"',
      // 20 kg in pounds to two decimals; the recording rounds to one.
      '$.packageDescription.weight: 44.09 ≠ 44.1',
    ]);
    expect(body.senderAddress).toEqual(body.fromAddress);
  });

  it.each([
    ['fixtures/shipment_ShipmentResponse.multipart.txt', '9234690361980900000142', 18.76],
    ['fixtures/shipment_ShipmentResponseSample2.multipart.txt', undefined, undefined],
    ['fixtures/shipment_ReturnShipmentResponse.multipart.txt', undefined, undefined],
  ])('reads %s by its boundary: metadata, PDF label', (file, number, postage) => {
    const parsed = parseShipResponse(multipartFixture(file), 'PDF');
    const meta = fixture<{ trackingNumber: string; postage: number }>(
      file.replace('.multipart.txt', '.labelMetadata.json'),
    );
    expect(parsed.package.tracking_number).toBe(number ?? meta.trackingNumber);
    expect(parsed.postage).toBe(postage ?? meta.postage);
    expect(parsed.package.label_format).toBe('PDF');
    expect(Buffer.from(parsed.package.label.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('reads the commitment of the recorded answer', () => {
    const parsed = parseShipResponse(multipartFixture('fixtures/shipment_ShipmentResponse.multipart.txt'), 'PDF');
    expect(parsed).toMatchObject({ estimatedDate: '2024-11-22', transitDays: 3, surcharges: 0 });
    const booked = shipmentFromLabels([parsed], 'priority_mail');
    expect(booked).toMatchObject({
      tracking_number: '9234690361980900000142',
      service_type: 'priority_mail',
      costs: { base_charge: '18.76', net_charge: '18.76', currency: 'USD' },
    });
  });

  it('reads the JSON answer shape (labelMetadata + base64 labelImage)', () => {
    const body = Buffer.from(JSON.stringify(fixture('fixtures/return_shipment_ReturnShipmentResponseJSON.json')));
    const parsed = parseShipResponse({ contentType: 'application/json', bytes: body }, 'PDF');
    expect(parsed.package.tracking_number).toBe('9234690361980900000142');
    expect(parsed.postage).toBe(18.76);
    expect(Buffer.from(parsed.package.label).toString('latin1')).toMatch(/^%PDF-1\.4/);
  });

  it('keeps raw binary parts intact (no base64) and refuses bodies without their boundary', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d]);
    const body = Buffer.concat([
      Buffer.from(
        '--b1\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="labelMetadata"\r\n\r\n{"trackingNumber":"9200000000000000000001","postage":1.5}\r\n--b1\r\nContent-Type: image/png\r\nContent-Disposition: form-data; name="labelImage"; filename="l.png"\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n--b1--\r\n'),
    ]);
    const parsed = parseShipResponse({ contentType: 'multipart/form-data; boundary="b1"', bytes: body }, 'PNG');
    expect(Buffer.from(parsed.package.label)).toEqual(png);
    expect(parsed.package.label_format).toBe('PNG');
    expect(
      apiErrorOf(() => parseShipResponse({ contentType: 'multipart/form-data; boundary=other', bytes: body }, 'PDF'))
        .code,
    ).toBe('carrier_http_exception');
    const text = fixtureText('fixtures/shipment_ShipmentResponse.multipart.txt');
    const cut = Buffer.from(text.slice(0, text.lastIndexOf('--r6')));
    expect(
      apiErrorOf(() =>
        parseShipResponse({ contentType: 'multipart/form-data; boundary=r6-fpGYWbdZmd9w5-850fEfX', bytes: cut }, 'PDF'),
      ).code,
    ).toBe('carrier_http_exception');
  });

  it('answers USPS error bodies sent with 200 as the carrier’s error', () => {
    const body = Buffer.from(JSON.stringify(fixture('samples/error_response.json')));
    expect(apiErrorOf(() => parseShipResponse({ contentType: 'application/json', bytes: body }, 'PDF')).code).toBe(
      'carrier_exception',
    );
  });
});

describe('carrier_d label requests', () => {
  const base = {
    ...recordedShipment,
    service: 'priority_mail',
    packaging: 'your_packaging',
    dim_units: 'IN' as const,
    weight_units: 'LB' as const,
    packages: [{ weight: 2, value: 600 }],
  };

  it('maps label types and sizes to imageInfo', () => {
    expect(buildShipRequest({ ...base, label_type: 'ZPL', label_size: '4X4LABEL' }, 0, NOW).body.imageInfo).toEqual({
      imageType: 'ZPL203DPI',
      labelType: '4X4LABEL',
      receiptOption: 'NONE',
    });
    expect(
      buildShipRequest({ ...base, label_type: 'PNG', label_size: '2X7LABEL' }, 0, NOW).body.imageInfo.imageType,
    ).toBe('PNG');
    expect(buildShipRequest(base, 0, NOW).body.imageInfo).toEqual({
      imageType: 'PDF',
      labelType: '4X6LABEL',
      receiptOption: 'NONE',
    });
  });

  it('sends extra services, insurance by value and the package value', () => {
    const body = buildShipRequest(
      { ...base, special_services: ['insurance', 'signature_confirmation', 'restricted_delivery'] },
      0,
      NOW,
    ).body;
    expect(body.packageDescription.extraServices).toEqual([931, 924]);
    expect(body.packageDescription.packageOptions).toEqual({ packageValue: 600 });
  });

  it('books returns at the return-label API, from the sender to the recipient', () => {
    const call = buildShipRequest({ ...base, type: 'return' }, 0, NOW);
    expect(call.kind).toBe('return');
    expect(call.body.toAddress.city).toBe(recipient.city);
  });

  it('builds international labels with the customs form printed with them', () => {
    const call = buildShipRequest(
      {
        ...base,
        service: 'priority_mail_international',
        recipient: {
          name: 'Clara Recipient',
          street1: '10 Downing St',
          city: 'London',
          postal_code: 'SW1A 2AA',
          country: 'GB',
        },
        customs_items: [
          {
            description: 'Cotton T-shirt',
            quantity: 2,
            value: 40,
            weight: 0.5,
            harmonized_code: '6109.10',
            manufacture_country_code: 'US',
          },
        ],
        invoice_number: 'INV-7',
      },
      0,
      NOW,
    );
    expect(call.kind).toBe('international');
    expect(call.body).toMatchObject({
      toAddress: { countryISOAlpha2Code: 'GB', postalCode: 'SW1A 2AA', firstName: 'Clara', lastName: 'Recipient' },
      packageDescription: {
        mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
        processingCategory: 'MACHINABLE',
        rateIndicator: 'SP',
      },
      customsForm: {
        customsContentType: 'MERCHANDISE',
        AESITN: 'NO EEI 30.37(a)',
        invoiceNumber: 'INV-7',
        contents: [
          {
            itemDescription: 'Cotton T-shirt',
            itemQuantity: 2,
            itemValue: 40,
            itemTotalValue: 80,
            itemWeight: 0.5,
            itemTotalWeight: 1,
            HSTariffNumber: '610910',
            countryofOrigin: 'US',
          },
        ],
      },
    });
  });

  it('refuses what USPS cannot book, before any call', () => {
    expect(apiErrorOf(() => buildShipRequest({ ...base, service: undefined }, 0, NOW))).toMatchObject({
      code: 'schema_field_required',
      detail: 'shipment.service',
    });
    expect(
      apiErrorOf(() => buildShipRequest({ ...base, recipient: { ...recipient, postal_code: undefined } }, 0, NOW))
        .detail,
    ).toBe('shipment.recipient.postal_code');
    const gb = { name: 'C', street1: '1', city: 'London', country: 'GB' };
    expect(
      apiErrorOf(() => buildShipRequest({ ...base, service: 'priority_mail_international', recipient: gb }, 0, NOW))
        .detail,
    ).toBe('shipment.customs_items');
    expect(
      apiErrorOf(() =>
        buildShipRequest(
          {
            ...base,
            service: 'priority_mail_international',
            recipient: gb,
            customs_items: [{ value: 1 }],
            type: 'return',
          },
          0,
          NOW,
        ),
      ).detail,
    ).toBe('shipment.type');
  });

  it('names label bytes by their signature', () => {
    expect(sniffFormat(Buffer.from('^XA^FO'), 'PDF')).toBe('ZPL');
    expect(sniffFormat(Buffer.from('GIF89a'), 'PDF')).toBe('GIF');
    expect(sniffFormat(Buffer.from('????'), 'PNG')).toBe('PNG');
  });
});
