import { describe, expect, it } from 'vitest';
import {
  buildLabelRecoveryRequest,
  buildLookupRequest,
  parseLabelRecoveryResponse,
  parseLookupResponse,
} from '../../../src/carriers/carrier_b/lookup.js';
import { buildShipRequest } from '../../../src/carriers/carrier_b/ship.js';
import { ApiError } from '../../../src/domain/errors.js';
import type { ShipmentRequest } from '../../../src/domain/types.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const party = {
  name: 'Ann',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
const req = (references: ShipmentRequest['references'] = []): ShipmentRequest => ({
  shipping_account: 'acct',
  sender: party,
  recipient: { ...party, name: 'Bob', city: 'New York', state: 'NY', postal_code: '10001' },
  packages: [{ weight: 2 }],
  packaging: 'your_packaging',
  service: 'carrier_b_ground',
  dim_units: 'IN',
  weight_units: 'LB',
  references,
  waybill_reference: 'WB0123456789ABCDEF01234567',
});

describe("carrier_b: Waybill's reference and reference-number tracking", () => {
  it('adds the reference number after the shipper’s one', () => {
    const body = buildShipRequest(req([{ type: 'customer_reference', value: 'order 17' }]), 'A1B2C3', NOW);
    const refs = body.ShipmentRequest.Shipment.Package.flatMap((p) => p.ReferenceNumber ?? []).map((r) => r.Value);
    expect(refs).toEqual(['order 17', 'WB0123456789ABCDEF01234567']);
  });

  it('searches the reference with the shipper number, the destination and the pickup dates around the call', () => {
    expect(buildLookupRequest(req(), 'A1B2C3', NOW)).toEqual({
      referenceNumber: 'WB0123456789ABCDEF01234567',
      query: {
        locale: 'en_US',
        fromPickUpDate: '20260309',
        toPickUpDate: '20260317',
        shipperNum: 'A1B2C3',
        destCountry: 'US',
        destZip: '10001',
        refNumType: 'SmallPackage',
      },
    });
  });

  it('leaves the shipper’s two reference numbers alone, and then cannot look the booking up', () => {
    const full = req([
      { type: 'customer_reference', value: 'a' },
      { type: 'customer_reference', value: 'b' },
    ]);
    const refs = buildShipRequest(full, 'A1B2C3', NOW)
      .ShipmentRequest.Shipment.Package.flatMap((p) => p.ReferenceNumber ?? [])
      .map((r) => r.Value);
    expect(refs).toEqual(['a', 'b']);
    expect(() => buildLookupRequest(full, 'A1B2C3', NOW)).toThrow(ApiError);
  });

  it('reads the packages found', () => {
    const body = {
      trackResponse: {
        shipment: [
          {
            inquiryNumber: 'WB0',
            package: [{ trackingNumber: '1Z0000000000000001' }, { trackingNumber: '1Z0000000000000002' }],
          },
        ],
      },
    };
    expect(parseLookupResponse(body, 2)).toEqual({
      tracking_number: '1Z0000000000000001',
      package_tracking_numbers: ['1Z0000000000000001', '1Z0000000000000002'],
    });
  });

  it('records no booking of another number of packages than the request’s (a short one would lack packages for good)', () => {
    const body = {
      trackResponse: { shipment: [{ inquiryNumber: 'WB0', package: [{ trackingNumber: '1Z0000000000000001' }] }] },
    };
    expect(() => parseLookupResponse(body, 2)).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(() =>
      parseLookupResponse(
        { trackResponse: { shipment: [{ package: [{ trackingNumber: 'A' }, { trackingNumber: 'B' }] }] } },
        1,
      ),
    ).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});

describe('carrier_b: Label Recovery of a found booking', () => {
  const b64 = (t: string) => Buffer.from(t).toString('base64');
  const pages = (pdf: Uint8Array) =>
    Promise.resolve(
      Buffer.from(pdf)
        .toString()
        .split('|')
        .map((p) => new Uint8Array(Buffer.from(p))),
    );
  const work = {
    splitPdf: pages,
    pdfToPng: async (pdf: Uint8Array, dpi?: number) =>
      new Uint8Array(Buffer.from(`png@${dpi}:${Buffer.from(pdf).toString()}`)),
  };
  const answer = (results: unknown) => ({
    LabelRecoveryResponse: {
      Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
      ShipmentIdentificationNumber: '1Z1',
      LabelResults: results,
    },
  });
  const gif = (n: string) => ({
    TrackingNumber: n,
    LabelImage: { LabelImageFormat: { Code: 'GIF' }, GraphicImage: b64(`gif ${n}`) },
  });

  it('asks for the booking’s own format, PDF for PDF and PNG labels, with the stock size and the lead number', () => {
    const spec = (label_type: string, label_size?: string) =>
      buildLabelRecoveryRequest({ ...req(), label_type, ...(label_size ? { label_size } : {}) }, '1Z1')
        .LabelRecoveryRequest;
    expect(spec('GIF')).toEqual({
      Request: {},
      LabelSpecification: {
        HTTPUserAgent: 'Mozilla/4.5',
        LabelImageFormat: { Code: 'GIF' },
        LabelStockSize: { Height: '6', Width: '4' },
      },
      TrackingNumber: '1Z1',
    });
    expect(spec('PDF').LabelSpecification).toEqual({
      LabelImageFormat: { Code: 'PDF' },
      LabelStockSize: { Height: '6', Width: '4' },
    });
    expect(spec('PNG').LabelSpecification.LabelImageFormat.Code).toBe('PDF');
    expect(spec('ZPL', '4X8').LabelSpecification).toEqual({
      LabelImageFormat: { Code: 'ZPL' },
      LabelStockSize: { Height: '8', Width: '4' },
    });
  });

  it('reads each package’s label by its tracking number, one result as an object too', async () => {
    const two = { ...req(), label_type: 'GIF' };
    const got = await parseLabelRecoveryResponse(answer([gif('1Z2'), gif('1Z1')]), two, ['1Z1', '1Z2'], work);
    expect(got.map((p) => [p.tracking_number, Buffer.from(p.label).toString(), p.label_format])).toEqual([
      ['1Z1', 'gif 1Z1', 'GIF'],
      ['1Z2', 'gif 1Z2', 'GIF'],
    ]);
    expect((await parseLabelRecoveryResponse(answer(gif('1Z1')), two, ['1Z1'], work))[0]?.tracking_number).toBe('1Z1');
  });

  it('splits the one PDF of the first result into the packages’ labels, and draws PNG labels from its pages', async () => {
    const pdf = answer([
      { TrackingNumber: '1Z1', LabelImage: { LabelImageFormat: { Code: 'PDF' }, GraphicImage: b64('p1|p2') } },
      { TrackingNumber: '1Z2' },
    ]);
    const asPdf = await parseLabelRecoveryResponse(pdf, { ...req(), label_type: 'PDF' }, ['1Z1', '1Z2'], work);
    expect(asPdf.map((p) => [Buffer.from(p.label).toString(), p.label_format])).toEqual([
      ['p1', 'PDF'],
      ['p2', 'PDF'],
    ]);
    const asPng = await parseLabelRecoveryResponse(pdf, { ...req(), label_type: 'PNG' }, ['1Z1', '1Z2'], work);
    expect(asPng.map((p) => [Buffer.from(p.label).toString(), p.label_format])).toEqual([
      ['png@203:p1', 'PNG'],
      ['png@203:p2', 'PNG'],
    ]);
  });

  it('refuses an answer without every package’s label as an unexpected body, and passes UPS errors on', async () => {
    await expect(
      parseLabelRecoveryResponse(answer([gif('1Z1')]), { ...req(), label_type: 'GIF' }, ['1Z1', '1Z2'], work),
    ).rejects.toMatchObject({ code: 'carrier_http_exception' });
    const onePage = answer([
      { TrackingNumber: '1Z1', LabelImage: { LabelImageFormat: { Code: 'PDF' }, GraphicImage: b64('p1') } },
    ]);
    await expect(parseLabelRecoveryResponse(onePage, req(), ['1Z1', '1Z2'], work)).rejects.toMatchObject({
      code: 'carrier_http_exception',
      message: expect.stringContaining('1 pages for 2 packages'),
    });
    await expect(
      parseLabelRecoveryResponse(
        { response: { errors: [{ code: '190102', message: 'No shipment found' }] } },
        req(),
        ['1Z1'],
        work,
      ),
    ).rejects.toMatchObject({ code: 'carrier_no_shipment_found' });
  });
});
