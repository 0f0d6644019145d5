/**
 * JPEG labels: the same 1-bit raster as PNG and GIF labels, encoded by Skia (@napi-rs/canvas, which
 * the label rasteriser already uses) at a quality that keeps bars sharp enough to scan, with the
 * JFIF density set to the raster's dots per inch so that a label prints at its stock's size.
 */
import { PNG_DPI, type LabelLayout } from './layout.js';
import { pixelIndexes, rasterize } from './png.js';

const QUALITY = 90;

/** Loaded with the first JPEG label, not at start (the native canvas is large). */
let canvasModule: Promise<typeof import('@napi-rs/canvas')> | undefined;

export async function renderJpeg(layout: LabelLayout): Promise<Buffer> {
  const { createCanvas } = await (canvasModule ??= import('@napi-rs/canvas'));
  const bmp = rasterize(layout);
  const canvas = createCanvas(bmp.width, bmp.height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(bmp.width, bmp.height);
  const black = pixelIndexes(bmp);
  for (let i = 0; i < black.length; i++) {
    const v = black[i] ? 0 : 255;
    image.data.set([v, v, v, 255], i * 4);
  }
  ctx.putImageData(image, 0, 0);
  return withDensity(canvas.encodeSync('jpeg', QUALITY), PNG_DPI);
}

/** The JFIF APP0 segment's density, in dots per inch (Skia writes an aspect ratio only). */
function withDensity(jpeg: Buffer, dpi: number): Buffer {
  const isJfif = jpeg.readUInt16BE(2) === 0xffe0 && jpeg.toString('latin1', 6, 11) === 'JFIF\0';
  if (!isJfif) throw new Error('the JPEG encoder wrote no JFIF header');
  jpeg[13] = 1;
  jpeg.writeUInt16BE(dpi, 14);
  jpeg.writeUInt16BE(dpi, 16);
  return jpeg;
}
