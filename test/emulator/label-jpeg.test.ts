/**
 * JPEG labels checked by an independent baseline decoder written from ITU-T T.81 (markers, Huffman
 * tables as transmitted, IDCT): the image decodes to the PNG label's pixels, up to the blur that
 * DCT quantisation leaves at edges.
 */
import { describe, expect, it } from 'vitest';
import { labelStock, renderLabel, type LabelData } from '../../src/emulator/labels.js';
import { rasterize } from '../../src/emulator/label-raster.js';
import { layoutLabel } from '../../src/emulator/labels.js';

const ZIGZAG = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63];

function decodeJpeg(jpg: Buffer): { width: number; height: number; dpi: number; pixels: Float64Array } {
  expect([jpg[0], jpg[1]]).toEqual([0xff, 0xd8]);
  let i = 2;
  let quant: number[] = [];
  let width = 0;
  let height = 0;
  let dpi = 0;
  const tables = new Map<number, Map<string, number>>();
  for (;;) {
    expect(jpg[i]).toBe(0xff);
    const marker = jpg[i + 1]!;
    const length = jpg.readUInt16BE(i + 2);
    const p = jpg.subarray(i + 4, i + 2 + length);
    if (marker === 0xe0) dpi = p.readUInt16BE(8);
    if (marker === 0xdb) quant = [...p.subarray(1, 65)];
    if (marker === 0xc0) [height, width] = [p.readUInt16BE(1), p.readUInt16BE(3)];
    if (marker === 0xc4) {
      for (let j = 0; j < p.length; ) {
        const cls = p[j]! >> 4;
        const counts = [...p.subarray(j + 1, j + 17)];
        const total = counts.reduce((a, b) => a + b, 0);
        const values = p.subarray(j + 17, j + 17 + total);
        const table = new Map<string, number>();
        let code = 0;
        let k = 0;
        counts.forEach((n, len) => {
          for (let c = 0; c < n; c++) table.set(`${len + 1}:${code++}`, values[k++]!);
          code <<= 1;
        });
        tables.set(cls, table);
        j += 17 + total;
      }
    }
    i += 2 + length;
    if (marker === 0xda) break;
  }
  const bytes: number[] = [];
  for (let j = i; j < jpg.length - 2; j++) {
    bytes.push(jpg[j]!);
    if (jpg[j] === 0xff) j++; // stuffed zero
  }
  expect([jpg[jpg.length - 2], jpg[jpg.length - 1]]).toEqual([0xff, 0xd9]);
  let pos = 0;
  const bit = () => (bytes[pos >> 3]! >> (7 - (pos++ & 7))) & 1;
  const symbol = (cls: number) => {
    const t = tables.get(cls)!;
    for (let code = 0, len = 1; len <= 16; len++) {
      code = (code << 1) | bit();
      const v = t.get(`${len}:${code}`);
      if (v !== undefined) return v;
    }
    throw new Error('bad Huffman code');
  };
  const receive = (size: number) => {
    let v = 0;
    for (let s = 0; s < size; s++) v = (v << 1) | bit();
    return size === 0 ? 0 : v >= 1 << (size - 1) ? v : v - (1 << size) + 1;
  };
  const c = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);
  const pixels = new Float64Array(width * height);
  let dc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      const coeff = new Float64Array(64);
      dc += receive(symbol(0));
      coeff[0] = dc * quant[0]!;
      for (let k = 1; k < 64; ) {
        const s = symbol(1);
        if (s === 0) break;
        if (s === 0xf0) {
          k += 16;
          continue;
        }
        k += s >> 4;
        coeff[ZIGZAG[k]!] = receive(s & 15) * quant[k]!;
        k++;
      }
      for (let y = 0; y < 8 && by + y < height; y++) {
        for (let x = 0; x < 8 && bx + x < width; x++) {
          let v = 0;
          for (let vv = 0; vv < 8; vv++) for (let u = 0; u < 8; u++) {
            const f = coeff[vv * 8 + u]!;
            if (f !== 0) v += c(u) * c(vv) * f * Math.cos(((2 * x + 1) * u * Math.PI) / 16) * Math.cos(((2 * y + 1) * vv * Math.PI) / 16);
          }
          pixels[(by + y) * width + bx + x] = v / 4 + 128;
        }
      }
    }
  }
  // Every bit of the scan was used, up to the padding of the last byte.
  expect(bytes.length * 8 - pos).toBeLessThan(8);
  return { width, height, dpi, pixels };
}

describe('JPEG labels', () => {
  const data: LabelData = { trackingNumber: '9400100000000000000019', service: 'Priority Mail', from: ['Ann', '1 Main St'], to: ['Bob & <Sons>', 'New York NY 10001'], weight: '16 OZ', shipDate: '20261122' };

  it('decodes to the PNG label’s pixels at 200 dpi', async () => {
    const stock = labelStock(4, 6);
    const jpg = decodeJpeg(await renderLabel('JPEG', stock, data));
    expect([jpg.width, jpg.height, jpg.dpi]).toEqual([800, 1200, 200]);
    const bmp = rasterize(layoutLabel(stock, data));
    let black = 0;
    let differing = 0;
    for (let y = 0; y < bmp.height; y++) {
      for (let x = 0; x < bmp.width; x++) {
        const isBlack = ((bmp.data[y * (bmp.rowBytes + 1) + 1 + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0;
        if (isBlack) black++;
        if ((jpg.pixels[y * bmp.width + x]! < 128) !== isBlack) differing++;
      }
    }
    expect(black).toBeGreaterThan(10_000);
    expect(differing / (bmp.width * bmp.height)).toBeLessThan(0.002);
  });
});
