/**
 * Check digits of the postal number formats more than one emulated carrier hands out: the
 * Intelligent Mail package barcode (IMpb, 22 digits, Pub 199) and the UPU S10 international
 * number (two letters, eight serial digits, a check digit, the country code).
 */

/** Pub 199 mod 10: from the rightmost digit, weights 3, 1, 3, …; the check makes the sum a multiple of 10. */
export function impbCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    sum += Number(ch) * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10;
}

export function isValidImpb(value: string): boolean {
  return /^\d{22}$/.test(value) && impbCheckDigit(value.slice(0, 21)) === Number(value[21]);
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** UPU S10 check digit: weights 8 6 4 2 3 5 9 7, 11 − sum mod 11; 10 → 0, 11 → 5. */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((s, ch, i) => s + Number(ch) * (S10_WEIGHTS[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** A US-issued S10 number whose check digit matches its serial. */
export function isValidS10(value: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)US$/.exec(value);
  return m !== null && s10CheckDigit(m[1] ?? '') === Number(m[2]);
}
