/** Returns storage on every dialect: one transaction per change, every filter, order, isolation. */
import { describe, expect, it } from 'vitest';
import {
  createReturn,
  getReturn,
  updateReturn,
  updateStatusFromTracking,
  type ReturnMethodCopy,
  type ReturnRow,
} from '../../src/storage/repositories/returns.js';
import type { Address } from '../../src/domain/types.js';
import { countReturns, listReturns, type ReturnFilter } from '../../src/storage/repositories/return-list.js';
import { insertMethod, getMethod, deleteMethod } from '../../src/storage/repositories/return-methods.js';
import { createTestDatabase, dialects } from '../support/databases.js';
import type { LabelRow, ShipmentRow } from '../../src/storage/repositories/shipments.js';

function returnRows(
  tenant: string,
  id: string,
  created: string,
  extra: Partial<ReturnRow> = {},
): { booking: { shipment: ShipmentRow; labels: LabelRow[] }; row: ReturnRow } {
  const shipmentId = `shp_${id}`;
  const tracking = extra.tracking_number ?? `TN${id}`;
  return {
    booking: {
      shipment: {
        id: shipmentId,
        tenant,
        shipping_account_id: 'sa_1',
        carrier: 'carrier_a',
        tracking_number: tracking,
        carrier_shipment_id: null,
        service: 'carrier_a_ground',
        ship_date: created.slice(0, 10),
        test: false,
        status: 'booked',
        response: '{}',
        created_at: created,
        voided_at: null,
        recipient_name: null,
        reference_values: null,
        stage: 'CREATED',
      },
      labels: [
        {
          id: `lbl_${id}`,
          tenant,
          shipment_id: shipmentId,
          tracking_number: tracking,
          format: 'PDF',
          data: new Uint8Array([37, 80, 68, 70, 0, 255]),
          created_at: created,
        },
      ],
    },
    row: {
      id,
      tenant,
      return_method_id: 'rm_1',
      method: {} as ReturnMethodCopy,
      customer_id: 'cust',
      order_id: null,
      customer: {} as Address,
      destination: {} as Address,
      return_lines: [],
      custom: [],
      shipping_account_id: 'sa_1',
      carrier: 'carrier_a',
      test: false,
      shipment_id: shipmentId,
      tracking_number: tracking,
      reference_number: `REF${id}`,
      label_id: `lbl_${id}`,
      status: 'CREATED',
      pickup_id: null,
      pickup_confirmation_number: null,
      pickup_location_code: null,
      pickup_date: null,
      pickup_state: null,
      created_at: created,
      updated_at: created,
      ...extra,
    },
  };
}

