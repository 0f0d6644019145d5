/**
 * OAuth2 client-credentials tokens, shared by all instances through the database.
 * Contract: `get` returns a token valid for at least the safety margin, calling `fetch` only when
 * needed, and never runs two fetches for one credential set at the same time (in this process or,
 * through a lease row, across processes): carriers such as carrier_d revoke the old token on refresh.
 */
export interface FetchedToken {
  access_token: string;
  /** Lifetime in seconds, as the carrier's token endpoint says. */
  expires_in: number;
}

export interface TokenStore {
  get(key: string, fetch: () => Promise<FetchedToken>): Promise<string>;
  /** Forget a token the carrier refused, so that the next `get` fetches a new one. */
  invalidate(key: string, token: string): Promise<void>;
}
