/**
 * Single sign-on against a real OpenID provider started here on loopback (oidc-provider, with its
 * development sign-in and consent pages): the authorization code flow with PKCE, a user matched by
 * the provider's e-mail address, and the refusals (no such user, an address the provider has not
 * verified, a callback without its state cookie). The browser is fetch with a cookie jar per origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { signOnAt, startWithProvider } from '../support/oidc-provider.js';

/** The provider's accounts: their e-mail addresses and whether it verified them. */
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  ann: { email: 'Ann@Example.com', email_verified: true, name: 'Ann Shipper' },
  ivy: { email: 'ivy@example.com', email_verified: true, name: 'Ivy Invited' },
  stranger: { email: 'stranger@example.com', email_verified: true, name: 'Stranger' },
  unverified: { email: 'unverified@example.com', email_verified: false, name: 'Unverified' },
};

let t: TestApp;
let app: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, app, close } = await startWithProvider(ACCOUNTS));
  await t.user({ role: 'shipper', email: 'ann@example.com' });
});
afterAll(() => close?.());

const signOn = (login: string, opts: { dropSsoCookie?: boolean } = {}) => signOnAt(app, login, opts);

describe('single sign-on with OpenID Connect', () => {
  it('says it is available', async () => {
    expect((await t.call('GET', '/session/methods', undefined)).body).toEqual({ password: true, sso: true });
  });

  it('signs in the user whose address the provider gives, by the authorization code flow with PKCE', async () => {
    const { landed, cookies, authorize } = await signOn('ann');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app}/session/sso/callback`);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(landed).toBe('/console/shipments');
    const session = cookies.get('waybill_session');
    expect(session).toMatch(/^ws_/);
    const me = (await t.call('GET', '/me', undefined, undefined, { cookie: `waybill_session=${session}` })).body.me;
    expect(me).toMatchObject({ tenant: 'acme', role: 'shipper', user: { email: 'ann@example.com', status: 'active' } });
    // The authorization code is not written to the log.
    const code = t.logs.find((l) => l.includes('/session/sso/callback'));
    expect(code).toBeDefined();
    expect(code).toContain('code=[REDACTED]');
  });

  it('lets an invited user in, who is then active', async () => {
    const owner = await t.user({ role: 'owner' });
    const signIn = await t.call('POST', '/session', undefined, {
      session: { email: owner.email, password: owner.password },
    });
    const headers = {
      cookie: String(signIn.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': signIn.body.me.csrf_token,
    };
    const invited = await t.call(
      'POST',
      '/users/invitations',
      undefined,
      { invitation: { email: 'ivy@example.com', role: 'viewer' } },
      headers,
    );
    expect(invited.body.user.status).toBe('invited');
    expect((await signOn('ivy')).landed).toBe('/console/shipments');
    expect(
      (await t.call('GET', `/users/${invited.body.user.id}`, undefined, undefined, headers)).body.user.status,
    ).toBe('active');
  });

  it('sends an address that no user has back to the sign-in page, saying so, without a session', async () => {
    const { landed, cookies } = await signOn('stranger');
    expect(landed).toBe('/console/?sso=no-user');
    expect(cookies.has('waybill_session')).toBe(false);
  });

  it('refuses an address the provider says it has not verified', async () => {
    await t.user({ role: 'viewer', email: 'unverified@example.com' });
    const { landed, cookies } = await signOn('unverified');
    expect(landed).toBe('/console/?sso=failed');
    expect(cookies.has('waybill_session')).toBe(false);
    expect(t.logs.join('')).toContain('single sign-on refused: the provider has not verified unverified@example.com');
  });

  it('refuses a callback that comes without the state cookie of its first step', async () => {
    const { landed, cookies } = await signOn('ann', { dropSsoCookie: true });
    expect(landed).toBe('/console/?sso=failed');
    expect(cookies.has('waybill_session')).toBe(false);
    expect(t.logs.join('')).toContain('single sign-on refused: no sign-on under way in this browser');
  });
});

describe('without an issuer', () => {
  it('has no single sign-on', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.call('GET', '/session/methods', undefined)).body).toMatchObject({
        password: true,
        sso: false,
      });
      expectError(await plain.call('GET', '/session/sso', undefined), 404, 'not_found');
    } finally {
      await plain.close();
    }
  });
});
