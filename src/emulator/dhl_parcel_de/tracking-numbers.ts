/**
 * DHL Parcel Germany's numbers: a DHL Paket shipment number of 12 digits (11 serial digits and a
 * check digit: from the right, weights 4 and 9 alternating, the check completing the sum to a
 * multiple of 10), and for Warenpost International a UPU S10 number ending in DE. Each emulator
 * instance numbers from the same start, so a fresh emulator hands out the same numbers.
 */
import { s10CheckDigit } from '../check-digits.js';

const FIRST_SERIAL = 340_434_310_00;

export function paketCheckDigit(serial: string): number {
  let sum = 0;
  [...serial].reverse().forEach((ch, i) => {
    sum += Number(ch) * (i % 2 === 0 ? 4 : 9);
  });
  return (10 - (sum % 10)) % 10;
}

export function isValidPaketNumber(value: string): boolean {
  return /^\d{12}$/.test(value) && paketCheckDigit(value.slice(0, 11)) === Number(value[11]);
}

/** The n-th DHL Paket number (n from 0). */
export function paketNumberAt(n: number): string {
  const serial = String(FIRST_SERIAL + n);
  return `${serial}${paketCheckDigit(serial)}`;
}

/** The n-th Warenpost International number: CD, eight serial digits, the S10 check digit, DE. */
export function s10NumberAt(n: number): string {
  const serial = String(53_012_355 + n).padStart(8, '0');
  return `CD${serial}${s10CheckDigit(serial)}DE`;
}
