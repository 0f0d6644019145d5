/**
 * DHL Express waybill numbers: ten digits, the last one the check digit, which is the first nine
 * taken as a number modulo 7. The vendor file's test waybills (GET /tracking: 9356579890,
 * 4818240420, 5584773180 …) all satisfy it. Piece identifiers are the 20-character
 * "JD01 4600 00…" license plates (samples/shipment_response.json: JD014600001234567890).
 *
 * Each emulator instance numbers its shipments from the same start, so a fresh emulator always
 * hands out 4500000013 (serial 450000001, check digit 450000001 mod 7 = 3) first.
 */
const FIRST_SERIAL = 450_000_001;

export function checkDigit(serial: string): number {
  return Number(BigInt(serial) % 7n);
}

export function isValidWaybill(value: string): boolean {
  return /^\d{10}$/.test(value) && checkDigit(value.slice(0, 9)) === Number(value[9]);
}

/** The n-th waybill number (n from 0) of an emulator instance. */
export function waybillAt(n: number): string {
  const serial = String(FIRST_SERIAL + n);
  return `${serial}${checkDigit(serial)}`;
}

/** The piece identifier of piece `k` (from 1) of a waybill. */
export function pieceId(waybill: string, k: number): string {
  return `JD0146${String(k).padStart(4, '0')}${waybill}`;
}
