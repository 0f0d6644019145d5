/** carrier_b booking: requests against the recorded ones, answers against every recorded response. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildShipRequest, parseShipResponse } from '../../../src/carriers/carrier_b/ship.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { NOW, apiErrorOf, fixture, recordedInternational, recordedShipment } from './support.js';

const ACCOUNT = 'Your Account Number';

/** Differences every recorded booking shares: the recorded integration's choices, not UPS's rules. */
const COMMON = [
  // Its description text for the format; ours names the format.
  'lable format',
  // "validate" asks UPS for street-level address validation: we book what the caller validated.
  'RequestOption',
  // Shipping.yaml SubVersion examples are bare numbers ("1801"); the recorded "v2409" is the path version.
  'SubVersion',
  'CustomerContext',
  // It bills duties and taxes (Type 02) to the shipper always; we do for DDP only.
  'ShipmentCharge',
  'RatingMethodRequestedIndicator',
  'TaxInformationIndicator',
  // NumOfPiecesInShipment is for Worldwide Express Freight only (Shipping.yaml).
  'NumOfPiecesInShipment',
  // Its Service.Description is its own slug; ours is UPS's service name.
  'Service.Description',
];
const notCommon = (d: string) => !COMMON.some((c) => d.includes(c));

describe.skipIf(fixturesMissing)('buildShipRequest against the recorded requests', () => {
  it('fixtures/shipment_ShipmentRequestJSON.json', () => {
    const diffs = matchesRecorded(buildShipRequest(recordedShipment, ACCOUNT, NOW), fixture('fixtures/shipment_ShipmentRequestJSON.json'));
    expect(diffs.filter(notCommon)).toEqual([
      "$.ShipmentRequest.Shipment.Description: \"Merchandise\" ≠ \"Description\"",
      "$.ShipmentRequest.Shipment.InvoiceLineTotal: expected an object",
      "$.ShipmentRequest.Shipment.Package[0].Description: undefined ≠ \"Description\"",
      "$.ShipmentRequest.Shipment.ReferenceNumber: expected an object",
      "$.ShipmentRequest.Shipment.ShipFrom.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
      "$.ShipmentRequest.Shipment.ShipTo.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].EMail.EMailAddress: [\"test@mail.com\"] ≠ \"test@mail.com\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].NotificationCode: \"6\" ≠ \"8\"",
      "$.ShipmentRequest.Shipment.Shipper.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
    ]);
  });

  it('fixtures/shipment_ReturnShipmentRequestJSON.json', () => {
    const req = { ...recordedShipment, type: 'return' as const, references: [], notifications: [], special_services: [], customs_items: [{ description: 'Description' }] };
    const diffs = matchesRecorded(buildShipRequest(req, ACCOUNT, NOW), fixture('fixtures/shipment_ReturnShipmentRequestJSON.json'));
    expect(diffs.filter(notCommon)).toEqual([
      "$.ShipmentRequest.Shipment.InvoiceLineTotal: expected an object",
      "$.ShipmentRequest.Shipment.ReferenceNumber: expected an object",
      "$.ShipmentRequest.Shipment.ShipFrom.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
      "$.ShipmentRequest.Shipment.ShipTo.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions: expected an object",
      "$.ShipmentRequest.Shipment.Shipper.Address.CountryCode: \"COUNTRYCODE\" ≠ \"CountryCode\"",
    ]);
  });

  it('fixtures/shipment_InternationalShipmentRequestJSON.json', () => {
    const diffs = matchesRecorded(buildShipRequest(recordedInternational, ACCOUNT, NOW), fixture('fixtures/shipment_InternationalShipmentRequestJSON.json'));
    expect(diffs.filter(notCommon)).toEqual([
      "$.ShipmentRequest.Shipment.InvoiceLineTotal.MonetaryValue: \"150.0\" ≠ \"1.0\"",
      "$.ShipmentRequest.Shipment.ReferenceNumber: expected an object",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Contacts: expected an object",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.FormType: [\"01\"] ≠ \"01\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].Description: [\"Electronics Components\"] ≠ \"Electronics Components\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].ExportType: undefined ≠ \"F\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].NumberOfPackagesPerCommodity: undefined ≠ \"1\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms.Product[0].ProductWeight.UnitOfMeasurement.Description: \"Weight\" ≠ \"weight unit\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].EMail.EMailAddress: [\"buyer@internationalbuyer.com\"] ≠ \"buyer@internationalbuyer.com\"",
      "$.ShipmentRequest.Shipment.ShipmentServiceOptions.Notification[0].NotificationCode: \"6\" ≠ \"8\"",
    ]);
  });

  it('label formats and sizes map to LabelImageFormat and LabelStockSize', () => {
    const spec = (label_type: string, label_size?: string) => buildShipRequest({ ...recordedShipment, label_type, ...(label_size ? { label_size } : {}) }, ACCOUNT, NOW).ShipmentRequest.LabelSpecification;
    expect(spec('PDF')).toEqual({ LabelImageFormat: { Code: 'PNG', Description: 'PNG' }, LabelStockSize: { Height: '6', Width: '4' } });
    expect(spec('GIF').LabelImageFormat.Code).toBe('GIF');
    expect(spec('ZPL__4X8')).toEqual({ LabelImageFormat: { Code: 'ZPL', Description: 'ZPL' }, LabelStockSize: { Height: '8', Width: '4' } });
    expect(spec('EPL', '4X6').LabelStockSize.Height).toBe('6');
    expect(spec('SPL__4X6').LabelImageFormat.Code).toBe('SPL');
    expect(apiErrorOf(() => spec('qrcode')).detail).toBe('shipment.label_type');
    expect(apiErrorOf(() => spec('PNG', '4X8')).detail).toBe('shipment.label_size');
  });

  it('return, Mail Innovations, DDP and the refusals', () => {
    const ret = buildShipRequest({ ...recordedShipment, type: 'return' }, ACCOUNT, NOW).ShipmentRequest.Shipment;
    expect(ret.ReturnService).toEqual({ Code: '9', Description: 'Print Return Label' });
    const mi = buildShipRequest({ ...recordedShipment, service: 'carrier_b_economy_mail_innovations', packaging: 'bpm_parcel', special_services: ['mi_label_cn22'], references: [{ type: 'ref', value: 'ORD-1' }] }, ACCOUNT, NOW).ShipmentRequest.Shipment;
    expect([mi.Service.Code, mi.USPSEndorsement, mi.PackageID, mi.MILabelCN22Indicator, mi.Package[0]?.Packaging?.Code]).toEqual(['M6', '5', 'ORD1', '', '64']);
    const ddp = buildShipRequest({ ...recordedInternational, terms_of_trade: 'DDP' }, ACCOUNT, NOW).ShipmentRequest.Shipment;
    expect(ddp.PaymentInformation.ShipmentCharge.map((c) => c.Type)).toEqual(['01', '02']);
    expect(apiErrorOf(() => buildShipRequest({ ...recordedShipment, service: undefined }, ACCOUNT, NOW)).code).toBe('schema_field_required');
    expect(apiErrorOf(() => buildShipRequest({ ...recordedInternational, customs_items: [] }, ACCOUNT, NOW)).detail).toBe('shipment.customs_items');
    expect(apiErrorOf(() => buildShipRequest({ ...recordedShipment, special_services: ['mi_label_cn22'] }, ACCOUNT, NOW)).code).toBe('schema_validation_error');
    // Refused before booking: the service combines labels after the carrier has booked.
    expect(apiErrorOf(() => buildShipRequest({ ...recordedShipment, label_type: 'GIF', combined_labels: true }, ACCOUNT, NOW)).detail).toBe('shipment.combined_labels');
  });
});

