/**
 * Australia Post's numbers as the emulator hands them out. An eParcel consignment id is the
 * merchant's three-character prefix and seven digits (2JD5418133); each article id is the
 * consignment id, the item's five-digit sequence and a mod-10 check digit over its digits
 * (16 letters and digits, inside the 10–23 the Tracking API takes). Shipment and item ids are
 * 24-character opaque ids, orders AP and ten digits (AP0000002422).
 */
const PREFIX = '3WB';
const FIRST_CONSIGNMENT = 5_400_001;

/** Weights 3 and 1 alternating from the right over the digits (letters count as 0), as GS1 does. */
export function checkDigit(body: string): number {
  const digits = [...body].map((c) => (/\d/.test(c) ? Number(c) : 0)).reverse();
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidArticleId(value: string): boolean {
  return /^[A-Z0-9]{16}$/.test(value) && checkDigit(value.slice(0, 15)) === Number(value[15]);
}

export function consignmentAt(n: number): string {
  return `${PREFIX}${String(FIRST_CONSIGNMENT + n).padStart(7, '0')}`;
}

/** The article id of item `k` (from 1) of a consignment. */
export function articleId(consignment: string, k: number): string {
  const body = `${consignment}${String(k).padStart(5, '0')}`;
  return `${body}${checkDigit(body)}`;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 24-character id that reads like Australia Post's, deterministic per kind and number. */
export function opaqueId(kind: string, n: number): string {
  let x = BigInt(n + 1) * 2654435761n + BigInt([...kind].reduce((s, c) => s * 31 + c.charCodeAt(0), 7));
  let out = '';
  for (let i = 0; i < 24; i++) {
    out += ID_ALPHABET[Number(x % 62n)];
    x = x / 62n + BigInt(i * 977 + n);
  }
  return out;
}

export function orderIdAt(n: number): string {
  return `AP${String(2_422 + n).padStart(10, '0')}`;
}

/** A label request id in the UUID form of the samples. */
export function labelRequestId(n: number): string {
  const hex = (n + 0x1a2b3c).toString(16).padStart(12, '0');
  return `c2991876-9596-42ed-aed3-${hex}`;
}
