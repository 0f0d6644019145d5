/**
 * The API's dated versions (README "API versions"), oldest first. A caller names one in the
 * `Waybill-Version` request header; without it, the newest applies. A change that could break a
 * working caller adds a date here and keeps the older behaviour for callers that name an older one.
 */
export const API_VERSIONS = ['2026-11-26'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;
export const API_VERSION_HEADER = 'waybill-version';

export function isApiVersion(value: string): value is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(value);
}
