/** carrier_b booking: requests against the recorded ones, answers against every recorded response. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildShipRequest, parseShipResponse } from '../../../src/carriers/carrier_b/ship.js';
import { combineLabels } from '../../../src/documents/labels.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { NOW, apiErrorOf, fixture, recordedInternational, recordedShipment } from './support.js';

const ACCOUNT = 'Your Account Number';

/*
 * Differences every recorded booking shows, being the recorded integration's choices rather than
 * UPS's rules: its label-format description text ("lable format"); RequestOption "validate" (street
 * validation: we book what the caller validated, "nonvalidate"); SubVersion "v2409" (Shipping.yaml
 * examples are bare numbers); its CustomerContext; duties and taxes (ShipmentCharge Type 02) billed to
 * the shipper always (we do for DDP only); RatingMethodRequestedIndicator and TaxInformationIndicator
 * (not asked); NumOfPiecesInShipment "0" (Worldwide Express Freight only); its own slug as
 * Service.Description (ours is UPS's name); a single shipment-level ReferenceNumber object where
 * Shipping.yaml has a list (and wants package-level references between US addresses); and the
 * placeholder "CountryCode" written upper-case by us. Per fixture: Notification EMailAddress is a
 * list in Shipping.yaml, and code 6 (QV Ship Notification) is the one for forward shipments where it
 * sends 8 (delivery); indicators are empty tags ("any value inside is ignored") where it sends "Y";
 * FormType and Product.Description are lists in Shipping.yaml; the invoice total is the customs value.
 */

/** The differences every recorded booking shows (see above). */
const COMMON = [
  '$.ShipmentRequest.Request.RequestOption: "nonvalidate" ≠ "validate"',
  '$.ShipmentRequest.Request.SubVersion: "2409" ≠ "v2409"',
  '$.ShipmentRequest.Shipment.NumOfPiecesInShipment: undefined ≠ "0"',
  '$.ShipmentRequest.Shipment.PaymentInformation.ShipmentCharge: length 1 ≠ 2',
  '$.ShipmentRequest.Shipment.PaymentInformation.ShipmentCharge[1]: expected an object',
  '$.ShipmentRequest.Shipment.RatingMethodRequestedIndicator: undefined ≠ "Y"',
  '$.ShipmentRequest.Shipment.TaxInformationIndicator: undefined ≠ "Y"',
];
const sorted = (list: string[]) => [...list].sort();

