/**
 * Two service instances on one database against the carrier_d emulator, which revokes an access
 * token as soon as a new one is issued: both tokens are fetched once and shared, also when they
 * expire together; and carrier pickups cancel through the adapter (GET for the ETag, DELETE).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierCall } from '../../src/carriers/carrier.js';
import { createCarrierRuntime, type CarrierRuntime } from '../../src/carriers/runtime.js';
import { createTokenStore } from '../../src/storage/token-store.js';
import { loadConfig } from '../../src/foundations/config.js';
import { carrierNames } from '../../src/carriers/declarations.js';
import { toApiError } from '../../src/domain/errors.js';
import type { ShipmentRequest } from '../../src/domain/types.js';
import { createLogger } from '../../src/foundations/logger.js';
import { createDatabase, type Database } from '../../src/storage/database.js';
import { createSealer } from '../../src/storage/sealing.js';
import { validAuth } from '../support/accounts.js';
import { createTestDatabase, dialects, type TestDatabase } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const HOUR = 3_600_000;

describe.each(dialects)('carrier_d across two instances on %s', (dialect) => {
  let em: TestEmulator;
  let t: TestDatabase;
  let other: Database;
  let one: CarrierRuntime;
  let two: CarrierRuntime;
  let shift = 0;
  const clock = { now: () => new Date(Date.now() + shift) };
  const log = createLogger('error', new Writable({ write: (_c, _e, cb) => cb() }));
  const call: CarrierCall = {
    auth: { ...validAuth.carrier_d, client_id: `instances-${dialect}` },
    test: true,
    debug: false,
    country: 'US',
    log,
  };
  const shipment: ShipmentRequest = {
    shipping_account: 'sa_x',
    sender: {
      name: 'Ann Sender',
      street1: '1 Main St',
      city: 'Memphis',
      state: 'TN',
      postal_code: '38117',
      country: 'US',
    },
    recipient: {
      name: 'Bob Recipient',
      street1: '5 Fifth Ave',
      city: 'New York',
      state: 'NY',
      postal_code: '10001',
      country: 'US',
    },
    packages: [{ weight: 2 }],
    packaging: 'your_packaging',
    service: 'priority_mail',
    dim_units: 'IN',
    weight_units: 'LB',
  };

  beforeAll(async () => {
    em = await startTestEmulator();
    await em.knowCredentials('carrier_d', call.auth);
    t = await createTestDatabase(dialect, dialect === 'sqlite' ? { file: join(tempDir('d'), 'db.sqlite') } : {});
    other = createDatabase(t.url);
    const config = loadConfig({ WAYBILL_DATA_DIR: '/nonexistent-test-data' }, carrierNames);
    const sealer = createSealer(randomBytes(32));
    one = createCarrierRuntime({
      config,
      tokens: createTokenStore({ db: t.database.db, sealer, clock }),
      clock,
      emulatorUrl: em.url,
    });
    two = createCarrierRuntime({
      config,
      tokens: createTokenStore({ db: other.db, sealer, clock }),
      clock,
      emulatorUrl: em.url,
    });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await other?.close();
    await t?.drop();
    await em?.close();
  });

  const lookups = () =>
    Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? one : two).adapters
          .carrier_d()
          .then((a) => a.locations!(call, { location: { postal_code: '38117', country: 'US' } })),
      ),
    );

  it('fetches one access token for concurrent calls of both instances, and one again when it expires', async () => {
    const state = em.emulator.state.carrier_d;
    const before = state.tokensIssued;
    for (const r of await lookups()) expect(r.length).toBe(3);
    expect(state.tokensIssued - before).toBe(1);
    // Both instances see the token expire at once; the emulator revokes the old one on the new issue.
    shift += 2 * HOUR;
    await em.advance(2 * HOUR);
    for (const r of await lookups()) expect(r.length).toBe(3);
    expect(state.tokensIssued - before).toBe(2);
  });

  it('shares one payment authorization token between the instances', async () => {
    const state = em.emulator.state.carrier_d;
    const before = state.paymentTokensIssued;
    const booked = await Promise.all(
      [one, two, one, two].map(async (rt) => (await rt.adapters.carrier_d()).ship!(call, shipment)),
    );
    expect(new Set(booked.map((b) => b.tracking_number)).size).toBe(4);
    expect(state.paymentTokensIssued - before).toBe(1);
  });

  it('cancels a carrier pickup with the ETag of the pickup; a second cancel is refused', async () => {
    const date = new Date(clock.now().getTime() + 48 * HOUR).toISOString().slice(0, 10);
    const pickup = await (
      await one.adapters.carrier_d()
    ).pickup!(call, {
      shipping_account: 'sa_x',
      carrier: 'carrier_d',
      location: shipment.sender,
      shipments: [{ packages: [{ weight: 3 }] }],
      time: { date, ready_time: '09:00', close_time: '17:00' },
      dim_units: 'IN',
      weight_units: 'LB',
    });
    const result = await (
      await two.adapters.carrier_d()
    ).cancelPickup!(call, { confirmation_number: pickup.confirmation_number });
    expect(result.message).toContain(pickup.confirmation_number);
    expect(em.emulator.state.carrier_d.pickups.get(pickup.confirmation_number)?.cancelled).toBe(true);
    const again = await (
      await two.adapters.carrier_d()
    ).cancelPickup!(call, { confirmation_number: pickup.confirmation_number }).catch(toApiError);
    expect(again).toMatchObject({ code: 'carrier_exception', message: expect.stringContaining('already cancelled') });
    const unknown = await (
      await one.adapters.carrier_d()
    ).cancelPickup!(call, { confirmation_number: 'WTC999999' }).catch(toApiError);
    expect(unknown).toMatchObject({ code: 'carrier_no_shipment_found' });
  });

  it('has no pickup availability (the operation stays undefined)', async () => {
    const adapter = await one.adapters.carrier_d();
    expect(adapter.pickupAvailability).toBeUndefined();
    expect(adapter.trackMany).toBeUndefined();
  });
});
