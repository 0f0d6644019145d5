/** carrier_c booking: the /shipments body against the recorded requests, and the recorded answers parsed. */
import { describe, expect, it } from 'vitest';
import { buildShipRequest, parseShipResponse } from '../../../src/carriers/carrier_c/ship.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { SAMPLE_PARTY_DIFFS, sampleShipment } from './samples.js';
import { apiErrorOf, fixture, NOW, request } from './support.js';

const la = {
  name: 'John Doe',
  company: 'Test Company',
  email: 'shipper@example.com',
  phone: '1234567890',
  street1: '123 Main Street',
  city: 'Los Angeles',
  state: 'CA',
  postal_code: '90001',
  country: 'US',
};
const nyc = {
  name: 'Jane Smith',
  company: 'Recipient Corp',
  email: 'recipient@example.com',
  phone: '0987654321',
  street1: '456 Broadway',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};
const PDF_B64 = Buffer.from('%PDF-1.4 label').toString('base64');

describe.skipIf(fixturesMissing)('buildShipRequest against recorded requests', () => {
  it('matches fixtures/shipment_ShipmentRequest.json but for the country names', () => {
    const body = buildShipRequest(
      request({
        sender: la,
        recipient: nyc,
        service: 'express_worldwide_p',
        packages: [{ weight: 5, length: 25, width: 20, height: 15 }],
      }),
      '123456789',
      NOW,
    );
    expect(matchesRecorded(body, fixture('fixtures/shipment_ShipmentRequest.json'))).toEqual([
      // Waybill's addresses carry ISO codes only; countryName is optional.
      '$.customerDetails.shipperDetails.postalAddress.countryName: undefined ≠ "United States"',
      '$.customerDetails.receiverDetails.postalAddress.countryName: undefined ≠ "United States"',
    ]);
  });

  it('matches samples/shipment_request.json in every member the spec gives carrier_c', () => {
    const body = buildShipRequest(sampleShipment(), 'ACC123456789', new Date('2024-11-05T12:50:00Z'));
    expect(matchesRecorded(body, fixture('samples/shipment_request.json'))).toEqual([
      // The sample writes Prague's local time with GMT+00:00; Prague is GMT+01:00.
      '$.plannedShippingDateAndTime: "2024-11-05T14:00:00 GMT+01:00" ≠ "2024-11-05T14:00:00 GMT+00:00"',
      // The sample books a pickup with the shipment; Waybill schedules pickups through POST /pickups.
      '$.pickup.closeTime: undefined ≠ "18:00"',
      '$.pickup.location: undefined ≠ "reception"',
      '$.pickup.specialInstructions: expected an array',
      '$.pickup.pickupDetails: expected an object',
      // Waybill asks for the charges, to answer `costs`.
      '$.getRateEstimates: true ≠ false',
      '$.outputImageProperties.customerBarcodes: expected an array',
      '$.outputImageProperties.customerLogos: expected an array',
      // The sample lists a waybillDoc it does not request; Waybill asks for it only with hide_account.
      '$.outputImageProperties.imageOptions: length 2 ≠ 3',
      '$.outputImageProperties.imageOptions[1].typeCode: "invoice" ≠ "waybillDoc"',
      '$.outputImageProperties.imageOptions[1].templateName: "COMMERCIAL_INVOICE_P_10" ≠ "ARCH_8X4"',
      '$.outputImageProperties.imageOptions[1].isRequested: true ≠ false',
      '$.outputImageProperties.imageOptions[2]: expected an object',
      ...SAMPLE_PARTY_DIFFS,
      // Buyer, importer and exporter parties: the spec has no such addresses (importer_of_record copies the receiver).
      '$.customerDetails.buyerDetails: expected an object',
      '$.customerDetails.importerDetails: expected an object',
      '$.customerDetails.exporterDetails: expected an object',
      // your_packaging; references go on the shipment, which the spec's `references` are.
      '$.content.packages[0].typeCode: undefined ≠ "2BP"',
      '$.content.packages[0].customerReferences: expected an array',
      '$.content.packages[0].description: undefined ≠ "Package 1"',
      '$.content.packages[0].labelDescription: undefined ≠ "Label for Package 1"',
      '$.content.exportDeclaration.additionalCharges[0].caption: undefined ≠ "Handling fee"',
      '$.content.exportDeclaration.destinationPortName: undefined ≠ "JFK"',
      '$.content.exportDeclaration.exportReference: undefined ≠ "EXPREF-001"',
      // The content description is built from the customs items.
      '$.content.description: "Product description" ≠ "Sample shipment"',
      '$.documentImages: expected an array',
      '$.onDemandDelivery: expected an object',
      '$.requestOndemandDeliveryURL: undefined ≠ false',
      '$.shipmentNotification[0].languageCountryCode: undefined ≠ "US"',
      '$.prepaidCharges: expected an array',
      '$.getTransliteratedResponse: undefined ≠ false',
      '$.estimatedDeliveryDate: expected an object',
      '$.getAdditionalInformation: expected an array',
      '$.parentShipment: expected an object',
    ]);
  });
});

