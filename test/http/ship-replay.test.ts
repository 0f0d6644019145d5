/**
 * An Idempotency-Key on /ship is completed once, in the booking's transaction, with the bytes the
 * route sends: the replay is byte for byte the first answer, base64 labels included.
 */
import { describe, expect, it } from 'vitest';
import { shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();

async function stored(key: string): Promise<string | null> {
  const row = await s.t.db.database.db
    .selectFrom('idempotency')
    .select('response')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.response;
}

describe('POST /ship under an Idempotency-Key', () => {
  for (const base64 of [false, true]) {
    it(`stores and replays the very bytes it sent${base64 ? ', with base64 labels' : ''}`, async () => {
      const key = `ship-bytes-${base64}`;
      const body = shipment(s.account, {
        service: 'carrier_a_ground',
        ...(base64 ? { include_base64_label: true } : {}),
      });
      const first = await s.t.call('POST', '/ship', s.key, body, { 'idempotency-key': key });
      expect(first.status, first.raw).toBe(200);
      expect(await stored(key)).toBe(first.raw);
      const replay = await s.t.call('POST', '/ship', s.key, body, { 'idempotency-key': key });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.raw).toBe(first.raw);
    });
  }
});
