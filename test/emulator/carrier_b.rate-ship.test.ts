/** The carrier_b emulator on its own: UPS OAuth, rating, booking with real labels, voiding. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit, isValidTrackingNumber, trackingNumberAt } from '../../src/emulator/carrier_b/tracking-numbers.js';
import { BASIC, TORONTO, rateBody, shipBody, startUps, type UpsClient } from './carrier_b.support.js';
import { HOUR, at } from './support.js';

let ups: UpsClient;
let token: string;
beforeAll(async () => {
  ups = await startUps();
  token = String(at((await ups.token()).json, 'access_token'));
});
afterAll(() => ups.close());

const errorsOf = (json: unknown) =>
  (at(json, 'response.errors') as { code: string; message: string }[] | undefined)?.map((e) => e.code);

describe('OAuth', () => {
  it('issues a token for HTTP Basic client credentials, every member a string like UPS', async () => {
    const reply = await ups.token();
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      token_type: 'Bearer',
      client_id: 'test-id',
      expires_in: '14399',
      status: 'approved',
    });
  });

  it('refuses missing Basic credentials or another grant with UPS’s 250003', async () => {
    expect(errorsOf((await ups.token('Bearer x')).json)).toEqual(['250003']);
    expect((await ups.token(BASIC, 'grant_type=password')).status).toBe(401);
    expect((await ups.token(`Basic ${Buffer.from('only-id').toString('base64')}`)).status).toBe(401);
  });

  it('refuses calls without a valid token (250002), and tokens expire after 14399 s', async () => {
    const none = await ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token: null });
    expect([none.status, errorsOf(none.json)]).toEqual([401, ['250002']]);
    expect((await ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token: 'forged' })).status).toBe(401);
    const fresh = String(at((await ups.token()).json, 'access_token'));
    await ups.advance(4 * HOUR);
    expect((await ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token: fresh })).status).toBe(401);
    token = String(at((await ups.token()).json, 'access_token'));
  });
});

describe('Rating', () => {
  it('Shop answers every service of the lane as a list, money as strings, negotiated 5 % below list', async () => {
    const reply = await ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token });
    expect(reply.status).toBe(200);
    const rated = at(reply.json, 'RateResponse.RatedShipment') as Record<string, unknown>[];
    expect(rated.map((r) => at(r, 'Service.Code'))).toEqual(['14', '01', '13', '59', '02', '12', '03']);
    const ground = rated.find((r) => at(r, 'Service.Code') === '03');
    // Ground 30301 → 10001 is zone 4: (11 + 0.55 × 5 lb) × (1 + 4 × 0.08) = 18.15, + 12 % fuel = 20.33; negotiated × 0.95.
    expect(at(ground, 'TotalCharges')).toEqual({ CurrencyCode: 'USD', MonetaryValue: '20.33' });
    expect(at(ground, 'NegotiatedRateCharges.TotalCharge.MonetaryValue')).toBe('19.31');
    expect(at(ground, 'Zone')).toBe('4');
    expect(at(ground, 'TimeInTransit')).toBeUndefined();
    expect(at(reply.json, 'RateResponse.Response.TransactionReference.CustomerContext')).toBe('ctx');
  });

  it('negotiated charges carry BaseServiceCharge beside TotalCharge, as Rating.yaml (subversion 2201 on) and the recorded replies do', async () => {
    const reply = await ups.call('POST', '/api/rating/v2409/Shop', rateBody(), { token });
    const ground = (at(reply.json, 'RateResponse.RatedShipment') as Record<string, unknown>[]).find(
      (r) => at(r, 'Service.Code') === '03',
    );
    // The list base 18.15, 5 % off.
    expect(at(ground, 'NegotiatedRateCharges.BaseServiceCharge')).toEqual({
      CurrencyCode: 'USD',
      MonetaryValue: '17.24',
    });
    expect(at(ground, 'NegotiatedRateCharges.TotalCharge.MonetaryValue')).toBe('19.31');
  });

  it('additionalinfo=timeintransit adds TimeInTransit to Shop and Rate, as the documented query parameter asks', async () => {
    const shop = await ups.call('POST', '/api/rating/v2409/Shop?additionalinfo=timeintransit', rateBody(), { token });
    const ground = (at(shop.json, 'RateResponse.RatedShipment') as Record<string, unknown>[]).find(
      (r) => at(r, 'Service.Code') === '03',
    );
    expect(at(ground, 'TimeInTransit.ServiceSummary.EstimatedArrival.BusinessDaysInTransit')).toBe('3');
    const rate = await ups.call(
      'POST',
      '/api/rating/v2409/Rate?additionalinfo=timeintransit',
      rateBody({ Service: { Code: '02' } }),
      { token },
    );
    expect(at(rate.json, 'RateResponse.RatedShipment.0.TimeInTransit.ServiceSummary.EstimatedArrival.Arrival')).toEqual(
      { Date: '20250306', Time: '233000' },
    );
  });

  it('Ratetimeintransit answers a list of one RatedShipment (always a list from v2409 on, Rating.yaml) with the estimated arrival', async () => {
    const reply = await ups.call(
      'POST',
      '/api/rating/v2409/Ratetimeintransit',
      rateBody({ Service: { Code: '02' }, ShipmentRatingOptions: undefined }),
      { token },
    );
    const list = at(reply.json, 'RateResponse.RatedShipment');
    expect(Array.isArray(list) && list.length).toBe(1);
    const rated = at(list, '0');
    expect(at(rated, 'RatedPackage.0.Weight')).toBe('5');
    expect(at(rated, 'NegotiatedRateCharges')).toBeUndefined();
    expect(at(rated, 'TimeInTransit.ServiceSummary.EstimatedArrival')).toMatchObject({
      Arrival: { Date: '20250306', Time: '233000' },
      BusinessDaysInTransit: '2',
      DayOfWeek: 'THU',
    });
  });

  it('prices international lanes in the origin currency and refuses services that do not run there', async () => {
    const intl = await ups.call('POST', '/api/rating/v2409/Shop', rateBody({ ShipTo: TORONTO }), { token });
    expect((at(intl.json, 'RateResponse.RatedShipment') as unknown[]).map((r) => at(r, 'Service.Code'))).toEqual([
      '54',
      '07',
      '65',
      '08',
      '11',
    ]);
    const refused = await ups.call(
      'POST',
      '/api/rating/v2409/Rate',
      rateBody({ ShipTo: TORONTO, Service: { Code: '01' } }),
      { token },
    );
    expect([refused.status, errorsOf(refused.json)]).toEqual([400, ['111210']]);
  });

  it('names every problem of a bad request, and refuses unknown options and versions', async () => {
    const bad = await ups.call(
      'POST',
      '/api/rating/v2409/Rate',
      { RateRequest: { Shipment: { Shipper: { Address: {} }, ShipTo: { Address: { CountryCode: 'US' } } } } },
      { token },
    );
    expect(bad.status).toBe(400);
    expect((at(bad.json, 'response.errors') as { message: string }[]).map((e) => e.message)).toEqual([
      'Missing or invalid Shipment.Shipper.Address.CountryCode',
      'Missing or invalid Shipment.Package',
      'Missing or invalid Shipment.Shipper.ShipperNumber',
      'Missing or invalid Shipment.Service.Code',
    ]);
    expect((await ups.call('POST', '/api/rating/v1/Shop', rateBody(), { token })).status).toBe(400);
    expect((await ups.call('POST', '/api/rating/v2409/Quote', rateBody(), { token })).status).toBe(400);
    expect(errorsOf((await ups.call('POST', '/api/rating/v2409/Shop', undefined, { token, raw: '{' })).json)).toEqual([
      '10003',
    ]);
    expect(errorsOf((await ups.call('GET', '/api/nowhere', undefined, { token })).json)).toEqual(['10002']);
  });
});

describe('1Z numbers', () => {
  it('carry UPS’s check digit, as the recorded number does', () => {
    expect(isValidTrackingNumber('1Z023E2X0214323462')).toBe(true);
    expect(isValidTrackingNumber('1Z023E2X0214323463')).toBe(false);
    expect(isValidTrackingNumber('1Z999AA10123456784')).toBe(true);
    const n = trackingNumberAt(0, 'a1-b2c3', '03');
    expect(n).toBe(`1ZA1B2C3031000001${checkDigit('A1B2C3031000001')}`);
    expect(isValidTrackingNumber(n)).toBe(true);
  });
});

describe('Shipping', () => {
  const signatures: [string, string | undefined, (b: Buffer) => boolean][] = [
    ['GIF', undefined, (b) => b.subarray(0, 6).toString() === 'GIF89a'],
    ['PNG', undefined, (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
    ['ZPL', '8', (b) => b.toString().startsWith('^XA') && b.toString().includes('^BC')],
    ['EPL', '6', (b) => /^\r?\nN|^N/.test(b.toString()) && b.toString().includes('B')],
  ];
  it.each(signatures)('labels %s with a Code 128 barcode of the 1Z number', async (format, height, looksRight) => {
    const reply = await ups.call('POST', '/api/shipments/v2409/ship', shipBody({}, format, height), { token });
    expect(reply.status).toBe(200);
    const pkg = at(reply.json, 'ShipmentResponse.ShipmentResults.PackageResults');
    expect(Array.isArray(pkg)).toBe(false);
    expect(isValidTrackingNumber(String(at(pkg, 'TrackingNumber')))).toBe(true);
    expect(at(pkg, 'ShippingLabel.ImageFormat.Code')).toBe(format);
    expect(looksRight(Buffer.from(String(at(pkg, 'ShippingLabel.GraphicImage')), 'base64'))).toBe(true);
    expect(at(reply.json, 'ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber')).toBe(
      at(pkg, 'TrackingNumber'),
    );
  });

  it('refuses SPL, which the emulator cannot render, with a UPS error naming the formats it can', async () => {
    const reply = await ups.call('POST', '/api/shipments/v2409/ship', shipBody({}, 'SPL'), { token });
    expect([reply.status, errorsOf(reply.json)]).toEqual([400, ['120519']]);
  });

  it('numbers every package, answers a list for several, and returns the invoice for international forms', async () => {
    const forms = {
      FormType: ['01'],
      CurrencyCode: 'USD',
      ReasonForExport: 'SALE',
      InvoiceNumber: 'INV-1',
      Product: [
        {
          Description: ['Shirt'],
          Unit: { Number: '2', Value: '20', UnitOfMeasurement: { Code: 'PCS' } },
          OriginCountryCode: 'US',
        },
      ],
    };
    const reply = await ups.call(
      'POST',
      '/api/shipments/v2409/ship',
      shipBody({
        ShipTo: TORONTO,
        Service: { Code: '07' },
        ShipmentServiceOptions: { InternationalForms: forms },
        Package: [1, 2].map((w) => ({
          Packaging: { Code: '02' },
          PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: String(w) },
        })),
      }),
      { token },
    );
    expect(reply.status).toBe(200);
    const results = at(reply.json, 'ShipmentResponse.ShipmentResults') as Record<string, unknown>;
    expect((results.PackageResults as unknown[]).length).toBe(2);
    expect(at(results, 'Form.Code')).toBe('01');
    expect(
      Buffer.from(String(at(results, 'Form.Image.GraphicImage')), 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const noForms = await ups.call(
      'POST',
      '/api/shipments/v2409/ship',
      shipBody({ ShipTo: TORONTO, Service: { Code: '07' } }),
      { token },
    );
    expect(noForms.status).toBe(400);
  });

  it('refuses past ship dates and missing members', async () => {
    expect(
      errorsOf(
        (await ups.call('POST', '/api/shipments/v2409/ship', shipBody({ ShipmentDate: '20250301' }), { token })).json,
      ),
    ).toEqual(['120124']);
    const reply = await ups.call('POST', '/api/shipments/v2409/ship', { ShipmentRequest: { Shipment: {} } }, { token });
    expect(reply.status).toBe(400);
    expect(errorsOf(reply.json)).toContain('120100');
  });

  it('voids once, before pickup; unknown numbers are 190117', async () => {
    const book = async () =>
      String(
        at(
          (await ups.call('POST', '/api/shipments/v2409/ship', shipBody(), { token })).json,
          'ShipmentResponse.ShipmentResults.ShipmentIdentificationNumber',
        ),
      );
    const id = await book();
    const voided = await ups.call('DELETE', `/api/shipments/v2409/void/cancel/${id}`, undefined, { token });
    expect(at(voided.json, 'VoidShipmentResponse.SummaryResult.Status')).toEqual({ Code: '1', Description: 'Voided' });
    expect(
      errorsOf((await ups.call('DELETE', `/api/shipments/v2409/void/cancel/${id}`, undefined, { token })).json),
    ).toEqual(['190101']);
    // A bodiless DELETE with a JSON content type, as some connectors send it: there is no body to parse.
    const other = await book();
    const typed = await ups.call('DELETE', `/api/shipments/v2409/void/cancel/${other}`, undefined, {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect([typed.status, at(typed.json, 'VoidShipmentResponse.SummaryResult.Status.Code')]).toEqual([200, '1']);
    expect(
      errorsOf(
        (await ups.call('DELETE', '/api/shipments/v2409/void/cancel/1Z023E2X0214323462', undefined, { token })).json,
      ),
    ).toEqual(['190117']);
    const later = await book();
    await ups.advance(3 * HOUR);
    token = String(at((await ups.token()).json, 'access_token'));
    expect(
      errorsOf((await ups.call('DELETE', `/api/shipments/v2409/void/cancel/${later}`, undefined, { token })).json),
    ).toEqual(['190100']);
  });
});
