/**
 * Tracking numbers in carrier_d's formats (src/carriers/carrier_d_reseller/README.md §5): domestic labels carry a 22-digit IMpb
 * PIC (`9400…`, mod 10 check digit with weights 3 and 1 from the right, as USPS publishes for
 * IMpb), international ones a UPU S10 number (`HJ260263968US`: two letters, eight serial digits,
 * the S10 check digit with weights 8 6 4 2 3 5 9 7, `US`); both check digits in check-digits.ts.
 */
import { impbCheckDigit, s10CheckDigit } from '../check-digits.js';

/** The n-th domestic PIC of an emulator instance (from 0). */
export function impbNumber(n: number): string {
  const body = `94001${String(1_000_000_000_000_000 + n).slice(-16)}`;
  return `${body}${impbCheckDigit(body)}`;
}

/** The n-th international number of an emulator instance with its service prefix. */
export function s10Number(prefix: string, n: number): string {
  const serial = String(26_000_000 + n).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}US`;
}