describe('buildShipRequest', () => {
  it('maps every carrier_c shipment field into the export declaration', () => {
    const body = buildShipRequest(
      {
        ...sampleShipment(),
        eccn: 'EAR99',
        signature_name: 'J. Doe',
        signature_title: 'CEO',
        export_reason_code: 'gift',
        other_charges: 5,
        terms_of_payment: 'prepaid',
        other_remarks_2: 'r2',
        other_remarks_3: 'r3',
        add_decl_text_2: 'd2',
        add_decl_text_3: 'd3',
      },
      '1',
      NOW,
    );
    const d = body.content.exportDeclaration!;
    expect(d.invoice).toEqual({
      number: 'INV-001',
      date: '2024-11-05',
      signatureName: 'J. Doe',
      signatureTitle: 'CEO',
      termsOfPayment: 'prepaid',
    });
    expect(d.lineItems[0]).toMatchObject({
      price: 100,
      exportControlClassificationNumber: 'EAR99',
      exportReasonType: 'gift',
      weight: { netValue: 5, grossValue: 5 },
    });
    expect(d.remarks).toEqual([{ value: 'Handle with care' }, { value: 'r2' }, { value: 'r3' }]);
    expect(d.declarationNotes).toEqual([{ value: 'Declaration note text' }, { value: 'd2' }, { value: 'd3' }]);
    expect(d.additionalCharges).toEqual([
      { value: 10, typeCode: 'freight' },
      { value: 5, typeCode: 'other' },
    ]);
    expect(d).toMatchObject({
      placeOfIncoterm: 'New York',
      payerVATNumber: 'VAT123456',
      recipientReference: 'RECREF-001',
      exporter: { id: 'EXP-001', code: 'EXPCODE' },
      packageMarks: 'FRAGILE',
      exportReason: 'Sale',
      licenses: [{ typeCode: 'export', value: 'LIC-001' }],
    });
    expect(body.content).toMatchObject({
      incoterm: 'DAP',
      USFilingTypeValue: 'NOEEI30.37A',
      declaredValue: 100,
      declaredValueCurrency: 'USD',
    });
    expect(body.valueAddedServices).toEqual([{ serviceCode: 'II', value: 100, currency: 'USD' }]);
  });

  it('sends address registration numbers, the importer of record, hidden accounts, QR codes and return invoices', () => {
    const body = buildShipRequest(
      request({
        sender: { ...la, tax_id: 'US-EIN', eori_number: 'EORI1', trader_type: 'business' },
        recipient: { ...nyc, country: 'GB', ioss_number: 'IM123', personal_id_number: 'P1', residential: true },
        special_services: ['importer_of_record', 'hide_account', 'include_qr'],
        type: 'return',
        label_type: 'ZPL2__6X4_thermal',
      }),
      '1',
      NOW,
    );
    expect(body.customerDetails.shipperDetails.registrationNumbers).toEqual([
      { typeCode: 'VAT', number: 'US-EIN', issuerCountryCode: 'US' },
      { typeCode: 'EOR', number: 'EORI1', issuerCountryCode: 'US' },
    ]);
    expect(body.customerDetails.receiverDetails).toMatchObject({
      typeCode: 'private',
      registrationNumbers: [
        { typeCode: 'SDT', number: 'IM123', issuerCountryCode: 'GB' },
        { typeCode: 'NID', number: 'P1', issuerCountryCode: 'GB' },
      ],
    });
    expect(body.customerDetails.importerDetails).toEqual(body.customerDetails.receiverDetails);
    expect(body.productCode).toBe('P');
    expect(body.outputImageProperties).toEqual({
      printerDPI: 300,
      encodingFormat: 'zpl',
      imageOptions: [
        { typeCode: 'label', templateName: 'ECOM26_A6_002', isRequested: true },
        { typeCode: 'waybillDoc', templateName: 'ARCH_8X4', isRequested: true, hideAccountNumber: true },
        { typeCode: 'invoice', templateName: 'RET_COM_INVOICE_A4_01', isRequested: true, invoiceType: 'returns' },
        { typeCode: 'qr-code', templateName: 'QR_1_00_LL_PNG_001', isRequested: true, encodingFormat: 'png' },
      ],
    });
    expect(body.content.exportDeclaration?.exportReasonType).toBe('return');
  });

  it('books domestic shipments without customs and defaults the product by lane', () => {
    const body = buildShipRequest(request({ sender: la, recipient: nyc }), '1', NOW);
    expect(body.productCode).toBe('N');
    expect(body.content.isCustomsDeclarable).toBe(false);
    expect(body.content.exportDeclaration).toBeUndefined();
    expect(body.outputImageProperties.imageOptions).toHaveLength(1);
  });
});

