/**
 * The id of a request that brought none of its own: a random (version 4) UUID, as
 * `crypto.randomUUID()` makes it, from the same source (128 at a time from the system's random
 * generator), but written into one buffer and read out as one string. `randomUUID` joins its 36
 * characters from 20 pieces, which a cached /track paid for with some 500 bytes of short-lived
 * strings a request (bench/README.md).
 */
import { randomFillSync } from 'node:crypto';

const BATCH = 128;
const random = Buffer.alloc(16 * BATCH);
const text = Buffer.alloc(36);
const HEX = Buffer.from('0123456789abcdef', 'latin1');
let used = BATCH;

export function newRequestId(): string {
  if (used === BATCH) {
    randomFillSync(random);
    used = 0;
  }
  const at = 16 * used++;
  let o = 0;
  for (let i = 0; i < 16; i++) {
    let byte = random[at + i]!;
    // The version (4) and the variant (10xx), as RFC 9562 has them for random UUIDs.
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    else if (i === 8) byte = (byte & 0x3f) | 0x80;
    if (i === 4 || i === 6 || i === 8 || i === 10) text[o++] = 0x2d;
    text[o++] = HEX[byte >> 4]!;
    text[o++] = HEX[byte & 0x0f]!;
  }
  return text.toString('latin1', 0, 36);
}
