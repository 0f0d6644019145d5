/** The shipments and pickups lists on every dialect: filters, search with wildcards typed literally, order, isolation. */
import { describe, expect, it } from 'vitest';
import {
  countPickups,
  insertPickup,
  listPickups,
  markPickupCancelled,
} from '../../src/storage/repositories/pickups.js';
import {
  countShipments,
  insertShipment,
  listShipments,
  markVoided,
  referenceValues,
  updateShipmentStages,
  type ShipmentFilter,
} from '../../src/storage/repositories/shipments.js';
import { createTestDatabase, dialects } from '../support/databases.js';

const shipment = (tenant: string, id: string, created: string, name: string, refs: string[], tracking = `TN${id}`) => ({
  id,
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
  recipient_name: name,
  reference_values: referenceValues(refs.map((value) => ({ value }))),
  stage: 'CREATED',
});
const label = (tenant: string, id: string, shipmentId: string, tracking: string) => ({
  id,
  tenant,
  shipment_id: shipmentId,
  tracking_number: tracking,
  format: 'PDF',
  data: new Uint8Array([1]),
  created_at: '2026-11-01T00:00:00.000Z',
});

describe.each(dialects)('shipment and pickup lists on %s', (dialect) => {
  it('filters, searches and pages the tenant’s shipments, newest first', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      await insertShipment(
        db,
        shipment('acme', 's1', '2026-11-01T10:00:00.000Z', 'Dora 100% Cotton', ['ORD-1', 'PO_7']),
        [label('acme', 'l1', 's1', 'PKG-1')],
      );
      await insertShipment(db, shipment('acme', 's2', '2026-11-02T10:00:00.000Z', 'Eve Example', ['ORD-2']), []);
      await insertShipment(db, shipment('acme', 's3', '2026-11-03T10:00:00.000Z', 'Fay Finder', []), []);
      await insertShipment(db, shipment('globex', 'g1', '2026-11-04T10:00:00.000Z', 'Eve Elsewhere', ['ORD-2']), []);
      const ids = async (f: ShipmentFilter, page = { limit: 10, offset: 0 }) =>
        (await listShipments(db, 'acme', f, page)).map((r) => r.id);
      expect(await ids({})).toEqual(['s3', 's2', 's1']);
      expect(await ids({}, { limit: 2, offset: 2 })).toEqual(['s1']);
      expect(await countShipments(db, 'acme', {})).toBe(3);
      expect(await ids({ search: 'ORD-2' })).toEqual(['s2']);
      expect(await ids({ search: 'PO_7' })).toEqual(['s1']);
      expect(await ids({ search: 'PO%7' })).toEqual([]);
      expect(await ids({ search: 'ORD' })).toEqual([]);
      expect(await ids({ search: 'EVE' })).toEqual(['s2']);
      expect(await ids({ search: '100%' })).toEqual(['s1']);
      expect(await ids({ search: '_' })).toEqual([]);
      expect(await ids({ search: 'PKG-1' })).toEqual(['s1']);
      expect(await ids({ search: 'TNs3' })).toEqual(['s3']);
      expect(await ids({ from: '2026-11-02T00:00:00.000Z', until: '2026-11-03T00:00:00.000Z' })).toEqual(['s2']);
      await markVoided(db, 'acme', 's1', '2026-11-05T00:00:00.000Z');
      await updateShipmentStages(db, 'acme', 'carrier_a', ['TNs2'], 'DELIVERED');
      // A voided shipment keeps its stage whatever tracking says later.
      await updateShipmentStages(db, 'acme', 'carrier_a', ['TNs1'], 'IN_TRANSIT');
      expect(await ids({ stage: 'SHIPMENT_VOIDED' })).toEqual(['s1']);
      expect(await ids({ stage: 'DELIVERED' })).toEqual(['s2']);
      expect(await ids({ carrier: 'carrier_b' })).toEqual([]);
      expect(await ids({ shipping_account: 'sa_1', stage: 'CREATED' })).toEqual(['s3']);
    } finally {
      await t.drop();
    }
  });

  it('filters and pages the tenant’s pickups', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const pickup = (tenant: string, id: string, created: string, confirmation: string) => ({
        id,
        tenant,
        shipping_account_id: 'sa_1',
        carrier: 'carrier_a',
        confirmation_number: confirmation,
        location_code: null,
        pickup_date: '2026-11-10',
        test: false,
        status: 'scheduled',
        record: {},
        created_at: created,
        cancelled_at: null,
      });
      await insertPickup(db, pickup('acme', 'p1', '2026-11-01T10:00:00.000Z', 'C1'));
      await insertPickup(db, pickup('acme', 'p2', '2026-11-02T10:00:00.000Z', 'C2'));
      await insertPickup(db, pickup('globex', 'p3', '2026-11-03T10:00:00.000Z', 'C1'));
      await markPickupCancelled(db, 'acme', 'p1', '2026-11-03T00:00:00.000Z');
      const ids = async (f: Parameters<typeof listPickups>[2]) =>
        (await listPickups(db, 'acme', f, { limit: 10, offset: 0 })).map((r) => r.id);
      expect(await ids({})).toEqual(['p2', 'p1']);
      expect(await ids({ status: 'cancelled' })).toEqual(['p1']);
      expect(await ids({ search: 'C1' })).toEqual(['p1']);
      expect(await countPickups(db, 'acme', { from: '2026-11-02T00:00:00.000Z' })).toBe(1);
    } finally {
      await t.drop();
    }
  });
});
