/** Group commit: work handed in during one turn shares a transaction; a failing piece fails alone. */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/services/tracking/group-commit.js';
import type { Tables } from '../../src/storage/tables.js';
import { createTestDatabase, dialects } from '../support/databases.js';

/** The database handle, counting the transactions opened through it. */
function counting(db: Kysely<Tables>): { db: Kysely<Tables>; transactions: () => number } {
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return () => (n++, target.transaction());
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: proxy, transactions: () => n };
}

const event = (id: string) => ({
  id,
  tenant: 'acme',
  type: 'tracking.updated',
  data: '{}',
  created_at: new Date().toISOString(),
});
const write = (id: string) => async (trx: Kysely<Tables>) =>
  void (await trx.insertInto('events').values(event(id)).execute());
const stored = async (db: Kysely<Tables>) =>
  (await db.selectFrom('events').select('id').orderBy('id').execute()).map((r) => r.id);

describe.each(dialects)('group commit on %s', (dialect) => {
  it('writes the pieces of one turn in one transaction, and a later turn in another', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const c = counting(t.database.db);
      const commit = createGroupCommit(c.db);
      await Promise.all(['evt_a', 'evt_b', 'evt_c'].map((id) => commit(write(id))));
      expect(c.transactions()).toBe(1);
      await commit(write('evt_d'));
      expect(c.transactions()).toBe(2);
      expect(await stored(t.database.db)).toEqual(['evt_a', 'evt_b', 'evt_c', 'evt_d']);
    } finally {
      await t.drop();
    }
  });

  it('retries each piece alone when one spoils the group: the others commit, the bad one is refused', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const commit = createGroupCommit(t.database.db);
      // The second piece repeats the first one's primary key: the shared transaction fails on it.
      const results = await Promise.allSettled([
        commit(write('evt_a')),
        commit(write('evt_a')),
        commit(write('evt_b')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await stored(t.database.db)).toEqual(['evt_a', 'evt_b']);
    } finally {
      await t.drop();
    }
  });
});

describe('group commit of pieces that expect more (a batch with other carrier calls still out)', () => {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('holds them over later turns, and a piece that expects none writes them with it in one transaction', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const c = counting(t.database.db);
      // No quiet moment comes within the test: only the last piece writes.
      const commit = createGroupCommit(c.db, { quietMs: 60_000, maxWaitMs: 60_000 });
      const waiting = [commit(write('evt_a'), { more: true })];
      for (let i = 0; i < 5; i++) await turn();
      waiting.push(commit(write('evt_b'), { more: true }));
      for (let i = 0; i < 5; i++) await turn();
      expect(c.transactions()).toBe(0);
      await Promise.all([...waiting, commit(write('evt_c'))]);
      expect(c.transactions()).toBe(1);
      expect(await stored(t.database.db)).toEqual(['evt_a', 'evt_b', 'evt_c']);
    } finally {
      await t.drop();
    }
  });

  it('writes them once no piece came for a quiet moment, or once the longest wait is over', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const c = counting(t.database.db);
      await createGroupCommit(c.db, { quietMs: 1, maxWaitMs: 60_000 })(write('evt_a'), { more: true });
      await createGroupCommit(c.db, { quietMs: 60_000, maxWaitMs: 1 })(write('evt_b'), { more: true });
      expect(c.transactions()).toBe(2);
      expect(await stored(t.database.db)).toEqual(['evt_a', 'evt_b']);
    } finally {
      await t.drop();
    }
  });
});
