/**
 * Tracking numbers in carrier_d's formats (PROTOCOL.md §5): domestic labels carry a 22-digit IMpb
 * PIC (`9400…`, mod 10 check digit with weights 3 and 1 from the right, as USPS publishes for
 * IMpb), international ones a UPU S10 number (`HJ260263968US`: two letters, eight serial digits,
 * the S10 check digit with weights 8 6 4 2 3 5 9 7, `US`).
 */

/** The IMpb check digit of the digits before it. */
export function impbCheckDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((ch, i) => {
    sum += Number(ch) * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10;
}

export function isValidImpb(value: string): boolean {
  return /^\d{22}$/.test(value) && impbCheckDigit(value.slice(0, 21)) === Number(value[21]);
}

/** The n-th domestic PIC of an emulator instance (from 0). */
export function impbNumber(n: number): string {
  const body = `94001${String(1_000_000_000_000_000 + n).slice(-16)}`;
  return `${body}${impbCheckDigit(body)}`;
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((s, ch, i) => s + Number(ch) * (S10_WEIGHTS[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export function isValidS10(value: string): boolean {
  return /^[A-Z]{2}\d{9}US$/.test(value) && s10CheckDigit(value.slice(2, 10)) === Number(value[10]);
}

/** The n-th international number of an emulator instance with its service prefix. */
export function s10Number(prefix: string, n: number): string {
  const serial = String(26_000_000 + n).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}US`;
}