describe.skipIf(fixturesMissing)('parseShipResponse', () => {
  it('reads fixtures/shipment_ShipmentResponse.json: a numeric waybill, one label without typeCode', () => {
    const booked = parseShipResponse(fixture('fixtures/shipment_ShipmentResponse.json'), 'P');
    expect(booked).toMatchObject({ tracking_number: '9356579890', service_type: 'express_worldwide_p' });
    expect(booked.packages).toHaveLength(1);
    expect(booked.packages[0]).toMatchObject({ tracking_number: '9356579890', label_format: 'PDF' });
    expect(Buffer.from(booked.packages[0]!.label).subarray(0, 5).toString()).toBe('%PDF-');
    expect(booked.shipping_documents).toBeUndefined();
  });

  it('refuses samples/shipment_response.json as it is (its documents are elided with "..."), reads it with real bytes', () => {
    const sample = fixture<Record<string, unknown>>('samples/shipment_response.json');
    expect(apiErrorOf(() => parseShipResponse(sample)).code).toBe('carrier_http_exception');
    const docs = (sample.documents as Record<string, unknown>[]).map((d) => ({ ...d, content: PDF_B64 }));
    const pkgs = (sample.packages as Record<string, unknown>[]).map((p) => ({
      ...p,
      documents: [{ imageFormat: 'PNG', content: PDF_B64, typeCode: 'qr-code' }],
    }));
    const booked = parseShipResponse({ ...sample, documents: docs, packages: pkgs });
    expect(booked.tracking_number).toBe('1234567890');
    expect(booked.packages.map((p) => p.tracking_number)).toEqual(['JD014600001234567890']);
    expect(booked.shipping_documents?.map((d) => d.type)).toEqual(['WAYBILL', 'COMMERCIAL_INVOICE', 'QR_CODE']);
    expect(booked.costs).toEqual({
      base_charge: '135.00',
      surcharges: '12.50',
      discounts: '0.00',
      taxes: '0.00',
      net_charge: '147.50',
      currency: 'USD',
    });
  });

  it('gives each piece its own label by packageReferenceNumber, and shares one document among pieces', () => {
    const pieces = [
      { referenceNumber: 1, trackingNumber: 'JD1' },
      { referenceNumber: 2, trackingNumber: 'JD2' },
    ];
    const own = parseShipResponse({
      shipmentTrackingNumber: '4500000013',
      packages: pieces,
      documents: [2, 1].map((n) => ({
        typeCode: 'label',
        imageFormat: 'ZPL',
        content: Buffer.from(`^XA${n}`).toString('base64'),
        packageReferenceNumber: n,
      })),
    });
    expect(own.packages.map((p) => [p.tracking_number, Buffer.from(p.label).toString(), p.label_format])).toEqual([
      ['JD1', '^XA1', 'ZPL'],
      ['JD2', '^XA2', 'ZPL'],
    ]);
    const shared = parseShipResponse({
      shipmentTrackingNumber: '4500000013',
      packages: pieces,
      documents: [{ typeCode: 'label', imageFormat: 'EPL', content: PDF_B64 }],
    });
    expect(shared.packages.map((p) => p.label_format)).toEqual(['EPL2', 'EPL2']);
  });

  it('answers a booking without a label as carrier_http_exception', () => {
    expect(
      apiErrorOf(() => parseShipResponse({ shipmentTrackingNumber: '4500000013', documents: [] })).message,
    ).toContain('returned no label');
  });
});
