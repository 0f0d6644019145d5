/**
 * Text of a UTF-8 answer, fast when it is mostly ASCII. V8 decodes ASCII at memory speed, but from
 * the first other byte on it decodes one byte at a time: a FedEx rate answer (19 KB with a ® in
 * each service name) took 55 µs to decode where ASCII of that size takes 3.
 *
 * Carriers' answers are ASCII with now and then a Latin-1 letter or sign (®, é, ü), two bytes in
 * UTF-8, led by 0xC2 or 0xC3: those pairs are found with indexOf (memchr), the ASCII between them
 * checked with isAscii and read as Latin-1 (each byte one character, exact for ASCII). Anything
 * else (other scripts, invalid sequences) is decoded as Latin-1 with each run of bytes from 0x80 up
 * decoded as UTF-8: ASCII bytes never belong to a multi-byte character, so each run decodes alone
 * exactly as it would within the whole, invalid sequences included. Both give exactly what
 * Buffer#toString('utf8') gives (test/carriers/shared/utf8.test.ts compares them).
 */
import { isAscii } from 'node:buffer';

const NON_ASCII = /[\x80-\xff]+/g;
const fromUtf8 = (run: string): string => Buffer.from(run, 'latin1').toString('utf8');

/** Answers up to this size are compacted in one buffer kept for the purpose; a larger one gets its own. */
const SCRATCH_BYTES = 64 * 1024;
let scratch: Buffer | undefined;

/**
 * The text when its only non-ASCII characters are Latin-1 pairs (0xC2/0xC3 and a continuation byte),
 * else undefined. Each pair is written as its one Latin-1 byte and the ASCII between is copied, into
 * one buffer read once as Latin-1: one flat string, where joining the pieces made a string of many
 * parts (a 19 KB FedEx answer: 20 KB more of garbage a call, and JSON.parse copied it flat again).
 */
function asciiWithLatin1Pairs(bytes: Buffer): string | undefined {
  const out =
    bytes.length > SCRATCH_BYTES
      ? Buffer.allocUnsafe(bytes.length)
      : (scratch ??= Buffer.allocUnsafeSlow(SCRATCH_BYTES));
  let length = 0;
  let from = 0;
  let c2 = bytes.indexOf(0xc2);
  let c3 = bytes.indexOf(0xc3);
  for (;;) {
    const at = c2 < 0 ? c3 : c3 < 0 ? c2 : Math.min(c2, c3);
    const end = at < 0 ? bytes.length : at;
    if (!isAscii(bytes.subarray(from, end))) return undefined;
    length += bytes.copy(out, length, from, end);
    if (at < 0) return out.toString('latin1', 0, length);
    const next = bytes[at + 1];
    if (next === undefined || (next & 0xc0) !== 0x80) return undefined;
    out[length++] = ((bytes[at]! & 0x1f) << 6) | (next & 0x3f);
    from = at + 2;
    if (at === c2) c2 = bytes.indexOf(0xc2, from);
    else c3 = bytes.indexOf(0xc3, from);
  }
}

export function decodeUtf8(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  return asciiWithLatin1Pairs(bytes) ?? bytes.toString('latin1').replace(NON_ASCII, fromUtf8);
}
