/**
 * GIF labels (GIF89a, two-colour palette, LZW-compressed): the same 1-bit raster as PNG labels.
 * Carriers whose label APIs answer GIF images get a real, decodable image with the same scannable
 * barcode.
 */
import { rasterize, type Bitmap } from './label-raster.js';
import type { LabelLayout } from './label-layout.js';

export function renderGif(layout: LabelLayout): Buffer {
  return encodeGif(rasterize(layout));
}

const MIN_CODE_SIZE = 2; // the smallest the format allows, for a 2-colour image
const MAX_CODE = 4095;

/** Variable-width LZW codes, least significant bit first (GIF89a appendix F). */
function lzw(pixels: Uint8Array): Buffer {
  const clear = 1 << MIN_CODE_SIZE;
  const end = clear + 1;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let size = MIN_CODE_SIZE + 1;
  const emit = (code: number): void => {
    acc |= code << bits;
    bits += size;
    while (bits >= 8) {
      out.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  };
  let table = new Map<number, number>();
  let next = end + 1;
  emit(clear);
  let prefix = pixels[0] ?? 0;
  for (let i = 1; i < pixels.length; i++) {
    const px = pixels[i] ?? 0;
    const key = prefix * 4 + px;
    const known = table.get(key);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    emit(prefix);
    if (next <= MAX_CODE) {
      table.set(key, next++);
      // The decoder widens one code later than the encoder adds the entry that needs it.
      if (next - 1 === 1 << size && size < 12) size++;
    } else {
      emit(clear);
      table = new Map();
      next = end + 1;
      size = MIN_CODE_SIZE + 1;
    }
    prefix = px;
  }
  emit(prefix);
  emit(end);
  if (bits > 0) out.push(acc & 0xff);
  return Buffer.from(out);
}

function subBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const block = data.subarray(i, i + 255);
    parts.push(Buffer.from([block.length]), block);
  }
  parts.push(Buffer.from([0]));
  return Buffer.concat(parts);
}

function encodeGif(bmp: Bitmap): Buffer {
  const pixels = new Uint8Array(bmp.width * bmp.height);
  for (let y = 0; y < bmp.height; y++) {
    for (let x = 0; x < bmp.width; x++) pixels[y * bmp.width + x] = bmp.isSet(x, y) ? 1 : 0;
  }
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(bmp.width, 0);
  screen.writeUInt16LE(bmp.height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  // Pixel aspect ratio byte 0: square pixels; the resolution travels in the carrier's own fields.
  const palette = Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]); // index 0 white, 1 black
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(bmp.width, 5);
  descriptor.writeUInt16LE(bmp.height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    screen,
    palette,
    descriptor,
    Buffer.from([MIN_CODE_SIZE]),
    subBlocks(lzw(pixels)),
    Buffer.from([0x3b]),
  ]);
}

