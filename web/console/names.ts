/**
 * Names where people read names: a service, packaging or label size by the words of its code
 * (`carrier_a_2_day_am` → "2 Day Am", the rule GET /meta/carrier/{slug} names them by), an account
 * by its own name.
 */
import type { Account } from './types';

/** The words of a catalog code, without its carrier's prefix. */
export function codeName(code: string, carrier?: string): string {
  const bare = carrier && code.startsWith(`${carrier}_`) ? code.slice(carrier.length + 1) : code;
  return bare
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** A catalog's codes as [code, name] options, sorted by name. */
export function namedOptions(codes: readonly string[], carrier?: string): [string, string][] {
  return codes
    .map((c): [string, string] => [c, codeName(c, carrier)])
    .sort((a, b) => a[1].localeCompare(b[1], undefined, { numeric: true }));
}

/** A label type `PDF__PAPER_4X6` as "PDF, Paper 4x6". */
export function labelTypeName(code: string): string {
  const [format, size] = code.split('__');
  return size ? `${format}, ${codeName(size)}` : format!;
}

/**
 * "Main warehouse (carrier_a, US, test) · 838457004783517": the account's name first where it has
 * one, else its carrier (by its display name when the caller has it), and always its number, so two
 * accounts never read the same.
 */
export function accountName(a: Account, carrierName: (slug: string) => string = (slug) => slug): string {
  const carrier = carrierName(a.carrier);
  const named = a.name && a.name !== a.carrier ? a.name : undefined;
  return `${named ?? carrier} (${named ? `${carrier}, ` : ''}${a.country}${a.test ? ', test' : ''}) · ${a.id}`;
}

/** An account picker's options, sorted by what they read. */
export function accountOptions(
  accounts: readonly Account[],
  carrierName?: (slug: string) => string,
): [string, string][] {
  return accounts
    .map((a): [string, string] => [a.id, accountName(a, carrierName)])
    .sort((x, y) => x[1].localeCompare(y[1], undefined, { numeric: true }));
}
