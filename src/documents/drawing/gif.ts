/**
 * GIF labels (GIF89a, a two-colour palette, LZW-compressed by omggif): the same 1-bit raster as PNG
 * labels. Carriers whose label APIs answer GIF images get a real, decodable image with the same
 * scannable barcode.
 */
import { GifWriter } from 'omggif';
import type { LabelLayout } from './layout.js';
import { pixelIndexes, rasterize } from './png.js';

/** Index 0 white, 1 black, as pixelIndexes gives them. */
const PALETTE = [0xffffff, 0x000000];

export function renderGif(layout: LabelLayout): Buffer {
  const bmp = rasterize(layout);
  // LZW never needs more than the raw pixels plus its codes' overhead; the header and trailer are small.
  const out = Buffer.alloc(bmp.width * bmp.height + 1024);
  const writer = new GifWriter(out, bmp.width, bmp.height, { palette: PALETTE });
  // omggif's types ask for number[]; it only indexes the pixels, which a Uint8Array serves.
  writer.addFrame(0, 0, bmp.width, bmp.height, pixelIndexes(bmp) as unknown as number[]);
  return out.subarray(0, writer.end());
}
