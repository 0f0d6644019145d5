/**
 * Single sign-on by OpenID Connect: the authorization code flow with PKCE (S256), state and nonce,
 * through openid-client (the certified relying party of the panva/oauth4webapi family), loaded
 * only when an issuer is configured. What the browser carries between the two steps (state, nonce,
 * PKCE verifier) is a short-lived cookie signed with a key derived from the sealing key, so any
 * instance can finish what another began, and nothing is stored.
 *
 * The rule for who gets in: the provider's e-mail address (from the ID token, else its userinfo)
 * names an existing user, in whichever tenant (an address is one user in the service), and the
 * provider says `email_verified: true`, the boolean: a claim left out, or sent as the string
 * "false" (some providers' custom claims), proves nothing about who holds the address. No user is
 * made by signing in: people are invited first. A disabled user is refused. An invited user who
 * signs in this way becomes active.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import { findUserByEmail } from '../../storage/repositories/users.js';
import type { SeenFrom, Sessions, Started } from './sessions.js';
import { normalizeEmail } from './users.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

export interface SsoDeps {
  db: Db;
  clock: Clock;
  sessions: Sessions;
  settings: OidcSettings;
  /** HMAC key of the transaction cookie. */
  key: Buffer;
}

/** How long a browser may take at the provider between the two steps. */
const TRANSACTION_MS = 10 * 60_000;

type Client = typeof import('openid-client');
interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  expires: number;
}

/** Why signing in by the provider ended without a session; the console says it in words. */
export type SsoRefusal = 'no-user' | 'failed';

class SsoFailed extends Error {
  constructor(
    readonly refusal: SsoRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SsoFailed';
  }
}

export function createSso(deps: SsoDeps) {
  const { settings } = deps;
  let configured: Promise<{ client: Client; config: import('openid-client').Configuration }> | undefined;

  /** The provider's metadata, discovered once (again after a failure). */
  function provider() {
    configured ??= (async () => {
      const client = await import('openid-client');
      const url = new URL(settings.issuer);
      // config.ts accepts http only on loopback (development, tests).
      const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
      const config = await client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
        execute,
        timeout: 10,
      });
      return { client, config };
    })();
    configured.catch(() => (configured = undefined));
    return configured;
  }

  const sign = (body: string) => createHmac('sha256', deps.key).update(`sso\n${body}`).digest('base64url');

  function seal(t: Transaction): string {
    const body = Buffer.from(JSON.stringify(t)).toString('base64url');
    return `${body}.${sign(body)}`;
  }

  function open(value: string | undefined): Transaction {
    const [body, signature] = (value ?? '').split('.');
    const expected = Buffer.from(sign(body ?? ''));
    const given = Buffer.from(signature ?? '');
    if (!body || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new SsoFailed('failed', 'no sign-on under way in this browser (or its cookie was changed)');
    const t = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Transaction;
    if (t.expires <= deps.clock.now().getTime())
      throw new SsoFailed('failed', 'the sign-on took longer than 10 minutes at the provider');
    return t;
  }

  return {
    transactionMaxAgeSec: TRANSACTION_MS / 1000,

    /** Where to send the browser, and what it must bring back (the transaction cookie's value). */
    async begin(redirectUri: string): Promise<{ url: string; transaction: string }> {
      const { client, config } = await provider();
      const verifier = client.randomPKCECodeVerifier();
      const t: Transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        expires: deps.clock.now().getTime() + TRANSACTION_MS,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: t.state,
        nonce: t.nonce,
      });
      return { url: url.href, transaction: seal(t) };
    },

    /**
     * The provider's answer: `callback` is the redirect URI with the query the browser came back
     * with. A session of the user the provider's address names, or why there is none.
     */
    async finish(
      callback: URL,
      transaction: string | undefined,
      seen: SeenFrom = {},
    ): Promise<{ started: Started } | { refusal: SsoRefusal; reason: string }> {
      try {
        return { started: await finishing(callback, transaction, seen) };
      } catch (err) {
        if (err instanceof SsoFailed) return { refusal: err.refusal, reason: err.message };
        throw err;
      }
    },
  };

  async function finishing(callback: URL, transaction: string | undefined, seen: SeenFrom): Promise<Started> {
    const t = open(transaction);
    const { client, config } = await provider();
    let tokens: Awaited<ReturnType<Client['authorizationCodeGrant']>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: t.verifier,
        expectedState: t.state,
        expectedNonce: t.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new SsoFailed('failed', `the provider's answer was refused: ${(err as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoFailed('failed', 'the provider sent no ID token');
    let { email, email_verified: verified } = claims as { email?: unknown; email_verified?: unknown };
    if (typeof email !== 'string') {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      ({ email, email_verified: verified } = info as { email?: unknown; email_verified?: unknown });
    }
    if (typeof email !== 'string' || email === '')
      throw new SsoFailed('failed', 'the provider told no e-mail address (ask for the email scope)');
    if (verified !== true) throw new SsoFailed('failed', `the provider has not verified ${email}`);
    const user = await findUserByEmail(deps.db, normalizeEmail(email));
    if (!user || user.disabled_at !== null) {
      await deps.sessions.failed(user, 'sso', seen);
      throw new SsoFailed('no-user', `no user has the address ${normalizeEmail(email)}`);
    }
    return deps.sessions.start(user, 'sso', seen);
  }
}

export type Sso = ReturnType<typeof createSso>;
