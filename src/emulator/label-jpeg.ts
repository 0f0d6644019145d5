/**
 * JPEG labels (baseline sequential DCT, one grayscale component, JFIF): the same 1-bit raster as
 * PNG and GIF labels, for carriers whose label APIs answer JPEG images. The encoder uses the
 * example quantisation and Huffman tables of ITU-T T.81 Annex K at full quality steps (the
 * luminance table, halved) so that bars keep sharp edges a scanner reads.
 */
import { PNG_DPI, type LabelLayout } from './label-layout.js';
import { rasterize, type Bitmap } from './label-raster.js';

export function renderJpeg(layout: LabelLayout): Buffer {
  return encodeJpeg(rasterize(layout));
}

/** T.81 Table K.1, luminance, natural order; halved (quality ≈ 75) and at least 1. */
const QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].map((q) => Math.max(1, Math.round(q / 2)));

/** Zig-zag scan position → natural position (T.81 Figure A.6). */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50,
  43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** T.81 Tables K.3 (DC) and K.5 (AC) luminance: code counts per length 1..16, then the symbols. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
  0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

interface Code {
  code: number;
  length: number;
}

/** Canonical Huffman codes from the counts per length (T.81 Annex C). */
function huffmanTable(bits: number[], values: number[]): Map<number, Code> {
  const table = new Map<number, Code>();
  let code = 0;
  let k = 0;
  bits.forEach((count, i) => {
    for (let n = 0; n < count; n++) table.set(values[k++] ?? 0, { code: code++, length: i + 1 });
    code <<= 1;
  });
  return table;
}

const DC_TABLE = huffmanTable(DC_BITS, DC_VALUES);
const AC_TABLE = huffmanTable(AC_BITS, AC_VALUES);

/** cos((2x+1)uπ/16), scaled by C(u)/2, indexed [u * 8 + x]. */
const COS = (() => {
  const t = new Float64Array(64);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) t[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  return t;
})();

class BitWriter {
  readonly bytes: number[] = [];
  #acc = 0;
  #bits = 0;

  write(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.#acc = (this.#acc << 1) | ((code >> i) & 1);
      if (++this.#bits === 8) this.#flush();
    }
  }

  #flush(): void {
    this.bytes.push(this.#acc);
    // A 0xFF in entropy-coded data is followed by a stuffed zero byte (T.81 F.1.2.3).
    if (this.#acc === 0xff) this.bytes.push(0);
    this.#acc = 0;
    this.#bits = 0;
  }

  /** Pads the last byte with 1-bits. */
  end(): void {
    while (this.#bits !== 0) this.write(1, 1);
  }
}

/** Magnitude category and the value's bits (T.81 F.1.2.1). */
function category(value: number): { size: number; bits: number } {
  const abs = Math.abs(value);
  let size = 0;
  while (abs >> size) size++;
  return { size, bits: value < 0 ? value + (1 << size) - 1 : value };
}

function put(w: BitWriter, table: Map<number, Code>, symbol: number): void {
  const c = table.get(symbol);
  if (!c) throw new Error(`JPEG symbol ${symbol} has no Huffman code`);
  w.write(c.code, c.length);
}

function pixel(bmp: Bitmap, x: number, y: number): number {
  const cx = Math.min(x, bmp.width - 1);
  const cy = Math.min(y, bmp.height - 1);
  const byte = bmp.data[cy * (bmp.rowBytes + 1) + 1 + (cx >> 3)] ?? 0xff;
  return (byte >> (7 - (cx & 7))) & 1 ? 255 : 0;
}

function encodeBlock(bmp: Bitmap, bx: number, by: number, w: BitWriter, previousDc: number): number {
  const f = new Float64Array(64);
  let uniform = true;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) {
    f[y * 8 + x] = pixel(bmp, bx + x, by + y) - 128;
    if (f[y * 8 + x] !== f[0]) uniform = false;
  }
  const coeff = new Int32Array(64);
  if (uniform) coeff[0] = Math.round(((f[0] ?? 0) * 8) / (QUANT[0] ?? 1));
  else {
    // Separable FDCT: rows, then columns.
    const rows = new Float64Array(64);
    for (let y = 0; y < 8; y++) for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += (f[y * 8 + x] ?? 0) * (COS[u * 8 + x] ?? 0);
      rows[y * 8 + u] = s;
    }
    for (let v = 0; v < 8; v++) for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += (rows[y * 8 + u] ?? 0) * (COS[v * 8 + y] ?? 0);
      coeff[v * 8 + u] = Math.round(s / (QUANT[v * 8 + u] ?? 1));
    }
  }
  const dc = coeff[0] ?? 0;
  const d = category(dc - previousDc);
  put(w, DC_TABLE, d.size);
  if (d.size > 0) w.write(d.bits, d.size);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = coeff[ZIGZAG[k] ?? 0] ?? 0;
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      put(w, AC_TABLE, 0xf0);
      run -= 16;
    }
    const a = category(v);
    put(w, AC_TABLE, (run << 4) | a.size);
    w.write(a.bits, a.size);
    run = 0;
  }
  if (run > 0) put(w, AC_TABLE, 0x00);
  return dc;
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

export function encodeJpeg(bmp: Bitmap): Buffer {
  const w = new BitWriter();
  let dc = 0;
  for (let by = 0; by < bmp.height; by += 8) for (let bx = 0; bx < bmp.width; bx += 8) dc = encodeBlock(bmp, bx, by, w, dc);
  w.end();
  const dpi = PNG_DPI;
  const header = [
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0, 0]),
    ...segment(0xdb, [0, ...ZIGZAG.map((i) => QUANT[i] ?? 1)]),
    ...segment(0xc0, [8, bmp.height >> 8, bmp.height & 0xff, bmp.width >> 8, bmp.width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  return Buffer.concat([Buffer.from(header), Buffer.from(w.bytes), Buffer.from([0xff, 0xd9])]);
}
