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
  return codes.map((c) => [c, codeName(c, carrier)] as [string, string]).sort((a, b) => a[1].localeCompare(b[1], undefined, { numeric: true }));
}

/** A label type `PDF__PAPER_4X6` as "PDF, Paper 4x6". */
export function labelTypeName(code: string): string {
  const [format, size] = code.split('__');
  return size ? `${format}, ${codeName(size)}` : format!;
}

/** "Main warehouse (carrier_a, US, test)": the account's name first where it has one, else its carrier. */
export function accountName(a: Account): string {
  const named = a.name && a.name !== a.carrier ? a.name : undefined;
  return `${named ?? a.carrier} (${named ? `${a.carrier}, ` : ''}${a.country}${a.test ? ', test' : ''})`;
}

/**
 * An account picker's options, sorted by what they read; accounts that would read the same (two
 * unnamed ones of a carrier and country) end in their number's last digits.
 */
export function accountOptions(accounts: readonly Account[]): [string, string][] {
  const names = accounts.map(accountName);
  return accounts
    .map((a, i) => [a.id, names.filter((n) => n === names[i]).length > 1 ? `${names[i]} · …${a.id.slice(-4)}` : names[i]!] as [string, string])
    .sort((x, y) => x[1].localeCompare(y[1], undefined, { numeric: true }));
}
