/** OAuth tokens shared through the database: one fetch per credential set across instances. */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenStore, tokenLeaseMs } from '../../src/storage/token-store.js';
import { tryLease } from '../../src/storage/repositories/oauth-tokens.js';
import { createSealer } from '../../src/storage/sealing.js';
import { createDatabase } from '../../src/storage/database.js';
import { createTestDatabase, dialects } from '../support/databases.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const sealer = createSealer(randomBytes(32));

describe.each(dialects)('token store on %s', (dialect) => {
  it('fetches once for concurrent callers in two instances, and shares the token', async () => {
    const t = await createTestDatabase(
      dialect,
      dialect === 'sqlite' ? { file: join(tempDir('tokens'), 'db.sqlite') } : {},
    );
    // A second connection to the same database plays the second service instance.
    const other = createDatabase(t.url);
    try {
      let now = new Date('2026-01-01T00:00:00Z');
      const clock = { now: () => now };
      const one = createTokenStore({ db: t.database.db, sealer, clock, pollMs: 5 });
      const two = createTokenStore({ db: other.db, sealer, clock, pollMs: 5 });
      let fetches = 0;
      const fetch = async () => {
        fetches++;
        await new Promise((r) => setTimeout(r, 50));
        return { access_token: `token-${fetches}`, expires_in: 3600 };
      };
      const tokens = await Promise.all([
        one.get('k', fetch),
        one.get('k', fetch),
        two.get('k', fetch),
        two.get('k', fetch),
      ]);
      expect(fetches).toBe(1);
      expect(new Set(tokens)).toEqual(new Set(['token-1']));

      // Stored sealed: the token is not in the row in clear.
      const row = await t.database.db.selectFrom('oauth_tokens').selectAll().executeTakeFirstOrThrow();
      expect(row.token_sealed).not.toContain('token-1');

      // Close to expiry (inside the safety margin) a new one is fetched, once.
      now = new Date(now.getTime() + 3590_000);
      expect(await two.get('k', fetch)).toBe('token-2');
      expect(await one.get('k', fetch)).toBe('token-2');
      expect(fetches).toBe(2);

      // A token the carrier refused is replaced once. The other instance keeps using the old one
      // until the carrier refuses it there too; then it finds the new one in the row, no fetch.
      await one.invalidate('k', 'token-2');
      expect(await one.get('k', fetch)).toBe('token-3');
      expect(await two.get('k', fetch)).toBe('token-2');
      await two.invalidate('k', 'token-2');
      expect(await two.get('k', fetch)).toBe('token-3');
      expect(fetches).toBe(3);

      // A failed fetch releases the lease: the next caller may try at once.
      const failing = async () => {
        throw new Error('carrier down');
      };
      await expect(one.get('other', failing)).rejects.toThrow('carrier down');
      expect(await two.get('other', fetch)).toBe('token-4');
    } finally {
      await other.close();
      await t.drop();
    }
  });

  it('takes over the lease of an instance that died while refreshing once the carrier timeout has passed', async () => {
    const t = await createTestDatabase(dialect);
    try {
      let now = new Date('2026-01-01T00:00:00Z');
      const clock = { now: () => now };
      const leaseMs = tokenLeaseMs(30_000);
      // The dead instance leased the refresh and never came back.
      expect(
        await tryLease(t.database.db, 'k', 'dead', now.toISOString(), new Date(now.getTime() + leaseMs).toISOString()),
      ).toBe(true);
      const store = createTokenStore({ db: t.database.db, sealer, clock, pollMs: 5, leaseMs });
      let fetches = 0;
      const token = store.get('k', async () => ({ access_token: `token-${++fetches}`, expires_in: 3600 }));
      // Within the lease the survivor waits rather than ask the carrier a second time.
      now = new Date(now.getTime() + 30_000);
      await new Promise((r) => setTimeout(r, 40));
      expect(fetches).toBe(0);
      now = new Date(now.getTime() + 5_001);
      expect(await token).toBe('token-1');
      expect(fetches).toBe(1);
    } finally {
      await t.drop();
    }
  });
});
