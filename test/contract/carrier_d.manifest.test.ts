/**
 * carrier_d SCAN forms for accounts without a billing_address: the origin is the sender the labels
 * on the form share, as stored with their bookings; labels of different senders cannot share a form.
 */
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, shipmentD as shipment, useCarrierD } from './carrier_d.support.js';

const s = useCarrierD();

describe('POST /manifest (carrier_d) without a billing_address', () => {
  const account = async () => {
    // Its own credentials: a form without tracking_numbers on the shared test credentials is refused
    // (the day's labels there are every tenant's).
    const res = await s.t.call('POST', '/shippingaccount', s.key, {
      shipping_account: { carrier: 'carrier_d', country: 'US', test: true, auth: validAuth.carrier_d },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.shipping_account.billing_address).toBeUndefined();
    return res.body.shipping_account.id as string;
  };
  const book = async (acct: string, sender = address()) => {
    const res = await s.t.call('POST', '/ship', s.key, shipment(acct, { service: 'priority_mail', sender }));
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    return res.body.shipment.tracking_number as string;
  };
  const manifest = (acct: string, tracking_numbers?: string[]) =>
    s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: acct, ...(tracking_numbers ? { tracking_numbers } : {}) },
    });

  it('takes the origin from the sender of the labels on the form, the day’s or the named ones', async () => {
    const acct = await account();
    // The same place under another person's name is the same origin.
    const day = [await book(acct), await book(acct, address({ name: 'Other Clerk', phone: '9015550111' }))];
    const res = await manifest(acct);
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.manifest.tracking_numbers).toEqual(expect.arrayContaining(day));
    const named = await book(acct);
    expect((await manifest(acct, [named])).status).toBe(200);
  });

  it('refuses labels from different senders on one form with a 400 that says so; naming one sender’s labels works', async () => {
    const acct = await account();
    const memphis = await book(acct);
    const nashville = await book(acct, address({ street1: '200 Broadway', city: 'Nashville', postal_code: '37201' }));
    const err = expectError(await manifest(acct), 400, 'schema_validation_error');
    expect(err.message).toContain('different sender addresses');
    expect(err.message).toContain('billing_address');
    expectError(await manifest(acct, [memphis, nashville]), 400, 'schema_validation_error');
    const one = await manifest(acct, [nashville]);
    expect(one.status, one.raw.slice(0, 300)).toBe(200);
    expect(one.body.manifest.tracking_numbers).toEqual([nashville]);
  });
});
