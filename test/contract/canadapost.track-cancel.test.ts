/** The whole service → canadapost adapter → emulator: tracking, cancelling, credentials, what canadapost lacks. */
import { describe, expect, it } from 'vitest';
import { validAuth } from '../support/accounts.js';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrier } from './support.js';

const s = useCarrier('canadapost', 'CA');
const DAY = 86_400_000;

const montreal = address({
  name: 'Bob Sender',
  company: 'CGI',
  street1: '502 Main St N',
  city: 'Montreal',
  state: 'QC',
  postal_code: 'H2B1A0',
  country: 'CA',
  phone: '450 823 8432',
});
const ottawa = {
  name: 'Jain Recipient',
  street1: '23 Jardin Private',
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1K4T3',
  country: 'CA',
  phone: '613 555 0100',
};
const book = async (account = s.account, overrides: Record<string, unknown> = {}) => {
  const res = await s.t.call(
    'POST',
    '/ship',
    s.key,
    shipment(account, {
      sender: montreal,
      recipient: ottawa,
      service: 'canadapost_expedited_parcel',
      dim_units: 'CM',
      weight_units: 'KG',
      ...overrides,
    }),
  );
  expect(res.status).toBe(200);
  return res.body.shipment.tracking_number as string;
};
const track = (tracking_number: string) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, refresh: true } });
const cancel = (tracking_number: string, account = s.account) =>
  s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: account, tracking_number } });

describe('POST /track', () => {
  it('answers a fresh booking as CREATED, then advances to delivery with the emulator clock, times in Eastern time', async () => {
    const pin = await book();
    const fresh = await track(pin);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      carrier: 'canadapost',
      tracking_number: pin,
      tracking_stage: 'CREATED',
      delivered: false,
    });
    expect(fresh.body.checkpoints.map((c: { status: string }) => c.status)).toEqual(['3000']);
    expect(fresh.body.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59-0[45]:00$/);
    await s.em.advance(10 * DAY);
    const done = await track(pin).finally(() => s.em.resetClock());
    expect(done.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true, signed_by: 'JAIN RECIPIENT' });
    const codes = done.body.checkpoints.map((c: { status: string }) => c.status);
    expect(codes[0]).toBe('1496');
    expect(codes).toEqual(expect.arrayContaining(['0174', '0100', '3000']));
    for (const c of done.body.checkpoints) expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(done.body.checkpoints[0].location).toEqual({ city: 'OTTAWA', state: 'ON' });
  });

  it('tracks a batch one PIN per call, an unknown PIN failing alone in its slot', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '1234567890123456', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number, refresh: true },
      })),
    );
    expect(res.status, res.raw).toBe(200);
    expect(
      res.body.map((r: { tracking_number?: string; error?: { code: string } }) => r.tracking_number ?? r.error?.code),
    ).toEqual([a, 'carrier_no_shipment_found', b]);
  });

  it("answers an unknown PIN with carrier_no_shipment_found, Canada Post's words and its code", async () => {
    const err = expectError(await track('1234567890123456'), 404, 'carrier_no_shipment_found');
    expect(err.message).toBe('No Pin History');
    expect(err.detail).toContain('code 004');
  });
});

describe('POST /cancel', () => {
  it('asks a refund for a transmitted contract shipment, and says so', async () => {
    const pin = await book();
    expect(
      (
        await s.t.call('POST', '/manifest', s.key, {
          manifest: { shipping_account: s.account, tracking_numbers: [pin] },
        })
      ).status,
    ).toBe(200);
    const res = await cancel(pin);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.success.message).toContain('a refund was requested instead of a void');
    expect(res.body.success.message).toMatch(/service ticket GT\d{8}RT/);
    // A second request is Canada Post's conflict, in its words.
    const again = await cancel(pin);
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it('refunds a non-contract shipment, and needs the account e-mail to do so', async () => {
    await s.em.knowCredentials('canadapost', validAuth.canadapost);
    const open = async (auth: Record<string, string>) =>
      (
        await s.t.call('POST', '/shippingaccount', s.key, {
          shipping_account: { carrier: 'canadapost', country: 'CA', test: true, auth },
        })
      ).body.shipping_account.id as string;
    const withEmail = await open({ ...validAuth.canadapost, email: 'shipping@example.ca' });
    const pin = await book(withEmail, { label_type: 'PDF' });
    const res = await cancel(pin, withEmail);
    expect(res.status).toBe(200);
    expect(res.body.success.message).toContain('refund was requested');
    const noEmail = await open(validAuth.canadapost);
    const other = await book(noEmail);
    expect(expectError(await cancel(other, noEmail), 400, 'carrier_exception').detail).toBe('auth.email');
  });
});

describe('credentials and the column', () => {
  it('validates the test credentials, and refuses ones Canada Post never issued', async () => {
    const ok = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(ok.body).toMatchObject({ valid: true });
    const stranger = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: {
          carrier: 'canadapost',
          country: 'CA',
          auth: { username: 'who', password: 'nobody-knows', customer_number: '1' },
        },
      })
    ).body.shipping_account.id;
    const refused = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: stranger },
    });
    expect(refused.body).toMatchObject({ valid: false, message: 'AAA Authentication Failure' });
  });

  it('answers carrier_unsupported_method for what Canada Post does not offer: address validation', async () => {
    expectError(
      await s.t.call('POST', '/address/validate', s.key, {
        address_validation: { shipping_account: s.account, address: ottawa },
      }),
      400,
      'carrier_unsupported_method',
    );
  });

  it('answers the test tracking numbers as for every carrier', async () => {
    const res = await track('TEST100000004');
    expect(res.status).toBe(200);
    expect(res.body.tracking_number).toBe('TEST100000004');
  });
});
