/** The whole service → carrier_d_reseller adapter → ELS emulator: tracking, refunds, SCAN forms, credentials. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { OPENING_BALANCE } from '../../src/emulator/carrier_d_reseller/state.js';
import { expectError } from '../support/app.js';
import { recipientUS, senderUS, shipment, useReseller } from './carrier_d_reseller.support.js';

const s = useReseller();
const DAY = 86_400_000;

const book = async (account = s.account) => {
  const res = await s.t.call('POST', '/ship', s.key, shipment(account, { service: 'priority' }));
  if (res.status !== 200) throw new Error(res.raw);
  return res.body.shipment.tracking_number as string;
};
const track = (tracking_number: string, extra: Record<string, unknown> = {}) =>
  s.t.call('POST', '/track', s.key, { track: { shipping_account: s.account, tracking_number, ...extra } });

describe('POST /track', () => {
  it('tracks a new label as CREATED with ISO 8601 checkpoint times carrying an offset', async () => {
    const res = await track(await book());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'carrier_d_reseller', tracking_stage: 'CREATED', delivered: false });
    for (const c of res.body.checkpoints)
      expect(c.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('advances with the emulator clock, up to delivery', async () => {
    const number = await book();
    await s.em.advance(5 * 3600_000);
    const accepted = await track(number, { refresh: true });
    expect(accepted.body.tracking_stage).toBe('PICKED_UP');
    await s.em.advance(10 * DAY);
    const res = await track(number, { refresh: true }).finally(() => s.em.resetClock());
    expect(res.body).toMatchObject({ tracking_stage: 'DELIVERED', delivered: true });
    expect(res.body.delivery_date).toBe(res.body.checkpoints[0].time);
    expect(res.body.checkpoints.map((c: { tracking_stage: string }) => c.tracking_stage)).toEqual(
      expect.arrayContaining(['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']),
    );
  });

  it('answers unknown numbers with carrier_no_shipment_found and the carrier’s message', async () => {
    const err = expectError(await track('9400100000000000999999'), 404, 'carrier_no_shipment_found');
    expect(err.message).toContain('was not found');
    expect(err.detail).toBe('carrier_d_reseller status -1');
  });

  it('tracks a batch through PicNumbers, an unknown number failing alone in its slot', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call(
      'POST',
      '/track',
      s.key,
      [a, '9400100000000000999999', b].map((tracking_number) => ({
        track: { shipping_account: s.account, tracking_number },
      })),
    );
    expect(res.status).toBe(200);
    expect(res.body[0].tracking_number).toBe(a);
    expect(res.body[1].error.code).toBe('carrier_no_shipment_found');
    expect(res.body[2].tracking_number).toBe(b);
  });
});

describe('POST /cancel', () => {
  it('refunds the label; the postage goes back to the balance and a second cancel is refused', async () => {
    const account = await s.accountWith({ account_id: 'refunds', passphrase: 'refund-phrase' });
    const number = await book(account);
    const state = s.em.emulator.state.carrier_d_reseller;
    expect(state.accounts.get('refunds')?.balance).toBeLessThan(OPENING_BALANCE);
    const res = await s.t.call('POST', '/cancel', s.key, {
      cancel: { shipping_account: account, tracking_number: number },
    });
    expect(res.status).toBe(200);
    expect(res.body.success.message).toContain(number);
    expect(state.accounts.get('refunds')?.balance).toBe(OPENING_BALANCE);
    expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: account, tracking_number: number } }),
      409,
      'conflict',
    );
  });

  it('refuses a number not booked here without asking the carrier (its refusal is mapped in the adapter tests)', async () => {
    const err = expectError(
      await s.t.call('POST', '/cancel', s.key, {
        cancel: { shipping_account: s.account, tracking_number: '9400100000000000999999' },
      }),
      404,
      'carrier_no_shipment_found',
    );
    expect(err.detail).toBe('9400100000000000999999');
  });
});

describe('POST /manifest', () => {
  it('closes the day with a SCAN form as a PDF; labels on it can no longer be refunded', async () => {
    const [a, b] = [await book(), await book()];
    const res = await s.t.call('POST', '/manifest', s.key, {
      manifest: { shipping_account: s.account, tracking_numbers: [a, b] },
    });
    expect(res.status).toBe(200);
    expect(res.body.manifest).toMatchObject({ carrier: 'carrier_d_reseller', tracking_numbers: [a, b] });
    expect(res.body.manifest.id).toMatch(/^\d+$/);
    const pdf = Buffer.from(res.body.manifest.document, 'base64');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const err = expectError(
      await s.t.call('POST', '/cancel', s.key, { cancel: { shipping_account: s.account, tracking_number: a } }),
      400,
      'carrier_exception',
    );
    expect(err.message).toContain('SCAN form');
  });

  it('without tracking numbers, forms the day\u2019s labels not yet on a form, as carrier_d does', async () => {
    const fresh = [await book(), await book()];
    const cancelled = await book();
    expect(
      (
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: cancelled },
        })
      ).status,
    ).toBe(200);
    const res = await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.manifest.tracking_numbers).toEqual(expect.arrayContaining(fresh));
    expect(res.body.manifest.tracking_numbers).not.toContain(cancelled);
    // Every label of the day is on a form now: nothing is left to form.
    const none = expectError(
      await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } }),
      400,
      'schema_field_required',
    );
    expect(none.message).toContain('tracking_numbers');
    const next = await book();
    expect(
      (await s.t.call('POST', '/manifest', s.key, { manifest: { shipping_account: s.account } })).body.manifest
        .tracking_numbers,
    ).toEqual([next]);
  });
});

describe('POST /validate_credentials', () => {
  it('answers valid with the postage balance, and refused credentials as valid: false, never an error', async () => {
    const ok = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { shipping_account: s.account },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    expect(ok.body.message).toContain('postage balance');
    const inline = { carrier: 'carrier_d_reseller', country: 'US', test: true };
    await s.em.knowCredentials('carrier_d_reseller', { account_id: 'vc-1', passphrase: 'first-phrase' });
    expect(
      (
        await s.t.call('POST', '/validate_credentials', s.key, {
          validate_credentials: { ...inline, auth: { account_id: 'vc-1', passphrase: 'first-phrase' } },
        })
      ).body.valid,
    ).toBe(true);
    const refused = await s.t.call('POST', '/validate_credentials', s.key, {
      validate_credentials: { ...inline, auth: { account_id: 'vc-1', passphrase: 'other-phrase' } },
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ valid: false });
    expect(refused.body.message).toContain('pass phrase is incorrect');
  });
});

describe('operations outside the carrier_d_reseller column', () => {
  it('answers carrier_unsupported_method for pickups, availability and drop-off points', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const shipments = [{ packages: [{ weight: 5 }], service: 'priority' }];
    const location = { ...senderUS, location_type: 'front desk' };
    expectError(
      await s.t.call('POST', '/pickup', s.key, {
        pickup: {
          shipping_account: s.account,
          carrier: 'carrier_d_reseller',
          location,
          shipments,
          time: { date: today, ready_time: '10:00', close_time: '17:00' },
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
      400,
      'carrier_unsupported_method',
    );
    expectError(
      await s.t.call('POST', '/pickup/availability', s.key, {
        pickup_availability: {
          shipping_account: s.account,
          carrier: 'carrier_d_reseller',
          location,
          shipments,
          start_date: today,
          end_date: today,
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
      400,
      'carrier_unsupported_method',
    );
    expectError(
      await s.t.call('POST', '/dopu', s.key, { dopu: { shipping_account: s.account, location: recipientUS } }),
      400,
      'carrier_unsupported_method',
    );
  });
});
