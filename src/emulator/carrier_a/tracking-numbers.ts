/**
 * carrier_a tracking numbers in FedEx Express's 12-digit form: 11 serial digits and a check digit.
 * The check digit is FedEx's mod 11: the serial digits, from the right, are weighted 1, 3, 7, 1, 3, 7…,
 * the sum is taken mod 11 and then mod 10 (so a remainder of 10 gives 0). The recorded intl booking
 * (fixtures/shipment_IntlShipmentResponse.json: 794791341818, 794791341829, 794791341830) satisfies it.
 *
 * Each emulator instance numbers its packages from the same start, so a fresh emulator always
 * hands out 794900000019 (serial 79490000001 + check digit 9) first, then the next serials.
 */
const WEIGHTS = [1, 3, 7] as const;
const FIRST_SERIAL = 79_490_000_001;

export function checkDigit(serial: string): number {
  let sum = 0;
  [...serial].reverse().forEach((ch, i) => {
    sum += Number(ch) * (WEIGHTS[i % 3] ?? 1);
  });
  return (sum % 11) % 10;
}

export function isValidTrackingNumber(value: string): boolean {
  return /^\d{12}$/.test(value) && checkDigit(value.slice(0, 11)) === Number(value[11]);
}

/** The n-th tracking number (n from 0) of an emulator instance. */
export function trackingNumberAt(n: number): string {
  const serial = String(FIRST_SERIAL + n);
  return `${serial}${checkDigit(serial)}`;
}

/** "7949 0000 0011", the grouping FedEx prints on labels. */
export function groupTrackingNumber(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}
