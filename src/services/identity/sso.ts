/**
 * Single sign-on by OpenID Connect: the authorization code flow with PKCE (S256), state and nonce,
 * through openid-client (the certified relying party of the panva/oauth4webapi family), loaded
 * only when an issuer is configured. What the browser carries between the two steps (state, nonce,
 * PKCE verifier) is a short-lived cookie signed with a key derived from the sealing key, so any
 * instance can finish what another began, and nothing is stored (sso-transaction.ts).
 *
 * The rule for who gets in: the provider's e-mail address (from the ID token, else its userinfo)
 * names an existing user, in whichever tenant (an address is one user in the service), and the
 * provider says `email_verified: true`, the boolean: a claim left out, or sent as the string
 * "false" (some providers' custom claims), proves nothing about who holds the address. No user is
 * made by signing in: people are invited first. A disabled user is refused. An invited user who
 * signs in this way becomes active.
 *
 * The face binds the dependencies, and the provider discovered once, to the use cases beginSignOn
 * and finishSignOn (sign-on.ts).
 */
import { bind } from '../../foundations/bind.js';
import { beginSignOn, finishSignOn } from './sign-on.js';
import type { SsoDeps } from './sso-deps.js';
import { discoverProvider } from './sso-provider.js';
import { TRANSACTION_MS } from './sso-transaction.js';

export type { OidcSettings, SsoDeps, SsoRefusal } from './sso-deps.js';

export function createSso(deps: SsoDeps) {
  const state = { ...deps, provider: discoverProvider(deps.settings) };
  return {
    transactionMaxAgeSec: TRANSACTION_MS / 1000,
    begin: bind(state, beginSignOn),
    finish: bind(state, finishSignOn),
  };
}

export type Sso = ReturnType<typeof createSso>;
