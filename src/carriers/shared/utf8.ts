/**
 * Text of a UTF-8 answer, fast when it is mostly ASCII. V8 decodes ASCII at memory speed, but from
 * the first other byte on it decodes one byte at a time: a FedEx rate answer (19 KB with a ® in
 * each service name) took 55 µs to decode where ASCII of that size takes 3. Here the bytes are read
 * as Latin-1 (each byte one character, which is exact for ASCII) and only the runs of bytes from
 * 0x80 up are decoded as UTF-8. ASCII bytes never belong to a multi-byte character, so each run
 * decodes alone exactly as it would within the whole, invalid sequences included
 * (test/carriers/shared/utf8.test.ts compares the two).
 */
import { isAscii } from 'node:buffer';

const NON_ASCII = /[\x80-\xff]+/g;
const fromUtf8 = (run: string): string => Buffer.from(run, 'latin1').toString('utf8');

export function decodeUtf8(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  return isAscii(bytes) ? latin1 : latin1.replace(NON_ASCII, fromUtf8);
}
