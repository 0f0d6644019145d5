/**
 * carrier_b tracking numbers in UPS's 1Z form: "1Z", the 6-character shipper number, a 2-digit
 * service code, a 7-digit package reference and the check digit (18 characters). The check digit is
 * UPS's mod 10 over characters 3–17: letters count as (char code − 63) mod 10, every second
 * character is doubled, and the digit is what brings the sum to a multiple of 10. The recorded
 * number 1Z023E2X0214323462 (fixtures/tracking_TrackingResponseJSON.json) satisfies it.
 */
export function checkDigit(body: string): number {
  let sum = 0;
  [...body].forEach((ch, i) => {
    const n = /\d/.test(ch) ? Number(ch) : (ch.toUpperCase().charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? n * 2 : n;
  });
  return (10 - (sum % 10)) % 10;
}

export function isValidTrackingNumber(value: string): boolean {
  return /^1Z[0-9A-Z]{16}$/.test(value) && checkDigit(value.slice(2, 17)) === Number(value[17]);
}

/** The 6-character shipper number UPS prints in 1Z numbers: the account's first six alphanumerics. */
export function shipperPart(accountNumber: string): string {
  return (accountNumber.toUpperCase().replace(/[^0-9A-Z]/g, '') + '000000').slice(0, 6);
}

/** The n-th package number (n from 0) of an emulator instance for an account and service. */
export function trackingNumberAt(n: number, accountNumber: string, serviceCode: string): string {
  const service = /^\d{2}$/.test(serviceCode) ? serviceCode : '90';
  const body = `${shipperPart(accountNumber)}${service}${String(1_000_001 + n).padStart(7, '0')}`;
  return `1Z${body}${checkDigit(body)}`;
}
