/** The whole service → australiapost adapter → emulator: tracking, cancelling, the day's order, credentials. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { apShipment } from './australiapost.support.js';
import { useCarrier } from './support.js';

const s = useCarrier('australiapost', 'AU');
const DAY = 86_400_000;

const book = async (account = s.account) => {
  const res = await s.t.call('POST', '/ship', s.key, apShipment(account, { service: 'australiapost_parcel_post' }));
  expect(res.status, res.raw.slice(0, 300)).toBe(200);
  return res.body.shipment.tracking_number as string;
};
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, ...extra } });
const cancel = (tracking_number: string, account = s.account) =>
  s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: account, tracking_number } });

describe('POST /track', () => {
  it('tracks a booked parcel from its shipping information, times with their offset', async () => {
    const res = await track(await book(), { refresh: true });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'australiapost', tracking_stage: 'CREATED', delivered: false });
    expect(res.body.checkpoints[0].description).toBe('Shipping information received by Australia Post');
    for (const c of res.body.checkpoints) expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+10:00$/);
  });

  it('advances with the emulator clock, up to delivery', async () => {
    const number = await book();
    await s.em.advance(12 * DAY);
    const res = await track(number, { refresh: true }).finally(() => s.em.resetClock());
    expect(res.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true });
    expect(res.body.delivery_date).toMatch(/\+1[01]:00$/);
    const stages = res.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage);
    expect(stages[0]).toBe('DELIVERED');
    expect(stages).toEqual(expect.arrayContaining(['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'PICKED_UP', 'CREATED']));
    expect(res.body.checkpoints[0].location).toEqual({ city: 'SYDNEY', state: 'NSW', country: 'AU' });
  });

  it('tracks several ids in one call, an unknown one failing alone in its slot in Australia Post’s words', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, 'ZZ1234567890AU', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
    const err = expectError(await track('ZZ1234567890AU', { refresh: true }), 404, 'carrier_no_shipment_found');
    expect(err.message).toBe('Invalid tracking ID: ZZ1234567890AU');
    expect(err.detail).toContain('code ESB-10001');
  });

  it('splits a batch into calls of at most 10 ids', async () => {
    const numbers = await Promise.all(Array.from({ length: 12 }, () => book()));
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      numbers.map((tracking_number) => ({ track: { shipping_account: s.account, tracking_number, refresh: true } })),
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: { tracking_number: string }) => r.tracking_number)).toEqual(numbers);
  });
});

describe('POST /cancel', () => {
  it('deletes the shipment; it tracks as voided and a second cancel is refused', async () => {
    const number = await book();
    const res = await cancel(number);
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.success.message).toContain('deleted');
    expectError(await cancel(number), 409, 'conflict');
    expect((await track(number, { refresh: true })).body.tracking_stage).toBe('SHIPMENT_VOIDED');
  });
});

describe('POST /manifest', () => {
  it('makes the day’s order of the open shipments, with its summary PDF; a shipment in an order can no longer be cancelled', async () => {
    // Its own credentials: the day's shipments of the shared test credentials are every tenant's.
    const acct = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'australiapost', country: 'AU', test: true, auth: validAuth.australiapost },
      })
    ).body.shipping_account.id as string;
    const day = [await book(acct), await book(acct)];
    const res = await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: acct } });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.manifest.tracking_numbers).toEqual(expect.arrayContaining(day));
    expect(res.body.manifest.carrier_manifest_id ?? res.body.manifest.id).toBeDefined();
    expect((await PDFDocument.load(Buffer.from(res.body.manifest.document, 'base64'))).getPageCount()).toBe(1);
    const err = expectError(await cancel(day[0]!, acct), 400, 'carrier_exception');
    expect(err.message).toContain('cannot be deleted');
    const named = await book(acct);
    await book(acct);
    const one = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: acct, tracking_numbers: [named] },
    });
    expect(one.status, one.raw.slice(0, 300)).toBe(200);
    expect(one.body.manifest.tracking_numbers).toEqual([named]);
  });
});

describe('POST /validate_credentials', () => {
  it('asks for the account details: valid for the test account, invalid for a wrong password or account', async () => {
    const ok = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(ok.status, ok.raw.slice(0, 300)).toBe(200);
    expect(ok.body.valid).toBe(true);
    for (const auth of [{ ...validAuth.australiapost, password: 'wrong-password-value' }]) {
      const acct = (
        await s.t.call('POST', '/shippingaccount', s.key, {
          shipping_account: { carrier: 'australiapost', country: 'AU', auth },
        })
      ).body.shipping_account.id;
      const res = await s.t.call('POST', '/validate_credentials', s.key, {
        validate_credentials: { shipping_account: acct },
      });
      expect(res.status, res.raw.slice(0, 300)).toBe(200);
      expect(res.body.valid).toBe(false);
    }
  });
});
