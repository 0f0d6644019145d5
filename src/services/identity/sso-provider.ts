/** The OpenID provider's metadata, discovered on first use through openid-client (loaded only then). */
import type { OidcSettings, Provider } from './sso-deps.js';

/** A getter of the provider, discovering it once (again after a failure). */
export function discoverProvider(settings: OidcSettings): () => Promise<Provider> {
  let configured: Promise<Provider> | undefined;
  return () => {
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
  };
}
