/** The outbox on every dialect: an event commits or rolls back with the change it reports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_RETENTION_MS, recordEvent } from '../../src/services/kernel/events.js';
import { purgeBefore } from '../../src/storage/repositories/events.js';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.js';

describe.each(dialects)('recordEvent on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const at = new Date().toISOString();
    const endpoint = {
      tenant: 'acme',
      url: 'https://example.com/',
      description: null,
      secret_sealed: 'x',
      previous_secret_sealed: null,
      previous_secret_until: null,
      disabled_reason: null,
      failing_since: null,
      created_at: at,
      updated_at: at,
    };
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
  const deliveriesOf = (eventId: string) =>
    t.database.db
      .selectFrom('webhook_deliveries')
      .select('endpoint_id')
      .where('event_id', '=', eventId)
      .orderBy('endpoint_id')
      .execute();

  it('writes one pending delivery per enabled endpoint of the tenant subscribed to the type', async () => {
    const id = await t.database.db
      .transaction()
      .execute((trx) => recordEvent(trx, { tenant: 'acme', type: 'shipment.created', data: { a: 1 } }));
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
    expect(
      await t.database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await deliveriesOf(id)).toEqual([]);
  });

  it('purges events past the retention with their deliveries and attempts', async () => {
    const now = Date.now();
    const old = await recordEvent(t.database.db, {
      tenant: 'acme',
      type: 'shipment.created',
      data: {},
      at: new Date(now - EVENT_RETENTION_MS - 60_000),
    });
    const recent = await recordEvent(t.database.db, {
      tenant: 'acme',
      type: 'shipment.created',
      data: {},
      at: new Date(now - EVENT_RETENTION_MS + 60_000),
    });
    const [delivery] = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', old)
      .execute();
    await t.database.db
      .insertInto('webhook_attempts')
      .values({
        id: 'att_old',
        delivery_id: delivery!.id,
        at: new Date(now).toISOString(),
        status_code: 500,
        duration_ms: 1,
        error: 'HTTP 500',
      })
      .execute();
    expect(await purgeBefore(t.database.db, new Date(now - EVENT_RETENTION_MS).toISOString())).toBeGreaterThanOrEqual(
      1,
    );
    expect(await t.database.db.selectFrom('events').select('id').where('id', 'in', [old, recent]).execute()).toEqual([
      { id: recent },
    ]);
    expect(await deliveriesOf(old)).toEqual([]);
    expect(
      await t.database.db.selectFrom('webhook_attempts').selectAll().where('id', '=', 'att_old').execute(),
    ).toEqual([]);
    expect(await deliveriesOf(recent)).toHaveLength(1);
  });
});