describe.skipIf(fixturesMissing)('buildShipRequest against the recorded requests', () => {
  it('fixtures/shipment_ShipmentRequestJSON.json', () => {
    const diffs = matchesRecorded(
      buildShipRequest(recordedShipment, ACCOUNT, NOW),
      fixture('fixtures/shipment_ShipmentRequestJSON.json'),
    );
    expect(sorted(diffs)).toEqual(
      sorted([
        ...COMMON,
        '$.ShipmentRequest.LabelSpecification.LabelImageFormat.Description: "PNG" ≠ "lable format"',
        '$.ShipmentRequest.Request.TransactionReference.CustomerContext: "ship" ≠ "Your Customer Context"',
        '$.ShipmentRequest.Shipment.Description: "Merchandise" ≠ "Description"',
        '$.ShipmentRequest.Shipment.InvoiceLineTotal: expected an object',
        '$.ShipmentRequest.Shipment.Package[0].Description: undefined ≠ "Description"',
        '$.ShipmentRequest.Shipment.ReferenceNumber: expected an object',
        '$.ShipmentRequest.Shipment.Service.Description: "Next Day Air" ≠ "ups_next_day_air"',
        '$.ShipmentRequest.Shipment.ShipFrom.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipTo.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].EMail.EMailAddress: ["test@mail.com"] ≠ "test@mail.com"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].NotificationCode: "6" ≠ "8"',
        '$.ShipmentRequest.Shipment.Shipper.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
      ]),
    );
  });

  it('fixtures/shipment_ReturnShipmentRequestJSON.json', () => {
    const req = {
      ...recordedShipment,
      type: 'return' as const,
      references: [],
      notifications: [],
      special_services: [],
      customs_items: [{ description: 'Description' }],
    };
    const diffs = matchesRecorded(
      buildShipRequest(req, ACCOUNT, NOW),
      fixture('fixtures/shipment_ReturnShipmentRequestJSON.json'),
    );
    expect(sorted(diffs)).toEqual(
      sorted([
        ...COMMON,
        '$.ShipmentRequest.LabelSpecification.LabelImageFormat.Description: "PNG" ≠ "lable format"',
        '$.ShipmentRequest.Request.TransactionReference.CustomerContext: "ship" ≠ "Return Shipment Test"',
        '$.ShipmentRequest.Shipment.InvoiceLineTotal: expected an object',
        '$.ShipmentRequest.Shipment.ReferenceNumber: expected an object',
        '$.ShipmentRequest.Shipment.ReturnService.Description: "Print Return Label" ≠ "Return Service"',
        '$.ShipmentRequest.Shipment.Service.Description: "Next Day Air" ≠ "ups_next_day_air"',
        '$.ShipmentRequest.Shipment.ShipFrom.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipTo.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions: expected an object',
        '$.ShipmentRequest.Shipment.Shipper.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
      ]),
    );
  });

  it('fixtures/shipment_InternationalShipmentRequestJSON.json', () => {
    const diffs = matchesRecorded(
      buildShipRequest(recordedInternational, ACCOUNT, NOW),
      fixture('fixtures/shipment_InternationalShipmentRequestJSON.json'),
    );
    expect(sorted(diffs)).toEqual(
      sorted([
        ...COMMON,
        '$.ShipmentRequest.LabelSpecification.LabelImageFormat.Description: "PNG" ≠ "lable format"',
        '$.ShipmentRequest.Request.TransactionReference.CustomerContext: "ship" ≠ "INT-2024-001"',
        '$.ShipmentRequest.Shipment.InvoiceLineTotal.MonetaryValue: "150.0" ≠ "1.0"',
        '$.ShipmentRequest.Shipment.ReferenceNumber: expected an object',
        '$.ShipmentRequest.Shipment.Service.Description: "Express" ≠ "ups_express"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Contacts: expected an object',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.FormType: ["01"] ≠ "01"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].Description: ["Electronics Components"] ≠ "Electronics Components"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].ExportType: undefined ≠ "F"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].NumberOfPackagesPerCommodity: undefined ≠ "1"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].ProductWeight.UnitOfMeasurement.Description: "Weight" ≠ "weight unit"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].EMail.EMailAddress: ["buyer@internationalbuyer.com"] ≠ "buyer@internationalbuyer.com"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].NotificationCode: "6" ≠ "8"',
      ]),
    );
  });

  it('fixtures/shipment_ShipmentRequestWithPresetJSON.json (ZPL, Saturday delivery)', () => {
    const req = {
      ...recordedShipment,
      label_type: 'ZPL',
      packages: [{ weight: 30, length: 3, width: 16, height: 11 }],
      notifications: [],
      special_services: ['saturday_delivery', 'delivery_confirmation'],
    };
    const diffs = matchesRecorded(
      buildShipRequest(req, ACCOUNT, NOW),
      fixture('fixtures/shipment_ShipmentRequestWithPresetJSON.json'),
    );
    expect(sorted(diffs)).toEqual(
      sorted([
        ...COMMON,
        '$.ShipmentRequest.LabelSpecification.LabelImageFormat.Description: "ZPL" ≠ "lable format"',
        '$.ShipmentRequest.Request.TransactionReference.CustomerContext: "ship" ≠ "Your Customer Context"',
        '$.ShipmentRequest.Shipment.Description: "Merchandise" ≠ "Description"',
        '$.ShipmentRequest.Shipment.InvoiceLineTotal: expected an object',
        '$.ShipmentRequest.Shipment.Package[0].Description: undefined ≠ "Description"',
        '$.ShipmentRequest.Shipment.ReferenceNumber: expected an object',
        '$.ShipmentRequest.Shipment.Service.Description: "Next Day Air" ≠ "ups_next_day_air"',
        '$.ShipmentRequest.Shipment.ShipFrom.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipTo.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
        '$.ShipmentRequest.Shipment.ShipmentServiceOptions.SaturdayDeliveryIndicator: "" ≠ "Y"',
        '$.ShipmentRequest.Shipment.Shipper.Address.CountryCode: "COUNTRYCODE" ≠ "CountryCode"',
      ]),
    );
  });

  it('label formats and sizes map to LabelImageFormat and LabelStockSize', () => {
    const spec = (label_type: string, label_size?: string) =>
      buildShipRequest({ ...recordedShipment, label_type, ...(label_size ? { label_size } : {}) }, ACCOUNT, NOW)
        .ShipmentRequest.LabelSpecification;
    expect(spec('PDF')).toEqual({
      LabelImageFormat: { Code: 'PNG', Description: 'PNG' },
      LabelStockSize: { Height: '6', Width: '4' },
    });
    expect(spec('GIF').LabelImageFormat.Code).toBe('GIF');
    expect(spec('ZPL__4X8')).toEqual({
      LabelImageFormat: { Code: 'ZPL', Description: 'ZPL' },
      LabelStockSize: { Height: '8', Width: '4' },
    });
    expect(spec('EPL', '4X6').LabelStockSize.Height).toBe('6');
    expect(spec('SPL__4X6').LabelImageFormat.Code).toBe('SPL');
    expect(apiErrorOf(() => spec('qrcode')).detail).toBe('shipment.label_type');
    expect(apiErrorOf(() => spec('PNG', '4X8')).detail).toBe('shipment.label_size');
  });

  it('return, Mail Innovations, DDP and the refusals', () => {
    const ret = buildShipRequest({ ...recordedShipment, type: 'return' }, ACCOUNT, NOW).ShipmentRequest.Shipment;
    expect(ret.ReturnService).toEqual({ Code: '9', Description: 'Print Return Label' });
    const mi = buildShipRequest(
      {
        ...recordedShipment,
        service: 'carrier_b_economy_mail_innovations',
        packaging: 'bpm_parcel',
        special_services: ['mi_label_cn22'],
        references: [{ type: 'ref', value: 'ORD-1' }],
      },
      ACCOUNT,
      NOW,
    ).ShipmentRequest.Shipment;
    expect([
      mi.Service.Code,
      mi.USPSEndorsement,
      mi.PackageID,
      mi.MILabelCN22Indicator,
      mi.Package[0]?.Packaging?.Code,
    ]).toEqual(['M6', '5', 'ORD1', '', '64']);
    const goods = buildShipRequest(
      {
        ...recordedInternational,
        special_services: ['goods_not_in_free_circulation', 'additional_document', 'cn22_form'],
      },
      ACCOUNT,
      NOW,
    ).ShipmentRequest.Shipment;
    expect(goods.GoodsNotInFreeCirculationIndicator).toBe('');
    expect(goods.ShipmentServiceOptions?.InternationalForms).toMatchObject({
      FormType: ['01', '09'],
      AdditionalDocumentIndicator: '',
    });
    const ddp = buildShipRequest({ ...recordedInternational, terms_of_trade: 'DDP' }, ACCOUNT, NOW).ShipmentRequest
      .Shipment;
    expect(ddp.PaymentInformation.ShipmentCharge.map((c) => c.Type)).toEqual(['01', '02']);
    expect(apiErrorOf(() => buildShipRequest({ ...recordedShipment, service: undefined }, ACCOUNT, NOW)).code).toBe(
      'schema_field_required',
    );
    expect(
      apiErrorOf(() => buildShipRequest({ ...recordedInternational, customs_items: [] }, ACCOUNT, NOW)).detail,
    ).toBe('shipment.customs_items');
    expect(
      apiErrorOf(() => buildShipRequest({ ...recordedShipment, special_services: ['mi_label_cn22'] }, ACCOUNT, NOW))
        .code,
    ).toBe('schema_validation_error');
  });
});