describe.each(dialects)('returns storage on %s', (dialect) => {
  it('stores the booking and the return together, or neither', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const a = returnRows('acme', 'r1', '2026-11-01T10:00:00.000Z');
      await createReturn(db, a.booking, a.row, [{ name: 'rma', value: 'R1' }]);
      expect((await getReturn(db, 'acme', 'r1'))?.tracking_number).toBe('TNr1');
      const label = await db.selectFrom('labels').selectAll().where('id', '=', 'lbl_r1').executeTakeFirstOrThrow();
      expect([...label.data]).toEqual([37, 80, 68, 70, 0, 255]);
      // A second return with the same id fails: its shipment and labels must not stay behind.
      const clash = returnRows('acme', 'r1', '2026-11-01T11:00:00.000Z', {
        shipment_id: 'shp_other',
        label_id: 'lbl_other',
      });
      clash.booking.shipment.id = 'shp_other';
      clash.booking.labels[0]!.id = 'lbl_other';
      clash.booking.labels[0]!.shipment_id = 'shp_other';
      await expect(
        db.transaction().execute((trx) => createReturn(trx, clash.booking, clash.row, [])),
      ).rejects.toThrow();
      expect(
        await db.selectFrom('shipments').select('id').where('id', '=', 'shp_other').executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await db.selectFrom('labels').select('id').where('id', '=', 'lbl_other').executeTakeFirst(),
      ).toBeUndefined();
      expect(await getReturn(db, 'other', 'r1')).toBeUndefined();
    } finally {
      await t.drop();
    }
  });

  it('lists newest first then by id, with every filter, counting the same set, per tenant', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const add = async (
        tenant: string,
        id: string,
        created: string,
        extra: Partial<ReturnRow> = {},
        custom: { name: string; value: unknown }[] = [],
      ) => {
        const r = returnRows(tenant, id, created, extra);
        await createReturn(db, r.booking, r.row, custom);
      };
      await add('acme', 'a', '2026-11-01T10:00:00.000Z', { customer_id: 'c1', order_id: 'o1' }, [
        { name: 'reason', value: 'damaged' },
      ]);
      await add(
        'acme',
        'b',
        '2026-11-02T10:00:00.000Z',
        { customer_id: 'c2', return_method_id: 'rm_2', status: 'DELIVERED' },
        [
          { name: 'reason', value: 'size' },
          { name: 'n', value: 3 },
        ],
      );
      await add('acme', 'c', '2026-11-02T10:00:00.000Z', { customer_id: 'c1', pickup_confirmation_number: 'CONF9' });
      await add('acme', 'd', '2026-11-03T10:00:00.000Z', { customer_id: 'c3' }, [{ name: 'reason', value: 'damaged' }]);
      await add('globex', 'e', '2026-11-03T10:00:00.000Z', { customer_id: 'c1' });
      const ids = async (f: ReturnFilter, page = { limit: 50, offset: 0 }) => {
        const everything = await listReturns(db, 'acme', f, { limit: 1000, offset: 0 });
        expect(await countReturns(db, 'acme', f)).toBe(everything.length);
        return (await listReturns(db, 'acme', f, page)).map((r) => r.id);
      };
      expect(await ids({})).toEqual(['d', 'c', 'b', 'a']);
      expect(await ids({}, { limit: 2, offset: 1 })).toEqual(['c', 'b']);
      expect(await countReturns(db, 'acme', {})).toBe(4);
      expect(await ids({ from: '2026-11-02T00:00:00.000Z', until: '2026-11-03T00:00:00.000Z' })).toEqual(['c', 'b']);
      expect(await ids({ customer_id: 'c1' })).toEqual(['c', 'a']);
      expect(await ids({ order_id: 'o1' })).toEqual(['a']);
      expect(await ids({ return_method: 'rm_2' })).toEqual(['b']);
      expect(await ids({ status: 'DELIVERED' })).toEqual(['b']);
      expect(await ids({ search: 'TNd' })).toEqual(['d']);
      expect(await ids({ search: 'REFa' })).toEqual(['a']);
      expect(await ids({ search: 'CONF9' })).toEqual(['c']);
      expect(await ids({ custom: [{ name: 'reason', match: 'damaged' }] })).toEqual(['d', 'a']);
      expect(
        await ids({
          custom: [
            { name: 'reason', match: 'size' },
            { name: 'n', match: '3' },
          ],
        }),
      ).toEqual(['b']);
      expect(
        await ids({
          custom: [
            { name: 'reason', match: 'size' },
            { name: 'n', match: '4' },
          ],
        }),
      ).toEqual([]);
      const list = await listReturns(db, 'acme', {}, { limit: 1, offset: 0 });
      expect('return_lines' in list[0]!).toBe(false);
    } finally {
      await t.drop();
    }
  });

  it('replaces custom pairs in one update, and tracking never brings a voided return back', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      for (const [id, tn] of [
        ['x', 'N1'],
        ['y', 'N1'],
        ['z', 'N2'],
      ] as const) {
        const r = returnRows('acme', id, `2026-11-0${id === 'x' ? 1 : 2}T00:00:00.000Z`, { tracking_number: tn });
        await createReturn(db, r.booking, r.row, [{ name: 'k', value: 'old' }]);
      }
      await updateReturn(db, 'acme', 'x', {
        custom: [
          { name: 'k', value: { deep: true } },
          { name: 'm', value: null },
        ],
        updated_at: '2026-11-05T00:00:00.000Z',
      });
      expect((await getReturn(db, 'acme', 'x'))!.custom).toEqual([
        { name: 'k', value: { deep: true } },
        { name: 'm', value: null },
      ]);
      expect(
        (
          await listReturns(db, 'acme', { custom: [{ name: 'k', match: '{"deep":true}' }] }, { limit: 10, offset: 0 })
        ).map((r) => r.id),
      ).toEqual(['x']);
      expect(
        (await listReturns(db, 'acme', { custom: [{ name: 'k', match: 'old' }] }, { limit: 10, offset: 0 })).map(
          (r) => r.id,
        ),
      ).toEqual(['z', 'y']);
      // A voided state is written and announced once, however many voids arrive together.
      const announced: string[] = [];
      const announce = (row: ReturnRow | undefined) => void (row && announced.push(row.id));
      await Promise.all(
        [1, 2, 3].map(() =>
          db.transaction().execute(async (trx) =>
            announce(
              await updateReturn(trx, 'acme', 'y', {
                status: 'SHIPMENT_VOIDED',
                updated_at: '2026-11-05T00:00:00.000Z',
              }),
            ),
          ),
        ),
      );
      expect(announced).toEqual(['y']);
      expect(
        (
          await updateStatusFromTracking(db, 'acme', 'carrier_a', 'N1', 'IN_TRANSIT', '2026-11-06T00:00:00.000Z')
        ).sort(),
      ).toEqual(['x']);
      expect(
        await updateStatusFromTracking(db, 'acme', 'carrier_a', 'N1', 'IN_TRANSIT', '2026-11-06T00:00:00.000Z'),
      ).toEqual([]);
      expect(
        await updateStatusFromTracking(db, 'acme', 'carrier_b', 'N2', 'DELIVERED', '2026-11-06T00:00:00.000Z'),
      ).toEqual([]);
      expect(
        await updateStatusFromTracking(db, 'globex', 'carrier_a', 'N2', 'DELIVERED', '2026-11-06T00:00:00.000Z'),
      ).toEqual([]);
      expect((await getReturn(db, 'acme', 'y'))?.status).toBe('SHIPMENT_VOIDED');
      expect((await getReturn(db, 'acme', 'z'))?.status).toBe('CREATED');
    } finally {
      await t.drop();
    }
  });

  it('keeps method charges as numbers and scopes methods by tenant', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const now = '2026-11-01T00:00:00.000Z';
      await insertMethod(db, {
        id: 'rm_1',
        tenant: 'acme',
        shipping_account_id: 'sa_1',
        carrier: 'carrier_a',
        method_name: 'M',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: null,
        label_type: null,
        carrier_charge: 7.25,
        customer_charge: 0,
        return_charge: 3.5,
        destination: null,
        created_at: now,
        updated_at: now,
      });
      expect(await getMethod(db, 'acme', 'rm_1')).toMatchObject({
        carrier_charge: 7.25,
        customer_charge: 0,
        return_charge: 3.5,
      });
      expect(await getMethod(db, 'globex', 'rm_1')).toBeUndefined();
      expect(await deleteMethod(db, 'globex', 'rm_1')).toBe(false);
      expect(await deleteMethod(db, 'acme', 'rm_1')).toBe(true);
    } finally {
      await t.drop();
    }
  });
});
