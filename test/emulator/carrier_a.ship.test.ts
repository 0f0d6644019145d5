import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { request } from 'undici';
import { isValidTrackingNumber } from '../../src/emulator/carrier_a/tracking-numbers.js';
import { at, errorCodes, HOUR, shipRequest, TORONTO, useClient } from './support.js';

const shipment = (json: unknown) => at(json, 'output.transactionShipments.0');

describe('carrier_a tracking numbers', () => {
  it('use the check digit of the recorded FedEx numbers', () => {
    // fixtures/shipment_IntlShipmentResponse.json: three pieces of one real booking.
    for (const n of ['794791341818', '794791341829', '794791341830']) expect(isValidTrackingNumber(n)).toBe(true);
    expect(isValidTrackingNumber('794791341819')).toBe(false);
    expect(isValidTrackingNumber('79479134181')).toBe(false);
  });
});

describe('carrier_a Ship API', () => {
  const api = useClient();

  it('books a multi-piece shipment with one labelled piece per line item', async () => {
    const reply = await api.call(
      'POST',
      '/ship/v1/shipments',
      shipRequest({ packages: [{ lb: 5 }, { lb: 12, dims: [12, 10, 8] }, { lb: 1 }] }),
    );
    expect(reply.status).toBe(200);
    const s = shipment(reply.json);
    const master = at(s, 'masterTrackingNumber');
    expect(at(s, 'serviceType')).toBe('PRIORITY_OVERNIGHT');
    expect(at(s, 'shipDatestamp')).toBe('2025-03-04');
    const pieces = at(s, 'pieceResponses') as unknown[];
    expect(pieces).toHaveLength(3);
    const numbers = pieces.map((p) => String(at(p, 'trackingNumber')));
    expect(numbers[0]).toBe(master);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) {
      expect(n).toMatch(/^\d{12}$/);
      expect(isValidTrackingNumber(n)).toBe(true);
    }
    for (const [i, piece] of pieces.entries()) {
      expect(at(piece, 'packageSequenceNumber')).toBe(i + 1);
      expect(at(piece, 'masterTrackingNumber')).toBe(master);
      expect(at(piece, 'packageDocuments.0.contentType')).toBe('LABEL');
      expect(at(piece, 'packageDocuments.0.docType')).toBe('PDF');
      const pdf = Buffer.from(String(at(piece, 'packageDocuments.0.encodedLabel')), 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    }
    expect(at(pieces[0], 'customerReferences.0.value')).toBe('ORDER-1');
    const rating = at(s, 'completedShipmentDetail.shipmentRating.shipmentRateDetails') as unknown[];
    expect(rating.map((r) => at(r, 'rateType'))).toEqual(['PAYOR_ACCOUNT_SHIPMENT', 'PAYOR_LIST_SHIPMENT']);
    expect(Number(at(rating[0], 'totalNetCharge'))).toBeGreaterThan(0);
    expect(at(rating[0], 'surcharges.0.surchargeType')).toBe('FUEL');
    expect(at(s, 'completedShipmentDetail.operationalDetail.deliveryDate')).toBe('2025-03-05');
    expect(at(s, 'completedShipmentDetail.usDomestic')).toBe(true);
    expect(at(s, 'shipmentDocuments')).toBeUndefined();
  });

  it('returns a commercial invoice for international shipments with customs detail', async () => {
    const reply = await api.call(
      'POST',
      '/ship/v1/shipments',
      shipRequest({ to: TORONTO, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', withCustoms: true }),
    );
    expect(reply.status).toBe(200);
    const s = shipment(reply.json);
    expect(at(s, 'shipmentDocuments.0.contentType')).toBe('COMMERCIAL_INVOICE');
    expect(at(s, 'shipmentDocuments.0.docType')).toBe('PDF');
    const invoice = await PDFDocument.load(Buffer.from(String(at(s, 'shipmentDocuments.0.encodedLabel')), 'base64'));
    const { width, height } = invoice.getPage(0).getSize();
    expect([width, height]).toEqual([612, 792]);
    expect(at(s, 'completedShipmentDetail.shipmentDocuments.0.type')).toBe('COMMERCIAL_INVOICE');
    expect(at(s, 'completedShipmentDetail.usDomestic')).toBe(false);
  });

  it('refuses international shipments without customs detail', async () => {
    const reply = await api.call(
      'POST',
      '/ship/v1/shipments',
      shipRequest({ to: TORONTO, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY' }),
    );
    expect(reply.status).toBe(400);
    expect(errorCodes(reply)).toEqual(['CUSTOMSCLEARANCEDETAIL.REQUIRED']);
  });

  it('serves URL_ONLY labels from the document URL it returns', async () => {
    const reply = await api.call(
      'POST',
      '/ship/v1/shipments',
      shipRequest({ responseOption: 'URL_ONLY', imageType: 'ZPLII', stock: 'STOCK_4X6' }),
    );
    const url = String(at(shipment(reply.json), 'pieceResponses.0.packageDocuments.0.url'));
    expect(url).toContain('/carrier_a/document/v2/document/retrieve/SH,');
    expect(at(shipment(reply.json), 'pieceResponses.0.packageDocuments.0.encodedLabel')).toBeUndefined();
    const res = await request(url);
    expect(res.statusCode).toBe(200);
    expect((await res.body.text()).startsWith('^XA')).toBe(true);
  });

  it('validates the Ship API required members', async () => {
    const body = shipRequest();
    const broken = {
      ...body,
      labelResponseOptions: 'EMAIL',
      requestedShipment: {
        ...body.requestedShipment,
        labelSpecification: { imageType: 'GIF', labelStockType: 'PAPER_4X6' },
        serviceType: undefined,
      },
    };
    const reply = await api.call('POST', '/ship/v1/shipments', broken);
    expect(reply.status).toBe(400);
    expect(errorCodes(reply).every((c) => c === 'INVALID.INPUT.EXCEPTION')).toBe(true);
    const fields = (reply.json as { errors: Array<{ parameterList: Array<{ value: string }> }> }).errors.map(
      (e) => e.parameterList[0]?.value,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'requestedShipment.serviceType',
        'labelResponseOptions',
        'requestedShipment.labelSpecification.imageType',
      ]),
    );
    const homeToBusiness = await api.call(
      'POST',
      '/ship/v1/shipments',
      shipRequest({ serviceType: 'GROUND_HOME_DELIVERY' }),
    );
    expect(errorCodes(homeToBusiness)).toEqual(['SHIPMENT.SERVICETYPE.INVALID']);
  });

  describe('PUT /ship/v1/shipments/cancel', () => {
    const book = async (): Promise<string> => {
      const reply = await api.call('POST', '/ship/v1/shipments', shipRequest());
      return String(at(shipment(reply.json), 'masterTrackingNumber'));
    };
    const cancel = (trackingNumber: string, account = '510087020') =>
      api.call('PUT', '/ship/v1/shipments/cancel', {
        accountNumber: { value: account },
        trackingNumber,
        deletionControl: 'DELETE_ALL_PACKAGES',
      });

    it('cancels once, then says it is already cancelled', async () => {
      const tn = await book();
      const first = await cancel(tn);
      expect(first.status).toBe(200);
      expect(at(first.json, 'output')).toMatchObject({
        cancelledShipment: true,
        cancelledHistory: true,
        successMessage: 'Success',
      });
      const second = await cancel(tn);
      expect(second.status).toBe(400);
      expect(errorCodes(second)).toEqual(['SHIPMENT.ALREADY.CANCELLED']);
    });

    it('refuses unknown numbers, other accounts and tendered shipments', async () => {
      expect(errorCodes(await cancel('794900009999'))).toEqual(['TRACKINGNUMBER.ENTERED.INVALID']);
      const tn = await book();
      expect(errorCodes(await cancel(tn, '999999999'))).toEqual(['SHIPMENT.USER.UNAUTHORIZED']);
      await api.advance(3 * HOUR);
      expect(errorCodes(await cancel(tn))).toEqual(['SHIPMENT.CANCEL.NOTALLOWED']);
      await api.control('DELETE', '/_emulator/clock');
      const missing = await api.call('PUT', '/ship/v1/shipments/cancel', { trackingNumber: tn });
      expect(errorCodes(missing)).toEqual(['ACCOUNTNUMBER.REGISTRATION.REQUIRED']);
    });

    it('is a PUT, as in vendor/ship-api.json', async () => {
      const reply = await api.call('POST', '/ship/v1/shipments/cancel', {
        accountNumber: { value: '510087020' },
        trackingNumber: '1',
      });
      expect(reply.status).toBe(404);
    });
  });
});