describe.skipIf(fixturesMissing)('parseShipResponse', () => {
  it('fixtures/shipment_ShipmentResponseJSON.json: one PackageResults object, a PNG label, CAD costs', async () => {
    const booked = await parseShipResponse(fixture('fixtures/shipment_ShipmentResponseJSON.json'), { deliver: 'PNG', service: 'carrier_b_standard' });
    expect(booked.tracking_number).toBe('1ZXXXXXXXXXXXXXXXX');
    expect(booked.service_type).toBe('carrier_b_standard');
    expect(booked.packages).toHaveLength(1);
    expect(booked.packages[0]?.label_format).toBe('PNG');
    expect(Buffer.from(booked.packages[0]?.label ?? []).subarray(1, 4).toString()).toBe('PNG');
    expect(booked.costs).toEqual({ base_charge: '114.05', surcharges: '21.10', discounts: '0.00', taxes: '20.27', net_charge: '155.42', currency: 'CAD' });
  });

  it('fixtures/shipment_ShipmentResponseJSON.json asked as PDF: the PNG on a PDF page', async () => {
    const booked = await parseShipResponse(fixture('fixtures/shipment_ShipmentResponseJSON.json'), { deliver: 'PDF' });
    expect(booked.packages[0]?.label_format).toBe('PDF');
    expect((await PDFDocument.load(booked.packages[0]?.label ?? new Uint8Array())).getPageCount()).toBe(1);
  });

  it('fixtures/return_shipment_ShipmentResponseJSON.json: PackageResults as a list', async () => {
    const booked = await parseShipResponse(fixture('fixtures/return_shipment_ShipmentResponseJSON.json'));
    expect(booked.packages.map((p) => [p.tracking_number, p.label_format, p.label.length])).toEqual([['1ZXXXXXXXXXXXXXXXX', 'PNG', 69]]);
    expect(booked.costs?.net_charge).toBe('25.00');
  });

  it('samples/shipping_response.json: the schema example parses, its form becomes a shipping document', async () => {
    const booked = await parseShipResponse(fixture('samples/shipping_response.json'));
    expect(booked.tracking_number).toBe('string');
    expect(booked.shipping_documents).toEqual([{ type: 'string', format: 'STRING', content: 'string' }]);
    expect(booked.costs).toBeUndefined();
  });

  it('negotiated charges win, a multi-part Mail Innovations image is joined, a missing label is a carrier fault', async () => {
    const body = (pkg: unknown, extra = {}) => ({ ShipmentResponse: { ShipmentResults: { ShipmentIdentificationNumber: '1ZA', PackageResults: pkg, ...extra } } });
    const negotiated = await parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: { ImageFormat: { Code: 'ZPL' }, GraphicImagePart: ['XlhB', 'Xlha'] } }, {
      ShipmentCharges: { TotalCharges: { CurrencyCode: 'USD', MonetaryValue: '20.00' } },
      NegotiatedRateCharges: { TotalCharge: { CurrencyCode: 'USD', MonetaryValue: '15.00' } },
    }));
    expect(Buffer.from(negotiated.packages[0]?.label ?? []).toString()).toBe('^XA^XZ');
    expect(negotiated.costs).toMatchObject({ net_charge: '15.00', discounts: '5.00' });
    await expect(parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: {} }))).rejects.toMatchObject({ code: 'carrier_http_exception' });
    await expect(parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: { GraphicImage: '***' } }))).rejects.toMatchObject({ code: 'carrier_http_exception' });
    await expect(parseShipResponse(body({ TrackingNumber: '1ZA', ShippingLabel: { ImageFormat: { Code: 'PNG' }, GraphicImage: 'AAAA' } }), { deliver: 'PDF' })).rejects.toMatchObject({ code: 'carrier_http_exception' });
    await expect(parseShipResponse(fixture('fixtures/pickup_PickupErrorResponse.json'))).rejects.toMatchObject({ code: 'carrier_exception', message: 'Invalid pickup date' });
  });
});
