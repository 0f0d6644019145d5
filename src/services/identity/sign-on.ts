/**
 * Single sign-on's two steps: to the provider (beginSignOn), and back with its answer
 * (finishSignOn), which names the user to start a session for.
 */
import { findUserByEmail } from '../../storage/repositories/users.js';
import type { SeenFrom, Started } from './sessions-deps.js';
import { SsoFailed, type Client, type SsoRefusal, type SsoState } from './sso-deps.js';
import { openTransaction, sealTransaction, TRANSACTION_MS, type Transaction } from './sso-transaction.js';
import { normalizeEmail } from './user-view.js';

/** Where to send the browser, and what it must bring back (the transaction cookie's value). */
export async function beginSignOn(state: SsoState, redirectUri: string): Promise<{ url: string; transaction: string }> {
  const { client, config } = await state.provider();
  const verifier = client.randomPKCECodeVerifier();
  const t: Transaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    expires: state.clock.now().getTime() + TRANSACTION_MS,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: t.state,
    nonce: t.nonce,
  });
  return { url: url.href, transaction: sealTransaction(state.key, t) };
}

/**
 * The provider's answer: `callback` is the redirect URI with the query the browser came back with.
 * A session of the user the provider's address names, or why there is none.
 */
export async function finishSignOn(
  state: SsoState,
  callback: URL,
  transaction: string | undefined,
  seen: SeenFrom = {},
): Promise<{ started: Started } | { refusal: SsoRefusal; reason: string }> {
  try {
    return { started: await finishing(state, callback, transaction, seen) };
  } catch (err) {
    if (err instanceof SsoFailed) return { refusal: err.refusal, reason: err.message };
    throw err;
  }
}

async function finishing(
  state: SsoState,
  callback: URL,
  transaction: string | undefined,
  seen: SeenFrom,
): Promise<Started> {
  const t = openTransaction(state.key, transaction, state.clock.now().getTime());
  const { client, config } = await state.provider();
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
  const user = await findUserByEmail(state.db, normalizeEmail(email));
  if (!user || user.disabled_at !== null) {
    await state.sessions.failed(user, 'sso', seen);
    throw new SsoFailed('no-user', `no user has the address ${normalizeEmail(email)}`);
  }
  return state.sessions.start(user, 'sso', seen);
}
