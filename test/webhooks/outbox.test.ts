/** The outbox on every dialect: an event commits or rolls back with the change it reports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/services/events.js';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.js';

describe.each(dialects)('recordEvent on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const at = new Date().toISOString();
    const endpoint = { tenant: 'acme', url: 'https://example.com/', description: null, secret_sealed: 'x', previous_secret_sealed: null, previous_secret_until: null, disabled_reason: null, failing_since: null, created_at: at, updated_at: at };
    await t.database.db
      .insertInto('webhook_endpoints')
      .values([
        { ...endpoint, id: 'wh_all', events: '["*"]', enabled: 1 },
        { ...endpoint, id: 'wh_pickups', events: '["pickup.scheduled"]', enabled: 1 },
        { ...endpoint, id: 'wh_off', events: '["*"]', enabled: 0 },
        { ...endpoint, id: 'wh_other', tenant: 'globex', events: '["*"]', enabled: 1 },
      ])
      .execute();
  });
  afterAll(() => t?.drop());
  const deliveriesOf = (eventId: string) => t.database.db.selectFrom('webhook_deliveries').select('endpoint_id').where('event_id', '=', eventId).orderBy('endpoint_id').execute();

  it('writes one pending delivery per enabled endpoint of the tenant subscribed to the type', async () => {
    const id = await t.database.db.transaction().execute((trx) => recordEvent(trx, { tenant: 'acme', type: 'shipment.created', data: { a: 1 } }));
    expect((await deliveriesOf(id)).map((d) => d.endpoint_id)).toEqual(['wh_all']);
    const pickup = await recordEvent(t.database.db, { tenant: 'acme', type: 'pickup.scheduled', data: {} });
    expect((await deliveriesOf(pickup)).map((d) => d.endpoint_id)).toEqual(['wh_all', 'wh_pickups']);
  });

  it('leaves nothing behind when the change rolls back', async () => {
    let id = '';
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        id = await recordEvent(trx, { tenant: 'acme', type: 'return.created', data: { r: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(id).toMatch(/^evt_/);
    expect(await t.database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await deliveriesOf(id)).toEqual([]);
  });
});
