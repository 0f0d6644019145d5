/**
 * A fresh install has no user, so nobody can invite anyone: GET /session/methods says so
 * (`first_owner_needed`), for the sign-in page to tell how the operator makes the first owner, and
 * stops saying it once any user exists. It reveals nothing else: no tenant, no address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the first owner of a fresh install', () => {
  it('is asked for while no user exists, and no longer once one does', async () => {
    const before = await t.call('GET', '/session/methods', undefined);
    expect(before.status, before.raw).toBe(200);
    expect(before.body).toEqual({ password: true, sso: false, first_owner_needed: true });
    // Nobody signs in meanwhile: there is no one to sign in as.
    expect(
      (
        await t.call('POST', '/session', undefined, {
          session: { email: 'someone@example.com', password: 'a long enough password' },
        })
      ).status,
    ).toBe(401);
    const owner = await t.user({ role: 'owner' });
    const after = await t.call('GET', '/session/methods', undefined);
    expect(after.body).toEqual({ password: true, sso: false });
    const signedIn = await t.call('POST', '/session', undefined, {
      session: { email: owner.email, password: owner.password },
    });
    expect(signedIn.status, signedIn.raw).toBe(200);
  });
});
