/**
 * PINs in Canada Post's formats: domestic and U.S. parcels a 16-digit number (a 7-digit header, an
 * 8-digit sequence and a mod 10 check digit, here with the weights 3 and 1 from the right as the
 * emulator's other carriers use), Tracked and Small Packet items a UPU S10 number ending in CA.
 */
import { impbCheckDigit, s10CheckDigit } from '../check-digits.js';

/** The header of the emulator's 16-digit PINs (the shape of a customer's own). */
const HEADER = '7023210';

/** The n-th 16-digit PIN of an emulator instance (from 0). */
export function parcelPin(n: number): string {
  const body = `${HEADER}${String(10_000_000 + n).slice(-8)}`;
  return `${body}${impbCheckDigit(body)}`;
}

/** The n-th S10 number of an emulator instance with its service's two letters. */
export function s10Pin(prefix: string, n: number): string {
  const serial = String(40_000_000 + n).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}CA`;
}
