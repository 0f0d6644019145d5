/**
 * What a carrier call reads of its URL, parsed once per URL text: a carrier's few endpoints are asked
 * again and again, and parsing one (with its origin and path made) was a microsecond of every call.
 */
export interface UrlParts {
  origin: string;
  /** The path and the query. */
  path: string;
  pathname: string;
  host: string;
  hostname: string;
  port: number;
}

/** Parsed URLs kept at most (a tracking number in a path makes its own), emptied when full. */
const MAX_KEPT = 256;
const kept = new Map<string, UrlParts>();

/** The URL's parts; a text that is no URL throws as `new URL` does. */
export function urlParts(text: string): UrlParts {
  let parts = kept.get(text);
  if (parts === undefined) {
    const url = new URL(text);
    parts = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      pathname: url.pathname,
      host: url.host,
      hostname: url.hostname,
      port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    };
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(text, parts);
  }
  return parts;
}
