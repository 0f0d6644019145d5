/** What single sign-on's use cases are handed, once, by their face (sso.ts), and how they fail. */
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import type { Sessions } from './sessions.js';

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

export type Client = typeof import('openid-client');
export interface Provider {
  client: Client;
  config: import('openid-client').Configuration;
}

/** The deps and the provider's metadata, which the face discovers once (sso-provider.ts). */
export interface SsoState extends SsoDeps {
  provider: () => Promise<Provider>;
}

/** Why signing in by the provider ended without a session; the console says it in words. */
export type SsoRefusal = 'no-user' | 'failed';

export class SsoFailed extends Error {
  constructor(
    readonly refusal: SsoRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SsoFailed';
  }
}
