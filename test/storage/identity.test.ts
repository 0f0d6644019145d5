/**
 * Users, invitations, sessions and keys on every dialect: an address is one user in the service, a
 * tenant keeps an owner in the same statement that would take it away, an invitation is used once,
 * a session is read with its user and goes with it, a key's last use is written at most once a
 * minute. Then the whole way through the app: invite, accept, sign in, demote, remove.
 */
import { describe, expect, it } from 'vitest';
import { createKey, findActiveKey, touchKey } from '../../src/storage/repositories/keys.js';
import { deleteEndedSessions, findSession, hashToken, insertSession } from '../../src/storage/repositories/sessions.js';
import {
  acceptInvitation,
  deleteUser,
  insertInvitation,
  insertUser,
  readUser,
  updateUser,
  type UserRecord,
} from '../../src/storage/repositories/users.js';
import { createTestApp, expectError } from '../support/app.js';
import { createTestDatabase, dialects } from '../support/databases.js';

const now = new Date('2026-11-26T12:00:00Z');
const user = (id: string, tenant: string, email: string, role = 'owner'): UserRecord => ({
  id,
  tenant,
  email,
  name: null,
  role,
  password_hash: null,
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
  disabled_at: null,
  last_sign_in_at: null,
});

describe.each(dialects)('identity storage on %s', (dialect) => {
  it('keeps an address to one user, and a tenant to at least one owner', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      expect(await insertUser(db, user('usr_1', 'acme', 'ann@example.com'))).toBe(true);
      expect(await insertUser(db, user('usr_2', 'globex', 'ann@example.com'))).toBe(false);
      expect(await updateUser(db, 'acme', 'usr_1', { role: 'viewer' }, now, { keepOwner: true })).toBe(false);
      expect(await deleteUser(db, 'acme', 'usr_1', { keepOwner: true })).toBe(false);
      expect(await insertUser(db, user('usr_3', 'acme', 'bob@example.com'))).toBe(true);
      // Another tenant's owner does not count.
      expect(await insertUser(db, user('usr_4', 'globex', 'cy@example.com'))).toBe(true);
      expect(await updateUser(db, 'acme', 'usr_1', { role: 'viewer' }, now, { keepOwner: true })).toBe(true);
      expect(await updateUser(db, 'acme', 'usr_3', { disabled_at: now.toISOString() }, now, { keepOwner: true })).toBe(
        false,
      );
      expect((await readUser(db, 'acme', 'usr_1'))?.role).toBe('viewer');
      expect(await readUser(db, 'globex', 'usr_1')).toBeUndefined();
      expect(await deleteUser(db, 'globex', 'usr_3')).toBe(false);
    } finally {
      await t.drop();
    }
  });

  it('uses an invitation once; a session is read with its user and removed with it', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      await insertUser(db, user('usr_1', 'acme', 'ann@example.com', 'shipper'));
      await insertInvitation(db, {
        id: 'inv_1',
        tenant: 'acme',
        user_id: 'usr_1',
        created_by: null,
        created_at: now.toISOString(),
        expires_at: now.toISOString(),
        accepted_at: null,
      });
      expect(await acceptInvitation(db, 'inv_1', now)).toBe(true);
      expect(await acceptInvitation(db, 'inv_1', now)).toBe(false);

      const later = new Date(now.getTime() + 3_600_000).toISOString();
      await insertSession(db, {
        id: 'ses_1',
        token_hash: hashToken('ws_a'),
        tenant: 'acme',
        user_id: 'usr_1',
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: later,
      });
      await insertSession(db, {
        id: 'ses_2',
        token_hash: hashToken('ws_b'),
        tenant: 'acme',
        user_id: 'usr_1',
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: now.toISOString(),
      });
      const found = await findSession(db, 'ws_a');
      expect(found?.session.id).toBe('ses_1');
      expect(found?.user).toMatchObject({ id: 'usr_1', role: 'shipper', email: 'ann@example.com' });
      expect(await findSession(db, 'ws_c')).toBeUndefined();

      await deleteEndedSessions(db, 'usr_1', now, 7_200_000);
      expect(await findSession(db, 'ws_b')).toBeUndefined();
      expect(await findSession(db, 'ws_a')).toBeDefined();
      expect(await deleteUser(db, 'acme', 'usr_1')).toBe(true);
      expect(await findSession(db, 'ws_a')).toBeUndefined();
      expect(await db.selectFrom('invitations').selectAll().execute()).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it('writes a key’s scope, maker and last use, the last at most once a minute', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      const { key } = await createKey(db, {
        tenant: 'acme',
        now,
        name: 'reporting',
        scope: 'read',
        createdBy: 'user:usr_1',
      });
      const record = (await findActiveKey(db, key, now))!;
      expect(record).toMatchObject({ name: 'reporting', scope: 'read', created_by: 'user:usr_1', last_used_at: null });
      expect(await touchKey(db, record, now)).toBe(true);
      const touched = (await findActiveKey(db, key, now))!;
      expect(touched.last_used_at).toBe(now.toISOString());
      expect(await touchKey(db, touched, new Date(now.getTime() + 30_000))).toBe(false);
      expect(await touchKey(db, touched, new Date(now.getTime() + 60_000))).toBe(true);
    } finally {
      await t.drop();
    }
  });

  it('invites, accepts, signs in, demotes and removes through the app', async () => {
    const t = await createTestApp({ dialect });
    try {
      const owner = await t.user({ role: 'owner' });
      const signIn = async (email: string, password: string) => {
        const res = await t.call('POST', '/session', undefined, { session: { email, password } });
        expect(res.status, res.raw).toBe(200);
        return {
          cookie: String(res.headers['set-cookie']).split(';')[0]!,
          'x-csrf-token': res.body.me.csrf_token as string,
        };
      };
      const boss = await signIn(owner.email, owner.password);
      const invited = await t.call(
        'POST',
        '/users/invitations',
        undefined,
        { invitation: { email: 'sam@example.com', role: 'shipper' } },
        boss,
      );
      expect(invited.status, invited.raw).toBe(200);
      const token = new URL(invited.body.invitation.url).hash.slice(1);
      expect(
        (
          await t.call('POST', '/invitations/accept', undefined, {
            invitation: { token, password: 'a long enough password' },
          })
        ).status,
      ).toBe(200);
      expectError(
        await t.call('POST', '/invitations/accept', undefined, {
          invitation: { token, password: 'a long enough password' },
        }),
        410,
        'link_expired',
      );

      const sam = await signIn('sam@example.com', 'a long enough password');
      expect((await t.call('GET', '/me', undefined, undefined, sam)).body.me.permissions).toContain('shipments.buy');
      expect(
        (await t.call('PATCH', `/users/${invited.body.user.id}`, undefined, { user: { role: 'viewer' } }, boss)).status,
      ).toBe(200);
      expect(
        expectError(
          await t.call(
            'POST',
            '/cancel',
            undefined,
            { cancel: { shipping_account: '100000000000001', tracking_number: 'X1' } },
            sam,
          ),
          403,
          'forbidden',
        ).detail,
      ).toBe('shipments.cancel');
      expect((await t.call('DELETE', `/users/${invited.body.user.id}`, undefined, undefined, boss)).status).toBe(200);
      expectError(await t.call('GET', '/me', undefined, undefined, sam), 401, 'session_expired');
    } finally {
      await t.close();
    }
  });
});
