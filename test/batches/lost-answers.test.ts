/**
 * A batch booking call cut off mid-way while the instance lives on (the emulator's `drop` fault: the
 * carrier books, then the connection is cut): the item is not failed (a retry of it would book a
 * second time), it is left in progress and, once its lease runs out, settled from the carrier's
 * answer to a lookup by Waybill's reference: booked as the carrier has it, once.
 */
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/services/kernel/booking-lookup.js';
import { dialects } from '../support/databases.js';
import { recipientUS } from '../contract/support.js';
import { finished, item, useBatchApp } from './support.js';

describe.each(dialects)('a batch booking whose answer was lost, on %s', (dialect) => {
  const s = useBatchApp({
    dialect,
    env: { WAYBILL_BATCH_LEASE_MS: '300', WAYBILL_CARRIER_LOOKUP_DELAY_MS: '0', WAYBILL_BATCH_CONCURRENCY: '1' },
  });

  it('is found at the carrier and booked once, without labels', async () => {
    await s.em.fault('carrier_a', 'ship', 'drop');
    const shipments = [0, 1, 2].map((i) =>
      item(s.account, { recipient: { ...recipientUS, name: `Lost ${dialect} ${i}` } }),
    );
    const res = await s.t.call('POST', '/batches', s.key, { batch: { shipments } });
    expect(res.status, res.raw).toBe(202);
    const id = res.body.batch.id;
    expect(await finished(s, id)).toMatchObject({ status: 'completed', counts: { booked: 3, failed: 0 } });
    const items = (await s.t.call('GET', `/batches/${id}/shipments`, s.key)).body as any[];
    const made = await s.em.bookings('carrier_a');
    for (const it of items) {
      const reference = bookingReference(await tenantOf(), `batch:${id}:${it.index}:1`);
      const atCarrier = made.filter((b) => b.references.includes(reference));
      expect(
        atCarrier.map((b) => b.tracking_number),
        `item ${it.index}`,
      ).toEqual([it.shipment.tracking_number]);
    }
    // The first booking's answer was the one dropped.
    expect(items.map((it) => it.shipment.recovered !== undefined)).toEqual([true, false, false]);
  });

  async function tenantOf(): Promise<string> {
    const row = await s.t.db.database.db.selectFrom('batches').select('tenant').executeTakeFirstOrThrow();
    return row.tenant;
  }
});
