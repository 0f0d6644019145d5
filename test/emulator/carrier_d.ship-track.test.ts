/** The carrier_d emulator: multipart labels in every format, refunds, tracking by the clock, pickups, drop-off points, SCAN forms. */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidImpb, isValidS10 } from '../../src/emulator/check-digits.js';
import { fromAddress, labelBody, partsOf, startD, type DClient } from './carrier_d.support.js';
import { HOUR } from './support.js';

let c: DClient;
let payment: string;
beforeAll(async () => {
  c = await startD();
  payment = await c.payment();
});
afterAll(() => c.close());

const label = (body: unknown = labelBody()) => c.call('POST', '/labels/v3/label', body, { payment });

describe('carrier_d emulator labels', () => {
  it('answers multipart/form-data: labelMetadata JSON and a Base64 labelImage, IMpb number with its check digit', async () => {
    const res = await label();
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const { json, images } = partsOf(res);
    expect(isValidImpb(json.trackingNumber)).toBe(true);
    expect(json.trackingNumber).toMatch(/^92055\d+/);
    expect(json).toMatchObject({
      zone: '05',
      commitment: { name: '3 Days' },
      mailClass: 'PRIORITY_MAIL',
      processingCategory: 'MACHINABLE',
      rateIndicator: 'SP',
      postage: expect.any(Number),
    });
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ name: 'labelImage', contentType: 'application/pdf' });
    expect((await PDFDocument.load(images[0]!.bytes)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
  });

  it.each([
    ['PDF', '2X7LABEL', (b: Buffer) => b.subarray(0, 5).toString() === '%PDF-'],
    ['PNG', '4X4LABEL', (b: Buffer) => b.subarray(1, 4).toString() === 'PNG'],
    ['PNG', '2X7LABEL', (b: Buffer) => b.subarray(1, 4).toString() === 'PNG'],
    ['GIF', '4X6LABEL', (b: Buffer) => b.subarray(0, 4).toString() === 'GIF8'],
    ['ZPL203DPI', '6X4LABEL', (b: Buffer) => b.toString().startsWith('^XA')],
    ['ZPL300DPI', '4X5LABEL', (b: Buffer) => b.toString().startsWith('^XA')],
    ['EPL300DPI', '4X6LABEL', (b: Buffer) => /^\s*N/.test(b.toString())],
  ])('renders %s on %s', async (imageType, labelType, looksRight) => {
    const res = await label(labelBody({ imageInfo: { imageType, labelType, receiptOption: 'NONE' } }));
    expect(res.status).toBe(200);
    expect(looksRight(partsOf(res).images[0]!.bytes)).toBe(true);
  });

  it('refuses what USPS refuses: ZPL on 2X7, EPL returns, unknown image types, wrong classes, overweight, missing payment', async () => {
    const refused = async (body: unknown, path = '/labels/v3/label') =>
      (await c.call('POST', path, body, { payment })).json.error.errors[0].source.parameter;
    expect(await refused(labelBody({ imageInfo: { imageType: 'ZPL203DPI', labelType: '2X7LABEL' } }))).toBe(
      'imageInfo.labelType',
    );
    expect(
      await refused(
        labelBody({ imageInfo: { imageType: 'EPL300DPI', labelType: '4X6LABEL' } }),
        '/labels/v3/return-label',
      ),
    ).toBe('imageInfo.labelType');
    expect(await refused(labelBody({ imageInfo: { imageType: 'TIFF', labelType: '4X6LABEL' } }))).toBe(
      'imageInfo.imageType',
    );
    expect(await refused(labelBody({}, { mailClass: 'PRIORITY_MAIL_INTERNATIONAL' }))).toBe(
      'packageDescription.mailClass',
    );
    expect(await refused(labelBody({}, { rateIndicator: 'XX' }))).toBe('packageDescription.rateIndicator');
    expect(await refused(labelBody({}, { weight: 71 }))).toBe('packageDescription.weight');
    expect(await refused(labelBody({ toAddress: { city: 'X' } }))).toBe('toAddress.streetAddress');
    const none = await c.call('POST', '/labels/v3/label', labelBody());
    expect(none.status).toBe(403);
  });

  it('books international labels with an S10 number, needing the customs form', async () => {
    const body = {
      ...labelBody({}, { mailClass: 'PRIORITY_MAIL_INTERNATIONAL' }),
      toAddress: {
        streetAddress: '10 Downing St',
        city: 'London',
        postalCode: 'SW1A 2AA',
        countryISOAlpha2Code: 'GB',
        firstName: 'Clara',
      },
      customsForm: {
        customsContentType: 'MERCHANDISE',
        AESITN: 'NO EEI 30.37(a)',
        contents: [
          {
            itemDescription: 'Shirt',
            itemQuantity: 1,
            itemValue: 20,
            itemTotalValue: 20,
            itemWeight: 1,
            itemTotalWeight: 1,
            countryofOrigin: 'US',
          },
        ],
      },
    };
    const res = await c.call('POST', '/international-labels/v3/international-label', body, { payment });
    expect(res.status).toBe(201);
    expect(isValidS10(partsOf(res).json.internationalTrackingNumber)).toBe(true);
    const { customsForm: _cf, ...noCustoms } = body;
    expect(
      (await c.call('POST', '/international-labels/v3/international-label', noCustoms, { payment })).json.error
        .errors[0].source.parameter,
    ).toBe('customsForm');
  });
});

