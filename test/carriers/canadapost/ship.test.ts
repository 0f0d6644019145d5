/** Booking and cancelling against the recorded shipment requests and answers. */
import { describe, expect, it } from 'vitest';
import {
  buildCancelRequest,
  buildRefundRequest,
  parseCancelResponse,
  parseRefundResponse,
} from '../../../src/carriers/canadapost/cancel.js';
import { bookedShipment, buildShipRequest, parseShipResponse } from '../../../src/carriers/canadapost/ship.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, requestDiff } from '../support.js';
import { account, fixture, request } from './support.js';

describe.skipIf(fixturesMissing)('contract shipments (POST /rs/{customer}/{mobo}/shipment)', () => {
  it('builds the recorded shipment; the differences are listed', () => {
    const req = request({
      packages: [{ weight: 20, length: 6, width: 12, height: 9, value: 70 }],
      special_services: ['insurance', 'signature'],
      references: [{ type: 'ref', value: '#Order 11111' }],
      label_type: 'PDF__4x6',
    });
    const built = buildShipRequest(req, req.packages[0]!, account, '2026-11-27');
    expect(built.root).toBe('shipment');
    // COD is not in Waybill's catalog for this carrier; the recording's cost centre is its application's
    // name; the settlement says the account pays; the postage stays off the label (a merchant's label
    // shows its customer no price); numbers are written with their decimals. The recorded
    // Ours goes into the day's group for the manifest, where the recording had it transmitted at once
    // (<transmit-shipment/>, empty, which the diff counts as absent).
    expect(requestDiff('shipment', built.body, fixture('shipment_ShipmentRequestXML.json'))).toEqual([
      '+/shipment/delivery-spec/settlement-info/intended-method-of-payment = Account',
      '+/shipment/group-id = waybill-2026-11-27',
      '-/shipment/delivery-spec/options/option[2]/option-amount = 10.5',
      '-/shipment/delivery-spec/options/option[2]/option-code = COD',
      '-/shipment/delivery-spec/references/cost-centre = karrio',
      '~/shipment/delivery-spec/options/option[0]/option-amount: 70.00 ≠ 70.0',
      '~/shipment/delivery-spec/parcel-characteristics/weight: 20.000 ≠ 20',
      '~/shipment/delivery-spec/preferences/show-postage-rate: false ≠ true',
    ]);
  });

  it('builds the recorded ZPL shipment of a preset package', () => {
    const req = request({ packages: [{ weight: 9.1, length: 40.6, width: 46, height: 46 }], label_type: 'ZPL' });
    const built = buildShipRequest(req, req.packages[0]!, account, '2026-11-27');
    expect(requestDiff('shipment', built.body, fixture('shipment_ShipmentRequestWithPackagePresetXML.xml'))).toEqual([
      '+/shipment/delivery-spec/settlement-info/intended-method-of-payment = Account',
      '+/shipment/group-id = waybill-2026-11-27',
      '-/shipment/delivery-spec/options/option/option-amount = 25.5',
      '-/shipment/delivery-spec/options/option/option-code = COD',
      '-/shipment/delivery-spec/references/cost-centre = karrio-app',
      '~/shipment/delivery-spec/parcel-characteristics/weight: 9.100 ≠ 9.1',
      '~/shipment/delivery-spec/preferences/show-postage-rate: false ≠ true',
    ]);
  });

  it('books without a contract as a non-contract shipment, PDF 4x6 only', async () => {
    const { contract: _contract, ...noContract } = account;
    const req = request();
    const built = buildShipRequest(req, req.packages[0]!, noContract, '2026-11-27');
    expect(built.root).toBe('non-contract-shipment');
    expect(built.body['delivery-spec']['settlement-info']).toBeUndefined();
    expect(built.body['delivery-spec'].sender['address-details']['country-code']).toBeUndefined();
    expect(
      (
        await apiErrorOf(() =>
          buildShipRequest(request({ label_type: 'ZPL' }), req.packages[0]!, noContract, '2026-11-27'),
        )
      ).detail,
    ).toBe('shipment.label_type');
  });

  it('reads the recorded answers: id, PIN, links and costs with the taxes apart', () => {
    for (const file of [
      'shipment_ShipmentResponseXML.xml',
      'shipment_NonSubmittedShipmentResponseXML.xml',
      'shipment_ReturnShipmentResponseXML.xml',
    ]) {
      const parsed = parseShipResponse(fixture(file));
      expect(parsed, file).toMatchObject({
        shipmentId: '545021584835957806',
        pin: '123456789012',
        serviceCode: 'DOM.EP',
        estimatedDate: '2020-03-24',
      });
      expect(parsed.links.label, file).toEqual({
        href: 'https://ct.soa-gw.canadapost.ca/rs/artifact/6e93d53968881714/10001782951/0',
        mediaType: 'application/pdf',
      });
      expect(parsed.costs, file).toEqual({
        base_charge: '25.07',
        surcharges: '2.88',
        discounts: '0.00',
        taxes: '3.63',
        net_charge: '31.58',
        currency: 'CAD',
      });
    }
    expect(parseShipResponse(fixture('shipment_NonSubmittedShipmentResponseXML.xml')).status).toBe('created');
    const booked = bookedShipment(
      [parseShipResponse(fixture('shipment_ShipmentResponseXML.xml'))],
      [{ bytes: new Uint8Array([37, 80, 68, 70, 45]), format: 'PDF' }],
      [],
      'canadapost_expedited_parcel',
    );
    expect(booked).toMatchObject({
      tracking_number: '123456789012',
      carrier_shipment_id: '545021584835957806',
      service_type: 'canadapost_expedited_parcel',
      estimated_date: '2020-03-24',
    });
  });

  it('refuses an answer without its PIN or label link as an unexpected body', async () => {
    expect(
      (await apiErrorOf(() => parseShipResponse('<shipment-info><shipment-id>1</shipment-id></shipment-info>'))).code,
    ).toBe('carrier_http_exception');
    expect(
      (
        await apiErrorOf(() =>
          parseShipResponse(
            '<shipment-info><shipment-id>1</shipment-id><tracking-pin>2</tracking-pin><links/></shipment-info>',
          ),
        )
      ).code,
    ).toBe('carrier_http_exception');
    expect((await apiErrorOf(() => parseShipResponse('not xml'))).code).toBe('carrier_http_exception');
  });
});

describe.skipIf(fixturesMissing)('cancelling: void, or the refund request', () => {
  it('voids by the shipment path, and answers which was done', () => {
    expect(buildCancelRequest('545021584835957806', account)).toEqual({
      path: '/rs/2004381/2004381/shipment/545021584835957806',
    });
    expect(parseCancelResponse(204, ['545021584835957806']).message).toContain('voided shipment 545021584835957806');
  });

  it('builds the recorded refund request exactly, and reads its answer', () => {
    const refund = buildRefundRequest('545021584835957806', account, 'test@test.com');
    expect(refund.path).toBe('/rs/2004381/2004381/shipment/545021584835957806/refund');
    expect(requestDiff(refund.root, refund.body, fixture('shipment_ShipmentRefundRequestXML.xml'))).toEqual([]);
    expect(parseRefundResponse(fixture('shipment_ShipmentRefundResponseXML.xml'))).toEqual({
      ticketId: 'GT12345678RT',
      date: '2015-01-28',
    });
  });
});
