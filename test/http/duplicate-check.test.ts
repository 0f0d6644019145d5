/**
 * POST /ship's opt-in duplicate check: with `reject_duplicates`, a booking whose reference already
 * has a live (not voided) label on the same account is refused with 409 conflict naming the
 * existing shipments, before the carrier is called; without it, or once voided, it books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBody } from '../support/accounts.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { shipment } from '../contract/support.js';
import { dialects } from '../support/databases.js';

describe.each(dialects)('on %s', (dialect) => {
  let em: TestEmulator;
  let t: TestApp;
  let key: string;
  let account: string;
  let other: string;

  beforeAll(async () => {
    em = await startTestEmulator();
    t = await createTestApp({ emulatorUrl: em.url, dialect });
    key = await t.key('acme');
    account = (await t.call('POST', '/shippingaccount', key, accountBody('carrier_a', { test: true }))).body
      .shipping_account.id;
    other = (
      await t.call(
        'POST',
        '/shippingaccount',
        key,
        accountBody('carrier_a', { test: true, account_number: '740561999' }),
      )
    ).body.shipping_account.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await em?.close();
  });

  const order = (acct: string, value: string, extra: Record<string, unknown> = {}) =>
    shipment(acct, { service: 'carrier_a_ground', references: [{ type: 'order', value }], ...extra });
  const bookingsAtCarrier = async () => (await em.bookings('carrier_a')).length;

  describe('reject_duplicates on /ship', () => {
    it('refuses a second live label for the same order on the same account, naming the first, without calling the carrier', async () => {
      const first = await t.call('POST', '/ship', key, order(account, 'WEB-5002', { reject_duplicates: true }));
      expect(first.status, first.raw).toBe(200);
      const before = await bookingsAtCarrier();
      const again = await t.call('POST', '/ship', key, order(account, 'WEB-5002', { reject_duplicates: true }), {
        'idempotency-key': 'second-try',
      });
      const err = expectError(again, 409, 'conflict');
      expect(err.detail).toBe(first.body.shipment.id);
      expect(err.message).toContain('WEB-5002');
      expect(err.message).toContain(first.body.shipment.tracking_number);
      expect(await bookingsAtCarrier()).toBe(before);
      // A refusal changed nothing: the key is free for the same request once the first label is voided.
      const voided = await t.call('POST', '/cancel', key, {
        cancel: { shipping_account: account, tracking_number: first.body.shipment.tracking_number },
      });
      expect(voided.status, voided.raw).toBe(200);
      const afterVoid = await t.call('POST', '/ship', key, order(account, 'WEB-5002', { reject_duplicates: true }), {
        'idempotency-key': 'second-try',
      });
      expect(afterVoid.status, afterVoid.raw).toBe(200);
      // The emulator's first label starts its drawing threads: slow on a busy machine.
    }, 60_000);

    it('lists every live label of the reference, and leaves other accounts, other references and requests without the flag alone', async () => {
      const a = await t.call('POST', '/ship', key, order(account, 'WEB-7'));
      const b = await t.call('POST', '/ship', key, order(account, 'WEB-7'));
      expect([a.status, b.status]).toEqual([200, 200]);
      const err = expectError(
        await t.call('POST', '/ship', key, order(account, 'WEB-7', { reject_duplicates: true })),
        409,
        'conflict',
      );
      expect(err.detail.split(',').sort()).toEqual([a.body.shipment.id, b.body.shipment.id].sort());
      expect((await t.call('POST', '/ship', key, order(other, 'WEB-7', { reject_duplicates: true }))).status).toBe(200);
      expect((await t.call('POST', '/ship', key, order(account, 'WEB-70', { reject_duplicates: true }))).status).toBe(
        200,
      );
      expect((await t.call('POST', '/ship', key, order(account, 'WEB-%', { reject_duplicates: true }))).status).toBe(
        200,
      );
      expect(
        (
          await t.call(
            'POST',
            '/ship',
            key,
            shipment(account, { service: 'carrier_a_ground', reject_duplicates: true }),
          )
        ).status,
      ).toBe(200);
    });

    it('is another tenant’s business only: the same order of another merchant books', async () => {
      const theirs = await t.key('globex');
      const acct = (await t.call('POST', '/shippingaccount', theirs, accountBody('carrier_a', { test: true }))).body
        .shipping_account.id;
      expect((await t.call('POST', '/ship', theirs, order(acct, 'WEB-5002', { reject_duplicates: true }))).status).toBe(
        200,
      );
    });

    it('is a boolean', async () => {
      expectError(
        await t.call('POST', '/ship', key, order(account, 'WEB-8', { reject_duplicates: 'yes' })),
        400,
        'schema_validation_error',
      );
    });
  });
});
