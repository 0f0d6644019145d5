/**
 * JPEG labels checked by an independent decoder (jpeg-js, not the encoder's Skia): the image decodes
 * to the PNG label's pixels, up to the blur that DCT quantisation leaves at edges, and its JFIF
 * header gives the raster's 200 dpi.
 */
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { labelStock, layoutLabel, renderLabel, type LabelData } from '../../src/documents/drawing/labels.js';
import { rasterize } from '../../src/documents/drawing/png.js';

/** Size, JFIF density (dots per inch) and one grey level per pixel. */
function decodeJpeg(jpg: Buffer): { width: number; height: number; dpi: number; pixels: Uint8Array } {
  expect([jpg[0], jpg[1], jpg[2], jpg[3]]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
  expect(jpg.toString('latin1', 6, 11)).toBe('JFIF\0');
  expect(jpg[13]).toBe(1);
  const image = jpeg.decode(jpg, { useTArray: true });
  const pixels = new Uint8Array(image.width * image.height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = image.data[i * 4]!;
  return { width: image.width, height: image.height, dpi: jpg.readUInt16BE(14), pixels };
}

describe('JPEG labels', () => {
  const data: LabelData = {
    trackingNumber: '9400100000000000000019',
    service: 'Priority Mail',
    from: ['Ann', '1 Main St'],
    to: ['Bob & <Sons>', 'New York NY 10001'],
    weight: '16 OZ',
    shipDate: '20261122',
  };

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
        if (jpg.pixels[y * bmp.width + x]! < 128 !== isBlack) differing++;
      }
    }
    expect(black).toBeGreaterThan(10_000);
    expect(differing / (bmp.width * bmp.height)).toBeLessThan(0.002);
  });
});
