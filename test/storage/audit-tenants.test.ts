/**
 * The audit log, tenants and usage counters on every dialect: an export reads every entry once, in
 * order, page by page, even when many share an instant; the sweep deletes by age only; counters add
 * up under concurrent flushes; a tenant's status is active without a row, and only its platform
 * changes a merchant's, and a suspended merchant's batch items wait.
 */
import { describe, expect, it } from 'vitest';
import {
  deleteAuditBefore,
  eachAudit,
  insertAudit,
  listAudit,
  type AuditRecord,
} from '../../src/storage/repositories/audit-log.js';
import {
  getTenant,
  insertTenant,
  listMerchants,
  setMerchantStatus,
  setPlatform,
  tenantNameTaken,
  tenantStatus,
} from '../../src/storage/repositories/tenants.js';
import { addCounters, usageOf } from '../../src/storage/repositories/usage.js';
import { createKey } from '../../src/storage/repositories/keys.js';
import { claim, insertBatch } from '../../src/storage/repositories/batches.js';
import { createTestDatabase, dialects } from '../support/databases.js';

const entry = (i: number, at: string, tenant = 'acme'): AuditRecord => ({
  id: `aud_${String(i).padStart(4, '0')}`,
  tenant,
  at,
  actor: 'key:key_1',
  actor_email: null,
  action: 'key.created',
  resource_type: 'key',
  resource_id: `key_${i}`,
  ip: null,
  request_id: null,
  changes: null,
});

describe.each(dialects)('audit log and tenants on %s', (dialect) => {
  it('exports every entry once, newest first, in pages, when many share an instant; sweeps by age', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      // 3 instants, 10 entries each, and one of another tenant.
      for (let i = 0; i < 30; i++) await insertAudit(db, entry(i, `2026-11-2${5 + Math.floor(i / 10)}T12:00:00.000Z`));
      await insertAudit(db, entry(99, '2026-11-27T12:00:00.000Z', 'globex'));
      const all: string[] = [];
      for await (const r of eachAudit(db, { tenant: 'acme' }, 7)) all.push(r.id);
      const expected = Array.from({ length: 30 }, (_, i) => entry(i, '').id).sort((a, b) => b.localeCompare(a));
      expect(all).toEqual(expected);
      const page = await listAudit(db, { tenant: 'acme', from: '2026-11-26T00:00:00.000Z' }, { limit: 5, offset: 5 });
      expect(page.total).toBe(20);
      expect(page.items.map((r) => r.id)).toEqual(expected.slice(5, 10));

      expect(await deleteAuditBefore(db, '2026-11-26T00:00:00.000Z')).toBe(10);
      expect((await listAudit(db, { tenant: 'acme' }, { limit: 100, offset: 0 })).total).toBe(20);
      expect((await listAudit(db, { tenant: 'globex' }, { limit: 100, offset: 0 })).total).toBe(1);
    } finally {
      await t.drop();
    }
  });

  it('adds usage counters, also when flushes of one key meet', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const add = (count: number) =>
        addCounters(db, [{ tenant: 'shop', month: '2026-11', carrier: 'carrier_a', metric: 'tracking_calls', count }]);
      await Promise.all([add(2), add(3), add(5)]);
      await addCounters(db, [
        { tenant: 'shop', month: '2026-10', carrier: 'carrier_b', metric: 'tracking_calls', count: 1 },
      ]);
      expect(await usageOf(db, ['shop'])).toEqual([
        {
          tenant: 'shop',
          month: '2026-11',
          carrier: 'carrier_a',
          labels_booked: 0,
          labels_voided: 0,
          batch_items: 0,
          tracking_calls: 10,
        },
        {
          tenant: 'shop',
          month: '2026-10',
          carrier: 'carrier_b',
          labels_booked: 0,
          labels_voided: 0,
          batch_items: 0,
          tracking_calls: 1,
        },
      ]);
      expect(await usageOf(db, ['shop'], '2026-10')).toHaveLength(1);
      expect(await usageOf(db, ['other'])).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it('keeps a tenant active without a row, a name taken by its keys, and a merchant’s status its platform’s alone', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const now = new Date('2026-11-27T12:00:00Z');
      expect(await tenantStatus(db, 'acme')).toBe('active');
      expect(await tenantNameTaken(db, 'acme')).toBe(false);
      await createKey(db, { tenant: 'acme', now });
      expect(await tenantNameTaken(db, 'acme')).toBe(true);

      await setPlatform(db, 'hub', now);
      await setPlatform(db, 'hub', now);
      expect(await getTenant(db, 'hub')).toMatchObject({ platform: true, parent: null, status: 'active' });
      const shop = {
        id: 'shop',
        parent: 'hub',
        platform: false,
        status: 'active',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      expect(await insertTenant(db, shop)).toBe(true);
      expect(await insertTenant(db, shop)).toBe(false);
      expect(await setMerchantStatus(db, 'other-hub', 'shop', 'suspended', now)).toBe(false);
      expect(await setMerchantStatus(db, 'hub', 'shop', 'suspended', now)).toBe(true);
      expect(await tenantStatus(db, 'shop')).toBe('suspended');
      expect(await setMerchantStatus(db, 'hub', 'shop', 'deleted', now)).toBe(true);
      // Deleted is final.
      expect(await setMerchantStatus(db, 'hub', 'shop', 'active', now)).toBe(false);
      expect(await listMerchants(db, 'hub')).toEqual([]);
      expect((await listMerchants(db, 'hub', { withDeleted: true })).map((m) => m.id)).toEqual(['shop']);
    } finally {
      await t.drop();
    }
  });

  it('leaves a suspended merchant’s queued batch items unclaimed until it is reactivated', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const at = '2026-11-27T12:00:00.000Z';
      const now = new Date(at);
      await insertTenant(db, {
        id: 'shop',
        parent: 'hub',
        platform: false,
        status: 'active',
        created_at: at,
        updated_at: at,
      });
      await insertBatch(
        db,
        {
          id: 'bat_1',
          tenant: 'shop',
          status: 'queued',
          reference: null,
          label_type: null,
          source: 'json',
          total: 2,
          created_at: at,
          completed_at: null,
        },
        2,
        (idx) => ({
          batch_id: 'bat_1',
          idx,
          tenant: 'shop',
          row: null,
          reference: null,
          carrier: 'carrier_a',
          input: '{}',
          status: 'queued',
          attempt: 1,
          queued_at: at,
          lease_owner: null,
          lease_until: null,
          shipment_id: null,
          label_ids: null,
          error: null,
          updated_at: at,
        }),
      );
      const q = {
        carrier: 'carrier_a',
        owner: 'w1',
        now: at,
        leaseUntil: '2026-11-27T12:05:00.000Z',
        expiresAt: '2026-11-28T12:00:00.000Z',
        limit: 10,
      };
      await setMerchantStatus(db, 'hub', 'shop', 'suspended', now);
      expect(await claim(db, t.database.dialect, q)).toEqual([]);
      await setMerchantStatus(db, 'hub', 'shop', 'active', now);
      expect((await claim(db, t.database.dialect, q)).map((i) => i.idx)).toEqual([0, 1]);
    } finally {
      await t.drop();
    }
  });
});
