/**
 * A real OpenID provider on loopback for the single sign-on tests (oidc-provider, with its
 * development sign-in and consent pages, where any password is accepted for a known login). Its
 * address is taken first, because the service is configured with it; the provider starts once the
 * service listens, because its client's redirect URI names the service's port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

export const OIDC_CLIENT = { id: 'waybill-console', secret: 'a client secret that is long enough for HS256' };

export interface TestProvider {
  issuer: string;
  /** The environment that points a service at it. */
  env: Record<string, string>;
  /** Starts answering, for a service at `appUrl`, with these accounts (login → claims). */
  start(
    appUrl: string,
    accounts: Record<string, { email: string; email_verified?: boolean | string; name?: string }>,
  ): void;
  close(): Promise<void>;
}

export async function reserveProvider(): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    env: {
      WAYBILL_OIDC_ISSUER: issuer,
      WAYBILL_OIDC_CLIENT_ID: OIDC_CLIENT.id,
      WAYBILL_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    },
    start(appUrl, accounts) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT.id,
            client_secret: OIDC_CLIENT.secret,
            redirect_uris: [`${appUrl}/session/sso/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: async (_ctx, id) =>
          accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined,
        pkce: { required: () => true },
        cookies: { keys: ['cookie key of the test provider'] },
        features: { devInteractions: { enabled: true } },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      });
      server.on('request', provider.callback());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A service set up for a provider that answers with these accounts; both listening on loopback. */
export async function startWithProvider(
  accounts: Parameters<TestProvider['start']>[1],
): Promise<{ t: TestApp; app: string; close(): Promise<void> }> {
  const idp = await reserveProvider();
  const t = await createTestApp({ env: idp.env });
  const app = await t.app.listen({ port: 0, host: '127.0.0.1' });
  idp.start(app, accounts);
  return {
    t,
    app,
    async close() {
      await t.close();
      await idp.close();
    },
  };
}

/**
 * What a browser does from GET /session/sso of the service at `app`: follows redirects, signs in
 * on the provider's page as `login` and consents, until the app sends it into the console. Answers where it was sent, the app's
 * cookies, and the first redirect (to the provider).
 */
export async function signOnAt(
  app: string,
  login: string,
  opts: { dropSsoCookie?: boolean } = {},
): Promise<{ landed: string; cookies: Map<string, string>; authorize: URL }> {
  const jars = new Map<string, Map<string, string>>();
  const jar = (url: string) =>
    jars.get(new URL(url).origin) ?? jars.set(new URL(url).origin, new Map()).get(new URL(url).origin)!;
  const send = async (url: string, init: RequestInit = {}) => {
    const cookies = [...jar(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookies ? { cookie: cookies } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /max-age=0\b/i.test(line)) jar(url).delete(name);
      else jar(url).set(name, value);
    }
    return res;
  };
  let url = `${app}/session/sso`;
  let res = await send(url);
  expect(res.status).toBe(302);
  const authorize = new URL(res.headers.get('location')!);
  if (opts.dropSsoCookie) jar(app).delete('waybill_sso');
  for (let step = 0; step < 20; step++) {
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (next.startsWith(`${app}/console`)) return { landed: next.slice(app.length), cookies: jar(app), authorize };
      url = next;
      res = await send(url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt)
      throw new Error(`stuck at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
    res = await send(new URL(action.replaceAll('&amp;', '&'), url).href, {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  throw new Error('too many steps');
}
