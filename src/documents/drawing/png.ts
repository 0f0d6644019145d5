/**
 * PNG labels: the shared layout drawn into a 1-bit raster at 200 dpi (4×6 in → 800×1200 px) and
 * encoded as a grayscale PNG (bit depth 1) with a pHYs chunk carrying the resolution. Text uses a
 * built-in 5×7 bitmap font scaled by whole pixels, so no font files or canvas library are needed;
 * the Code 128 bars come from the same bwip-js encoding as the other formats, snapped to whole
 * pixels per module so that scanners read them.
 */
import { deflateSync } from 'node:zlib';
import { CHAR_ADVANCE, PNG_DPI, type LabelLayout } from './layout.js';

/** 5×7 glyphs, one hex byte per row (bit 4 = leftmost column); lowercase prints as uppercase. */
const GLYPHS: Record<string, string> = {
  ' ': '00000000000000',
  '!': '04040404040004',
  '"': '0a0a0a00000000',
  '#': '0a0a1f0a1f0a0a',
  $: '040f140e051e04',
  '%': '18190204081303',
  '&': '0c12140815120d',
  "'": '0c040800000000',
  '(': '02040808080402',
  ')': '08040202020408',
  '*': '0004150e150400',
  '+': '0004041f040400',
  ',': '000000000c0408',
  '-': '0000001f000000',
  '.': '00000000000c0c',
  '/': '00010204081000',
  '0': '0e11131519110e',
  '1': '040c040404040e',
  '2': '0e11010204081f',
  '3': '1f02040201110e',
  '4': '02060a121f0202',
  '5': '1f101e0101110e',
  '6': '0608101e11110e',
  '7': '1f010204080808',
  '8': '0e11110e11110e',
  '9': '0e11110f01020c',
  ':': '000c0c000c0c00',
  ';': '000c0c000c0408',
  '<': '02040810080402',
  '=': '00001f001f0000',
  '>': '08040201020408',
  '?': '0e110102040004',
  '@': '0e11010d15150e',
  A: '0e1111111f1111',
  B: '1e11111e11111e',
  C: '0e11101010110e',
  D: '1c12111111121c',
  E: '1f10101e10101f',
  F: '1f10101e101010',
  G: '0e11101711110f',
  H: '1111111f111111',
  I: '0e04040404040e',
  J: '0702020202120c',
  K: '11121418141211',
  L: '1010101010101f',
  M: '111b1515111111',
  N: '11111915131111',
  O: '0e11111111110e',
  P: '1e11111e101010',
  Q: '0e11111115120d',
  R: '1e11111e141211',
  S: '0f10100e01011e',
  T: '1f040404040404',
  U: '1111111111110e',
  V: '11111111110a04',
  W: '1111111515150a',
  X: '11110a040a1111',
  Y: '1111110a040404',
  Z: '1f01020408101f',
  '[': '0e08080808080e',
  '\\': '00100804020100',
  ']': '0e02020202020e',
  '^': '040a1100000000',
  _: '0000000000001f',
  '`': '08040200000000',
  '{': '02040408040402',
  '|': '04040404040404',
  '}': '08040402040408',
  '~': '00000d12000000',
};

function glyphRows(ch: string): number[] {
  const hex = GLYPHS[ch.toUpperCase()] ?? GLYPHS['?'] ?? '';
  const rows: number[] = [];
  for (let i = 0; i < 14; i += 2) rows.push(parseInt(hex.slice(i, i + 2), 16));
  return rows;
}

/**
 * A 1-bit image kept directly in PNG scanline layout (a filter byte, then 8 pixels per byte, 1 =
 * white), so encoding is one deflate call and filling a span clears whole bytes at a time.
 */
