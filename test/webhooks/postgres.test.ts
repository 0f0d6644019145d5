/**
 * Several instances on one PostgreSQL database: each event is delivered once (rows claimed with
 * FOR UPDATE SKIP LOCKED), and a change seen by concurrent requests is announced once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackground, type Background } from '../../src/services/background.js';
import { recordEvent } from '../../src/services/kernel/events.js';
import { plannedEvents } from '../../src/emulator/carrier_a/timeline.js';
import { createLogger } from '../../src/foundations/logger.js';
import { createDatabase, type Database } from '../../src/storage/database.js';
import { createSealer } from '../../src/storage/sealing.js';
import { shipment } from '../contract/support.js';
import { postgresUrl } from '../support/databases.js';
import { waitFor } from '../support/webhook-receiver.js';
import { register, useWebhookSuite } from './support.js';

const secretKey = randomBytes(32);

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL database', () => {
  const s = useWebhookSuite({ dialect: 'postgres', secretKey, env: { WAYBILL_WEBHOOK_POLL_MS: '5' } });
  let second: { database: Database; background: Background };
  beforeAll(() => {
    // A second instance: its own pool and worker on the same database and sealing key.
    const database = createDatabase(s.t.db.url, { poolSize: 4 });
    const background = startBackground({
      database,
      sealer: createSealer(secretKey),
      clock: { now: () => new Date() },
      config: s.t.config,
      services: s.t.services,
      log: createLogger('silent'),
    });
    second = { database, background };
  });
  afterAll(async () => {
    await second?.background.stop();
    await second?.database.close();
  });

  it('deliver each of 300 events exactly once between them', async () => {
    await register(s, '/pg', ['pickup.scheduled']);
    const db = s.t.db.database.db;
    for (let i = 0; i < 300; i += 30)
      await Promise.all(
        Array.from({ length: 30 }, (_, j) =>
          recordEvent(db, { tenant: 'acme', type: 'pickup.scheduled', data: { n: i + j } }),
        ),
      );
    await waitFor(
      async () => {
        const done = await db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'succeeded')
          .executeTakeFirst();
        return Number(done?.n) === 300;
      },
      'every delivery to succeed',
      30_000,
    );
    const got = s.rx.at('/pg');
    expect(got).toHaveLength(300);
    expect(new Set(got.map((r) => r.eventId)).size).toBe(300);
    expect(new Set(got.map((r) => r.body.data.n)).size).toBe(300);
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
    const attempts = await db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(Number(attempts?.n)).toBe(300);
  });

  it('announce a tracking change seen by concurrent requests once, and a booking with its event', async () => {
    await register(s, '/pg-track', ['tracking.updated', 'shipment.created']);
    const number = (await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground' }))).body
      .shipment.tracking_number as string;
    const track = () =>
      s.t.call('POST', '/track', s.key, {
        track: { shipping_account: s.account, tracking_number: number, refresh: true },
      });
    try {
      await Promise.all(Array.from({ length: 6 }, track));
      const planned = plannedEvents(s.em.emulator.state.carrier_a.shipments.get(number)!);
      await s.em.advance(planned[1]!.at.getTime() + 60_000 - s.em.emulator.state.clock.now().getTime());
      await Promise.all(Array.from({ length: 6 }, track));
      const mine = () => s.rx.at('/pg-track').filter((r) => r.body.data.tracking_number === number);
      await waitFor(() => mine().length === 3, 'shipment.created and two tracking updates');
      const events = (await s.t.call('GET', '/events?type=tracking.updated&limit=500', s.key)).body.events.filter(
        (e: { data: { tracking_number: string } }) => e.data.tracking_number === number,
      );
      expect(events.map((e: { data: { tracking_stage: string } }) => e.data.tracking_stage)).toEqual([
        'CREATED',
        'PICKED_UP',
      ]);
      expect(
        mine()
          .map((r) => r.body.type)
          .sort(),
      ).toEqual(['shipment.created', 'tracking.updated', 'tracking.updated']);
    } finally {
      await s.em.resetClock();
    }
  });
});