describe('carrier_d emulator refunds and tracking', () => {
  it('cancels a label once; unknown numbers get the vendor NOTFOUND body', async () => {
    const n = partsOf(await label()).json.trackingNumber;
    const ok = await c.call('DELETE', `/labels/v3/label/${n}`, undefined, { payment });
    expect(ok.json).toEqual({ trackingNumber: n, status: 'CANCELED' });
    expect((await c.call('DELETE', `/labels/v3/label/${n}`, undefined, { payment })).json.error.errors[0].code).toBe(
      '030002',
    );
    const unknown = await c.call('DELETE', '/labels/v3/label/9200000000000000000000', undefined, { payment });
    expect(unknown.json).toEqual({
      apiVersion: '/labels/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [
          {
            status: '400',
            code: '00000XX',
            title: 'Bad Request',
            detail: 'Order not found',
            source: { parameter: 'trackingNumber' },
          },
        ],
      },
    });
  });

  it('reveals scans as the clock moves, with local times, offsets and Pub 199 codes, up to delivery', async () => {
    const n = partsOf(await label()).json.trackingNumber;
    const at = async () => (await c.call('GET', `/tracking/v3/tracking/${n}?expand=DETAIL`)).json;
    const created = await at();
    expect(created).toMatchObject({
      statusCategory: 'Pre-Shipment',
      trackingEvents: [{ eventCode: 'GX', GMTOffset: '-05:00' }],
    });
    expect(created.expectedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Booked 10:00 in the east: accepted at 17:00, at the origin facility at 20:00.
    await c.advance(11 * HOUR);
    expect((await at()).trackingEvents.map((e: { eventCode: string }) => e.eventCode)).toEqual(['10', '03', 'GX']);
    await c.advance(7 * 24 * HOUR);
    const done = await at();
    expect(done).toMatchObject({ status: 'Delivered, In/At Mailbox', statusCategory: 'Delivered' });
    expect(done.trackingEvents[0]).toMatchObject({
      eventCode: '01',
      eventCity: 'OKLAHOMA CITY',
      eventState: 'OK',
      GMTOffset: '-06:00',
    });
    expect((await c.call('GET', '/tracking/v3/tracking/9200000000000000000000')).status).toBe(404);
  });
});

describe('carrier_d emulator pickups, drop-off locations and SCAN forms', () => {
  it('schedules, reads with an ETag, and cancels only with that ETag', async () => {
    const body = {
      pickupDate: '2025-04-30',
      pickupAddress: {
        firstName: 'Tall',
        address: { streetAddress: '1 Main', city: 'Georgetown', state: 'SC', ZIPCode: '29440' },
      },
      packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 2 }],
      estimatedWeight: 5,
      pickupLocation: { packageLocation: 'FRONT_DOOR' },
    };
    const made = await c.call('POST', '/pickup/v3/carrier-pickup', body);
    expect(made.json).toMatchObject({
      confirmationNumber: expect.stringMatching(/^WTC/),
      pickupDate: '2025-04-30',
      carrierPickupRequest: body,
    });
    const path = `/pickup/v3/carrier-pickup/${made.json.confirmationNumber}`;
    const read = await c.call('GET', path);
    const etag = String(read.headers.etag);
    expect((await c.call('DELETE', path, undefined, { headers: { 'if-match': 'stale' } })).status).toBe(412);
    expect((await c.call('DELETE', path, undefined, { headers: { 'if-match': etag } })).status).toBe(200);
    expect((await c.call('DELETE', path, undefined, { headers: { 'if-match': etag } })).json.error.errors[0].code).toBe(
      '050002',
    );
    expect((await c.call('POST', '/pickup/v3/carrier-pickup', { ...body, pickupDate: '2020-01-01' })).status).toBe(400);
  });

  it('lists entry facilities for a ZIP Code with acceptance hours', async () => {
    const res = await c.call(
      'GET',
      '/locations/v3/dropoff-locations?destinationZIPCode=29440&destinationEntryFacilityType=DESTINATION_DELIVERY_UNIT',
    );
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      dropShipmentKey: 'SV294401',
      facilityAddress: { address: { ZIPCode: '29440' } },
      dropShipAcceptanceTimes: expect.arrayContaining([
        { dayOfWeek: 'MONDAY', times: [{ openTime: '0700', closeTime: '1700' }] },
      ]),
    });
    expect((await c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=abc')).status).toBe(400);
  });

  it('puts labels on one SCAN form only, by number or by manifest MID, and answers the PDF form', async () => {
    // Earlier tests moved the clock past the payment token's eight hours.
    payment = await c.payment();
    const a = partsOf(await label(labelBody({}, { mailingDate: '2025-03-20' }))).json.trackingNumber;
    const b = partsOf(await label(labelBody({}, { mailingDate: '2025-03-20' }))).json.trackingNumber;
    const form = (shipment: unknown) =>
      c.call(
        'POST',
        '/scan-forms/v3/scan-form',
        {
          form: '5630',
          mailingDate: '2025-03-20',
          entryFacilityZIPCode: '29440',
          destinationEntryFacilityType: 'NONE',
          shipment,
          fromAddress,
        },
        { payment },
      );
    const byNumber = await form({ trackingNumbers: [a] });
    const parts = partsOf(byNumber);
    expect(parts.json).toMatchObject({ trackingNumbers: [a], manifestNumber: expect.stringMatching(/^9275090/) });
    expect((await PDFDocument.load(parts.images[0]!.bytes)).getPageCount()).toBe(1);
    expect((await form({ trackingNumbers: [a] })).json.error.errors[0].code).toBe('060002');
    expect(partsOf(await form({ manifestMID: '654321' })).json.trackingNumbers).toEqual([b]);
    expect((await form({ manifestMID: '654321' })).json.error.errors[0].code).toBe('060001');
    expect((await form({ manifestMID: '999999' })).status).toBe(400);
  });
});