export class Bitmap {
  readonly rowBytes: number;
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rowBytes = Math.ceil(width / 8);
    this.data = Buffer.alloc((this.rowBytes + 1) * height, 0xff);
    for (let y = 0; y < height; y++) this.data[y * (this.rowBytes + 1)] = 0;
  }

  fill(x: number, y: number, w: number, h: number): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0) return;
    for (let row = y0; row < y1; row++) {
      const base = row * (this.rowBytes + 1) + 1;
      let px = x0;
      while (px < x1 && px & 7) this.clear(base, px++);
      const fullEnd = x1 & ~7;
      if (px < fullEnd) {
        this.data.fill(0, base + (px >> 3), base + (fullEnd >> 3));
        px = fullEnd;
      }
      while (px < x1) this.clear(base, px++);
    }
  }

  /** Whether the pixel is black. */
  isSet(x: number, y: number): boolean {
    return (((this.data[y * (this.rowBytes + 1) + 1 + (x >> 3)] ?? 0xff) >> (7 - (x & 7))) & 1) === 0;
  }

  private clear(base: number, px: number): void {
    const at = base + (px >> 3);
    this.data[at] = (this.data[at] ?? 0) & ~(0x80 >> (px & 7));
  }

  /** Text whose em box starts at (x, y) and is `size` px high; returns nothing, clips at edges. */
  text(x: number, y: number, size: number, value: string, bold: boolean, anchor: 'start' | 'middle'): void {
    const scale = Math.max(1, Math.round((size * 0.7) / 7));
    const advance = Math.max(6 * scale, Math.round(size * CHAR_ADVANCE));
    const start = anchor === 'middle' ? x - (advance * value.length) / 2 : x;
    const top = y + Math.max(0, Math.round((size - 7 * scale) / 2));
    [...value].forEach((ch, i) => {
      const left = Math.round(start + i * advance);
      glyphRows(ch).forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col)) this.fill(left + col * scale, top + row * scale, scale + (bold ? 1 : 0), scale);
        }
      });
    });
  }
}

/** One byte per pixel, 1 for black and 0 for white, row by row: what image encoders take. */
export function pixelIndexes(bmp: Bitmap): Uint8Array {
  const out = new Uint8Array(bmp.width * bmp.height);
  for (let y = 0; y < bmp.height; y++) {
    const base = y * (bmp.rowBytes + 1) + 1;
    for (let x = 0; x < bmp.width; x++)
      out[y * bmp.width + x] = ((bmp.data[base + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0 ? 1 : 0;
  }
  return out;
}

export function renderPng(layout: LabelLayout): Buffer {
  return encodePng(rasterize(layout));
}

/** The layout drawn at PNG_DPI; other raster formats (GIF) encode the same pixels. */
export function rasterize(layout: LabelLayout): Bitmap {
  const { stock, ops } = layout;
  const bmp = new Bitmap(Math.round(stock.widthIn * PNG_DPI), Math.round(stock.heightIn * PNG_DPI));
  for (const op of ops) {
    if (op.kind === 'rect')
      bmp.fill(op.x * PNG_DPI, op.y * PNG_DPI, Math.max(1, op.w * PNG_DPI), Math.max(1, op.h * PNG_DPI));
    else if (op.kind === 'text')
      bmp.text(op.x * PNG_DPI, op.y * PNG_DPI, op.size * PNG_DPI, op.text, op.bold, op.anchor);
    else {
      const total = op.bars.reduce((a, b) => a + b, 0);
      const module = Math.max(1, Math.floor((op.w * PNG_DPI) / total));
      let x = Math.round(op.x * PNG_DPI + (op.w * PNG_DPI - module * total) / 2);
      op.bars.forEach((width, i) => {
        if (i % 2 === 0) bmp.fill(x, op.y * PNG_DPI, width * module, op.h * PNG_DPI);
        x += width * module;
      });
    }
  }
  return bmp;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** PNG (RFC 2083): grayscale, bit depth 1, where a 0 bit is black; every row uses filter 0. */
function encodePng(bmp: Bitmap): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(bmp.width, 0);
  header.writeUInt32BE(bmp.height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const phys = Buffer.alloc(9);
  const perMetre = Math.round(PNG_DPI / 0.0254);
  phys.writeUInt32BE(perMetre, 0);
  phys.writeUInt32BE(perMetre, 4);
  phys[8] = 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('pHYs', phys),
    chunk('IDAT', deflateSync(bmp.data)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