describe.skipIf(fixturesMissing)('parseShipResponse', () => {
  it('fixtures/shipment_ShipmentResponseJSON.json: one PackageResults object, a PNG label, CAD costs', async () => {
    const booked = await parseShipResponse(fixture('fixtures/shipment_ShipmentResponseJSON.json'), {
      deliver: 'PNG',
      service: 'carrier_b_standard',
    });
    expect(booked.tracking_number).toBe('1ZXXXXXXXXXXXXXXXX');
    expect(booked.service_type).toBe('carrier_b_standard');
    expect(booked.packages).toHaveLength(1);
    expect(booked.packages[0]?.label_format).toBe('PNG');
    expect(
      Buffer.from(booked.packages[0]?.label ?? [])
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(booked.costs).toEqual({
      base_charge: '114.05',
      surcharges: '21.10',
      discounts: '0.00',
      taxes: '20.27',
      net_charge: '155.42',
      currency: 'CAD',
    });
  });

  it('fixtures/shipment_ShipmentResponseJSON.json asked as PDF: the PNG on a PDF page', async () => {
    const booked = await parseShipResponse(fixture('fixtures/shipment_ShipmentResponseJSON.json'), {
      deliver: 'PDF',
      labels: { combineLabels },
    });
    expect(booked.packages[0]?.label_format).toBe('PDF');
    expect((await PDFDocument.load(booked.packages[0]?.label ?? new Uint8Array())).getPageCount()).toBe(1);
  });

  it('fixtures/return_shipment_ShipmentResponseJSON.json: PackageResults as a list', async () => {
    const booked = await parseShipResponse(fixture('fixtures/return_shipment_ShipmentResponseJSON.json'));
    expect(booked.packages.map((p) => [p.tracking_number, p.label_format, p.label.length])).toEqual([
      ['1ZXXXXXXXXXXXXXXXX', 'PNG', 69],
    ]);
    expect(booked.costs?.net_charge).toBe('25.00');
  });

  it('samples/shipping_response.json: the schema example parses, its form becomes a shipping document', async () => {
    const booked = await parseShipResponse(fixture('samples/shipping_response.json'));
    expect(booked.tracking_number).toBe('string');
    expect(booked.shipping_documents).toEqual([{ type: 'string', format: 'STRING', content: 'string' }]);
    expect(booked.costs).toBeUndefined();
  });

  it('negotiated charges win, a multi-part Mail Innovations image is joined, a missing label is a carrier fault', async () => {
    const body = (pkg: unknown, extra = {}) => ({
      ShipmentResponse: { ShipmentResults: { ShipmentIdentificationNumber: '1ZA', PackageResults: pkg, ...extra } },
    });
    const negotiated = await parseShipResponse(
      body(
        { TrackingNumber: '1ZA', ShippingLabel: { ImageFormat: { Code: 'ZPL' }, GraphicImagePart: ['XlhB', 'Xlha'] } },
        {
          ShipmentCharges: { TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '20.00' } },
          NegotiatedRateCharges: { TotalCharge: { CurrencyCode: 'USD', MonetaryValue: '15.00' } },
        },
      ),
    );
    expect(Buffer.from(negotiated.packages[0]?.label ?? []).toString()).toBe('^XA^XZ');
    expect(negotiated.costs).toMatchObject({ net_charge: '15.00', discounts: '5.00' });
    await expect(parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: {} }))).rejects.toMatchObject({
      code: 'carrier_http_exception',
    });
    await expect(
      parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: { GraphicImage: '***' } })),
    ).rejects.toMatchObject({ code: 'carrier_http_exception' });
    await expect(
      parseShipResponse(
        body({ TrackingNumber: '1ZA', ShippingLabel: { ImageFormat: { Code: 'PNG' }, GraphicImage: 'AAAA' } }),
        { deliver: 'PDF', labels: { combineLabels } },
      ),
    ).rejects.toMatchObject({ code: 'carrier_http_exception' });
    await expect(parseShipResponse(fixture('fixtures/pickup_PickupErrorResponse.json'))).rejects.toMatchObject({
      code: 'carrier_exception',
      message: 'Invalid pickup date',
    });
  });
});

describe('the ship date UPS is sent without one in the request', () => {
  it('is today where the shipper is, not the UTC date (an American evening is already tomorrow in UTC)', () => {
    const evening = new Date('2026-11-25T00:30:00Z'); // 18:30 in Memphis, 19:30 in New York
    const date = (at: Date) =>
      buildShipRequest(
        {
          ...recordedShipment,
          ship_date: undefined,
          sender: { ...recordedShipment.sender, country: 'US', postal_code: '38117' },
          recipient: { ...recordedShipment.recipient, country: 'US', postal_code: '10001' },
        },
        ACCOUNT,
        at,
      ).ShipmentRequest.Shipment.ShipmentDate;
    expect(date(evening)).toBe('20261124');
    expect(date(new Date('2026-11-25T15:00:00Z'))).toBe('20261125');
    expect(
      buildShipRequest({ ...recordedShipment, ship_date: '2026-11-27' }, ACCOUNT, evening).ShipmentRequest.Shipment
        .ShipmentDate,
    ).toBe('20261127');
  });
});
