/** The carrier_c emulator's MyDHL rating and booking, spoken to directly. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isValidWaybill } from '../../src/emulator/carrier_c/tracking-numbers.js';
import { fixturesMissing, readFixtureJson } from '../support/fixtures.js';
import { BASIC, BERLIN, MUNICH, rateBody, shipBody, useCarrierCClient } from './carrier_c.support.js';
import { at } from './support.js';

const c = useCarrierCClient();
type Product = {
  productCode: string;
  totalPrice: { price: number; priceCurrency: string }[];
  pickupCapabilities: Record<string, unknown>;
  deliveryCapabilities: Record<string, unknown>;
};
const products = (json: unknown) => (json as { products: Product[] }).products;
const price = (json: unknown, code: string) =>
  products(json).find((p) => p.productCode === code)?.totalPrice[0]?.price ?? 0;

describe('authentication', () => {
  it("answers a missing or unreadable Basic header with DHL's 401 problem", async () => {
    for (const auth of [null, 'Basic bm9jb2xvbg==', 'Bearer abc']) {
      const res = await c.call('POST', '/rates', rateBody(), auth);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json).toEqual({
        instance: '/expressapi/rates',
        detail: 'Invalid Credentials',
        title: 'Unauthorized',
        message: 'Unauthorized',
        status: '401',
      });
    }
    expect((await c.call('POST', '/rates', rateBody(), BASIC)).status).toBe(200);
  });
});

describe('POST /rates', () => {
  it('quotes the goods products of an international lane with pickup and delivery capabilities', async () => {
    const res = await c.call('POST', '/rates', rateBody());
    expect(res.status).toBe(200);
    expect(products(res.json).map((p) => p.productCode)).toEqual(['P', 'Y', 'E', 'H']);
    const p = products(res.json)[0]!;
    expect(p.totalPrice[0]).toMatchObject({ priceCurrency: 'EUR' });
    expect(p.pickupCapabilities).toMatchObject({
      nextBusinessDay: false,
      localCutoffDateAndTime: '2025-03-05T16:00:00',
      pickupEarliest: '09:00:00',
      pickupLatest: '18:00:00',
    });
    expect(p.deliveryCapabilities).toMatchObject({
      totalTransitDays: 2,
      estimatedDeliveryDateAndTime: '2025-03-07T18:00:00',
    });
  });

  it('prices by zone and weight: heavier and farther cost more; documents and domestic lanes have their own products', async () => {
    const base = price((await c.call('POST', '/rates', rateBody())).json, 'P');
    expect(price((await c.call('POST', '/rates', rateBody({ weight: 12 }))).json, 'P')).toBeGreaterThan(base);
    expect(
      price(
        (
          await c.call(
            'POST',
            '/rates',
            rateBody({ to: { postalCode: '10001', cityName: 'New York', countryCode: 'US', addressLine1: '1 Main' } }),
          )
        ).json,
        'P',
      ),
    ).toBeGreaterThan(base);
    // The 30×20×10 cm piece weighs 1.2 kg by volume: too much for the envelope (X, at most 0.5 kg).
    expect(
      products((await c.call('POST', '/rates', rateBody({ declarable: false, weight: 0.4 }))).json).map(
        (p) => p.productCode,
      ),
    ).toEqual(['D', 'T']);
    expect(products((await c.call('POST', '/rates', rateBody({ to: MUNICH }))).json).map((p) => p.productCode)).toEqual(
      ['N', '1', 'I'],
    );
  });

  it('moves a weekend pickup to Monday (nextBusinessDay)', async () => {
    const caps = products((await c.call('POST', '/rates', rateBody({ date: '2025-03-08' }))).json)[0]!
      .pickupCapabilities;
    expect(caps).toMatchObject({ nextBusinessDay: true, localCutoffDateAndTime: '2025-03-10T16:00:00' });
  });

  it('refuses missing members, bad formats, past dates and unknown value-added services in DHL’s words', async () => {
    const noCity = await c.call('POST', '/rates', {
      ...rateBody(),
      customerDetails: { shipperDetails: BERLIN, receiverDetails: { countryCode: 'GB' } },
    });
    expect(noCity.status).toBe(400);
    expect(at(noCity.json, 'detail')).toBe('Missing mandatory parameters: customerDetails.receiverDetails.cityName');
    expect(at((await c.call('POST', '/rates', { ...rateBody(), unitOfMeasurement: 'furlongs' })).json, 'detail')).toBe(
      'Parameters not having correct format: unitOfMeasurement',
    );
    expect(at((await c.call('POST', '/rates', rateBody({ date: '2025-03-01' }))).json, 'detail')).toContain(
      'is in the past',
    );
    expect(
      at(
        (await c.call('POST', '/rates', { ...rateBody(), valueAddedServices: [{ serviceCode: 'ZZ' }] })).json,
        'detail',
      ),
    ).toContain('valueAddedServices[0].serviceCode');
    expect(at((await c.call('POST', '/rates', rateBody({ productCode: 'N' }))).json, 'detail')).toContain(
      'Product N available',
    );
    const broken = await c.emulator.app.inject({
      method: 'POST',
      url: '/carrier_c/rates',
      headers: { authorization: BASIC, 'content-type': 'application/json' },
      payload: '{"customerDetails":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ instance: '/expressapi/rates', title: 'Bad request' });
  });

  it('answers GET /rates for one piece', async () => {
    const q =
      'accountNumber=950000000&originCountryCode=DE&originCityName=Berlin&destinationCountryCode=GB&destinationCityName=London&weight=2&length=30&width=20&height=10&plannedShippingDate=2025-03-05&isCustomsDeclarable=true&unitOfMeasurement=metric';
    const res = await c.call('GET', `/rates?${q}`);
    expect(res.status).toBe(200);
    expect(products(res.json)[0]?.productCode).toBe('P');
  });

  it.skipIf(fixturesMissing)('accepts the recorded request of fixtures/rate_RateRequest.json', async () => {
    const recorded = {
      ...readFixtureJson<Record<string, unknown>>('carrier_c', 'fixtures/rate_RateRequest.json'),
      plannedShippingDateAndTime: '2025-03-05T10:00:00 GMT+00:00',
    };
    const res = await c.call('POST', '/rates', recorded);
    expect(res.status).toBe(200);
    expect(products(res.json).map((p) => p.productCode)).toEqual(['N', '1', 'I']);
    expect(products(res.json)[0]?.totalPrice[0]?.priceCurrency).toBe('USD');
  });
});

describe('POST /shipments', () => {
  it('books with a DHL waybill, a label per piece, the invoice and the charges', async () => {
    const res = await c.call('POST', '/shipments', shipBody({ pieces: 2 }));
    // 201 Created, as express-api-3.1.1_swagger.yaml documents it.
    expect(res.status).toBe(201);
    const waybill = at(res.json, 'shipmentTrackingNumber') as string;
    expect(isValidWaybill(waybill)).toBe(true);
    expect(at(res.json, 'packages.1.trackingNumber')).toBe(`JD01460002${waybill}`);
    const docs = at(res.json, 'documents') as {
      typeCode: string;
      imageFormat: string;
      content: string;
      packageReferenceNumber?: number;
    }[];
    expect(docs.map((d) => [d.typeCode, d.imageFormat, d.packageReferenceNumber])).toEqual([
      ['label', 'PDF', 1],
      ['label', 'PDF', 2],
      ['invoice', 'PDF', undefined],
    ]);
    const label = await PDFDocument.load(Buffer.from(docs[0]!.content, 'base64'));
    expect(label.getPage(0).getSize()).toEqual({ width: 288, height: 576 });
    expect(at(res.json, 'shipmentCharges.0')).toMatchObject({ currencyType: 'BILLC', priceCurrency: 'EUR' });
  });

  it('renders every encoding and template: ZPL, EPL, LP2, 6×4 and A4 pages', async () => {
    const label = async (opts: Parameters<typeof shipBody>[0]) =>
      Buffer.from(
        at(
          (await c.call('POST', '/shipments', shipBody({ to: MUNICH, productCode: 'N', ...opts }))).json,
          'documents.0.content',
        ) as string,
        'base64',
      );
    expect((await label({ encodingFormat: 'zpl' })).toString().startsWith('^XA')).toBe(true);
    expect((await label({ encodingFormat: 'epl' })).toString()).toMatch(/^\s*N/);
    expect((await label({ encodingFormat: 'lp2' })).toString()).toMatch(/^\s*N/);
    expect((await PDFDocument.load(await label({ templateName: 'ECOM26_A6_002' }))).getPage(0).getSize()).toEqual({
      width: 288,
      height: 432,
    });
    const a4 = (await PDFDocument.load(await label({ templateName: 'ECOM26_84_A4_001' }))).getPage(0).getSize();
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);
  });

  it('adds the waybill document (account hidden on request) and QR codes when asked', async () => {
    const body = shipBody({ to: MUNICH, productCode: 'N' });
    body.outputImageProperties.imageOptions.push(
      { typeCode: 'waybillDoc', templateName: 'ARCH_8X4', isRequested: true, hideAccountNumber: true } as never,
      { typeCode: 'qr-code', isRequested: true } as never,
    );
    const res = await c.call('POST', '/shipments', body);
    expect((at(res.json, 'documents') as { typeCode: string }[]).map((d) => d.typeCode)).toEqual([
      'label',
      'waybillDoc',
    ]);
    const qr = Buffer.from(at(res.json, 'packages.0.documents.0.content') as string, 'base64');
    expect(qr.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses products off their lane, missing customs, and bad encodings', async () => {
    expect(
      at((await c.call('POST', '/shipments', shipBody({ to: MUNICH, productCode: 'P' }))).json, 'detail'),
    ).toContain('Product P is not available');
    const noCustoms = shipBody();
    delete (noCustoms.content as Record<string, unknown>).exportDeclaration;
    expect(at((await c.call('POST', '/shipments', noCustoms)).json, 'detail')).toContain(
      'content.exportDeclaration.lineItems',
    );
    expect(at((await c.call('POST', '/shipments', shipBody({ encodingFormat: 'png' }))).json, 'detail')).toBe(
      'Parameters not having correct format: outputImageProperties.encodingFormat',
    );
  });

  it.skipIf(fixturesMissing)(
    'accepts the recorded requests of samples/shipment_request.json and fixtures/shipment_ShipmentRequest.json',
    async () => {
      for (const file of ['samples/shipment_request.json', 'fixtures/shipment_ShipmentRequest.json']) {
        const recorded = {
          ...readFixtureJson<Record<string, unknown>>('carrier_c', file),
          plannedShippingDateAndTime: '2025-03-05T10:00:00 GMT+00:00',
        };
        const res = await c.call('POST', '/shipments', recorded);
        if (file.startsWith('fixtures')) {
          // US → US with product P: DHL offers only domestic products there.
          expect(res.status, file).toBe(400);
          continue;
        }
        expect(res.status, file).toBe(201);
        expect((at(res.json, 'documents') as { typeCode: string }[]).map((d) => d.typeCode)).toEqual([
          'label',
          'invoice',
        ]);
      }
    },
  );
});
