import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { ACCOUNT, at, BEVERLY_HILLS, errorCodes, MEMPHIS, rateRequest, TORONTO, useClient } from './support.js';

type Detail = Record<string, unknown>;
const details = (json: unknown): Detail[] => (at(json, 'output.rateReplyDetails') as Detail[] | undefined) ?? [];
const byType = (json: unknown, type: string): Detail | undefined => details(json).find((d) => d.serviceType === type);
const rated = (detail: Detail | undefined, rateType: string): Detail | undefined =>
  (detail?.ratedShipmentDetails as Detail[] | undefined)?.find((r) => r.rateType === rateType);

describe('carrier_a POST /rate/v1/rates/quotes', () => {
  const api = useClient();

  it('rate-shops a US domestic business shipment with ACCOUNT and LIST rates', async () => {
    const reply = await api.call('POST', '/rate/v1/rates/quotes', rateRequest());
    expect(reply.status).toBe(200);
    const types = details(reply.json).map((d) => d.serviceType);
    expect(types).toEqual([
      'FIRST_OVERNIGHT',
      'PRIORITY_OVERNIGHT',
      'STANDARD_OVERNIGHT',
      'FEDEX_2_DAY_AM',
      'FEDEX_2_DAY',
      'FEDEX_EXPRESS_SAVER',
      'FEDEX_GROUND',
    ]);
    const ground = byType(reply.json, 'FEDEX_GROUND');
    expect(ground?.serviceName).toBe('FedEx Ground®');
    const account = rated(ground, 'ACCOUNT');
    const list = rated(ground, 'LIST');
    expect(account && list).toBeTruthy();
    // 38117 → 90210: ZIP prefixes 381 and 902 are 521 apart → zone 6.
    expect(at(account, 'shipmentRateDetail.rateZone')).toBe('6');
    expect(at(account, 'shipmentRateDetail.currency')).toBe('USD');
    for (const r of [account, list]) {
      const base = Number(at(r, 'totalBaseCharge'));
      const discount = Number(at(r, 'totalDiscounts'));
      const surcharges = Number(at(r, 'shipmentRateDetail.totalSurcharges'));
      expect(Number(at(r, 'totalNetCharge'))).toBeCloseTo(base - discount + surcharges, 2);
    }
    expect(Number(at(account, 'totalNetCharge'))).toBeLessThan(Number(at(list, 'totalNetCharge')));
    const surchargeTypes = (at(list, 'shipmentRateDetail.surCharges') as Detail[]).map((s) => s.type);
    expect(surchargeTypes).toEqual(['FUEL']);
    expect(at(ground, 'commit.transitDays.minimumTransitTime')).toBe('FOUR_DAYS');
    expect(at(ground, 'commit.dateDetail.dayFormat')).toBe('2025-03-10T23:59:00');
    expect(at(byType(reply.json, 'PRIORITY_OVERNIGHT'), 'commit.dateDetail.dayFormat')).toBe('2025-03-05T10:30:00');
    expect(at(reply.json, 'output.quoteDate')).toBe('2025-03-04');
  });

  it('answers the commit date and day as date-times in operationalDetail, as rate-api.json and the recorded replies do', async () => {
    const reply = await api.call('POST', '/rate/v1/rates/quotes', rateRequest());
    const operational = at(byType(reply.json, 'FEDEX_GROUND'), 'operationalDetail');
    expect(at(operational, 'deliveryDate')).toBe('2025-03-10T23:59:00');
    expect(at(operational, 'commitDate')).toBe('2025-03-10T23:59:00');
    expect(at(operational, 'commitDays')).toEqual(['MON']);
    expect(at(operational, 'deliveryDay')).toBe('MON');
  });

  it('is deterministic and grows with weight and distance', async () => {
    const net = async (body: unknown, type = 'FEDEX_GROUND') =>
      Number(
        at(rated(byType((await api.call('POST', '/rate/v1/rates/quotes', body)).json, type), 'LIST'), 'totalNetCharge'),
      );
    const five = await net(rateRequest());
    expect(await net(rateRequest())).toBe(five);
    expect(await net(rateRequest({ packages: [{ lb: 25 }] }))).toBeGreaterThan(five);
    const near = rateRequest({ to: { address: { ...MEMPHIS.address, postalCode: '38118' } } });
    expect(await net(near)).toBeLessThan(five);
  });

  it('sends residential recipients Home Delivery with a residential surcharge', async () => {
    const reply = await api.call('POST', '/rate/v1/rates/quotes', rateRequest({ residential: true }));
    expect(byType(reply.json, 'FEDEX_GROUND')).toBeUndefined();
    const home = byType(reply.json, 'GROUND_HOME_DELIVERY');
    const types = (at(rated(home, 'ACCOUNT'), 'shipmentRateDetail.surCharges') as Detail[]).map((s) => s.type);
    expect(types).toContain('RESIDENTIAL_DELIVERY');
  });

  it('bills dimensional weight and additional handling', async () => {
    const reply = await api.call(
      'POST',
      '/rate/v1/rates/quotes',
      rateRequest({ packages: [{ lb: 2, dims: [24, 18, 16] }], serviceType: 'FEDEX_GROUND' }),
    );
    const account = rated(byType(reply.json, 'FEDEX_GROUND'), 'ACCOUNT');
    expect(at(account, 'ratedWeightMethod')).toBe('DIM');
    // 24 × 18 × 16 / 139 = 49.7 → 50 lb billed.
    expect(at(account, 'shipmentRateDetail.totalBillingWeight')).toEqual({ units: 'LB', value: 50 });
    const heavy = await api.call(
      'POST',
      '/rate/v1/rates/quotes',
      rateRequest({ packages: [{ lb: 60 }], serviceType: 'FEDEX_GROUND' }),
    );
    const types = (
      at(rated(byType(heavy.json, 'FEDEX_GROUND'), 'LIST'), 'shipmentRateDetail.surCharges') as Detail[]
    ).map((s) => s.type);
    expect(types).toContain('ADDITIONAL_HANDLING');
  });

  it('filters by serviceType and refuses a service the lane does not have', async () => {
    const one = await api.call('POST', '/rate/v1/rates/quotes', rateRequest({ serviceType: 'FEDEX_2_DAY' }));
    expect(details(one.json).map((d) => d.serviceType)).toEqual(['FEDEX_2_DAY']);
    const intl = await api.call('POST', '/rate/v1/rates/quotes', rateRequest({ serviceType: 'INTERNATIONAL_ECONOMY' }));
    expect(intl.status).toBe(400);
    expect(errorCodes(intl)).toEqual(['SHIPMENT.SERVICETYPE.INVALID']);
  });

  it('rejects international requests without customs detail, as production does', async () => {
    const reply = await api.call('POST', '/rate/v1/rates/quotes', rateRequest({ to: TORONTO }));
    expect(reply.status).toBe(400);
    expect(errorCodes(reply)).toEqual(['RATE.CUSTOMCLEARANCEDETAIL.INVALID']);
    expect(at(reply.json, 'errors.0.message')).toBe('Customs clearance detail cannot be null.');
  });

  it('rates international services with customs detail', async () => {
    const reply = await api.call('POST', '/rate/v1/rates/quotes', rateRequest({ to: TORONTO, withCustoms: true }));
    expect(reply.status).toBe(200);
    expect(details(reply.json).map((d) => d.serviceType)).toEqual([
      'INTERNATIONAL_FIRST',
      'FEDEX_INTERNATIONAL_PRIORITY_EXPRESS',
      'FEDEX_INTERNATIONAL_PRIORITY',
      'INTERNATIONAL_ECONOMY',
    ]);
    const economy = byType(reply.json, 'INTERNATIONAL_ECONOMY');
    expect(at(economy, 'customerMessages.0.code')).toBe('SERVICE.TYPE.INTERNATIONAL.MESSAGE');
    expect(at(rated(economy, 'ACCOUNT'), 'shipmentRateDetail.rateZone')).toBe('A');
  });

  it('validates required members with FedEx error bodies', async () => {
    const body = rateRequest();
    const broken = {
      requestedShipment: {
        ...body.requestedShipment,
        pickupType: undefined,
        recipient: { address: { postalCode: '90210' } },
        requestedPackageLineItems: [{ weight: { units: 'LB', value: -1 } }],
      },
    };
    const reply = await api.call('POST', '/rate/v1/rates/quotes', broken);
    expect(reply.status).toBe(400);
    expect(errorCodes(reply)).toEqual([
      'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
      'INVALID.INPUT.EXCEPTION',
      'INVALID.INPUT.EXCEPTION',
      'WEIGHT.VALUE.INVALID',
    ]);
    const fields = (
      (reply.json as { errors: Array<{ parameterList?: Array<{ value: string }> }> }).errors ?? []
    ).flatMap((e) => e.parameterList?.map((p) => p.value) ?? []);
    expect(fields).toEqual(
      expect.arrayContaining(['requestedShipment.recipient.address.countryCode', 'requestedShipment.pickupType']),
    );
    expect(typeof at(reply.json, 'transactionId')).toBe('string');
  });

  it('checks postal codes and the payor account', async () => {
    const badZip = rateRequest({ to: { address: { ...BEVERLY_HILLS.address, postalCode: 'ABCDE' } } });
    expect(errorCodes(await api.call('POST', '/rate/v1/rates/quotes', badZip))).toEqual([
      'SHIPMENT.POSTALCODE.INVALID',
    ]);
    const body = rateRequest();
    const mismatch = {
      ...body,
      requestedShipment: {
        ...body.requestedShipment,
        shippingChargesPayment: {
          paymentType: 'SENDER',
          payor: { responsibleParty: { accountNumber: { value: `${ACCOUNT}9` } } },
        },
      },
    };
    expect(errorCodes(await api.call('POST', '/rate/v1/rates/quotes', mismatch))).toEqual(['ACCOUNT.NUMBER.MISMATCH']);
  });

  it('answers unparsable JSON with a FedEx 400, never a 500', async () => {
    const token = await api.token();
    const res = await request(`${api.base}/rate/v1/rates/quotes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"accountNumber":',
    });
    expect(res.statusCode).toBe(400);
    expect(at(await res.body.json(), 'errors.0.code')).toBe('INVALID.INPUT.EXCEPTION');
    for (const junk of [null, [], 'text', 42]) {
      const reply = await api.call('POST', '/rate/v1/rates/quotes', junk);
      expect(reply.status).toBe(400);
    }
  });
});
