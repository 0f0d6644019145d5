/**
 * Masking, done here once for every entry: a member whose name says it holds a secret (credentials,
 * webhook secrets, keys, passwords, tokens) is replaced whole, whatever it holds, so a secret never
 * reaches the log even when a carrier's credential member has an unusual name inside `credentials`.
 * A URL's secret query values are masked too: a webhook endpoint's `?token=` is its receiver's key.
 */
import { isSecretName, loggedUrl, REDACTED } from '../../foundations/logger.js';

export const MASK = '••••';

/** A URL: its secret-named query values (`?token=`, `?key=`) are masked, the rest kept (a webhook's host says where it goes). */
const URL_START = /^https?:\/\//i;

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (typeof value === 'string' && URL_START.test(value)) return loggedUrl(value).replaceAll(REDACTED, MASK);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = v === undefined ? undefined : isSecretName(k) ? MASK : maskSecrets(v);
  return out;
}
