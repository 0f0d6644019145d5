/**
 * HTTP Basic as the carriers that use it read it: `Authorization: Basic base64(user:password)`,
 * both parts non-empty. Anything else is no pair, which each carrier refuses in its own words.
 */
export function basicPair(header: string | undefined): { user: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
