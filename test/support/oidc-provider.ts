/**
 * A real OpenID provider on loopback for the single sign-on tests (oidc-provider, with its
 * development sign-in and consent pages, where any password is accepted for a known login). Its
 * address is taken first, because the service is configured with it; the provider starts once the
 * service listens, because its client's redirect URI names the service's port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'waybill-console', secret: 'a client secret that is long enough for HS256' };

export interface TestProvider {
  issuer: string;
  /** The environment that points a service at it. */
  env: Record<string, string>;
  /** Starts answering, for a service at `appUrl`, with these accounts (login → claims). */
  start(appUrl: string, accounts: Record<string, { email: string; email_verified?: boolean; name?: string }>): void;
  close(): Promise<void>;
}

export async function reserveProvider(): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    env: { WAYBILL_OIDC_ISSUER: issuer, WAYBILL_OIDC_CLIENT_ID: OIDC_CLIENT.id, WAYBILL_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
    start(appUrl, accounts) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [`${appUrl}/session/sso/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: async (_ctx, id) => (accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined),
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
