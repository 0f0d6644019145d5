/**
 * A merchant's logo, made safe to show on the public pages: the uploaded PNG or JPEG is decoded by
 * pure-JavaScript decoders (pngjs, jpeg-js), scaled down to fit the pages' header and written anew
 * as a PNG. What is served is then a PNG this code wrote: no metadata of the upload (a camera's
 * EXIF, a place), nothing another format could hide, and a size the pages can rely on.
 *
 * Skia (@napi-rs/canvas, used for labels) is not used here: its decoder ends the process on some
 * truncated PNGs (a signature followed by a few bytes), and these bytes come from outside.
 */
import { ApiError } from '../domain/errors.js';
import { imagePixels, type Logo } from './label-work.js';

/** The upload's bytes: a logo is small; this leaves room for a detailed one. */
export const MAX_LOGO_BYTES = 256 * 1024;
/** The upload's pixels (2,000 × 2,000): decoding needs four bytes a pixel. */
export const MAX_LOGO_PIXELS = 4_000_000;
/** What is kept: the pages show the logo at most 48 px high and 240 px wide, so three times that. */
export const LOGO_BOX = { width: 720, height: 144 } as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const invalid = (message: string) => new ApiError('schema_validation_error', message, 'logo');

export function logoType(bytes: Uint8Array): 'png' | 'jpeg' | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

/** Refuses what is not a PNG or JPEG of a logo's size, from the bytes alone (no decoding). */
export function checkLogo(bytes: Uint8Array): 'png' | 'jpeg' {
  if (bytes.byteLength > MAX_LOGO_BYTES)
    throw new ApiError(
      'payload_too_large',
      `The logo has ${bytes.byteLength} bytes; at most ${MAX_LOGO_BYTES} (256 KiB) are taken`,
      'logo',
    );
  const type = logoType(bytes);
  if (!type) throw invalid('The logo must be a PNG or JPEG image (SVG and other formats are not taken)');
  const pixels = imagePixels(bytes);
  if (pixels === undefined)
    throw invalid(`The logo is not a whole ${type.toUpperCase()} image: its size cannot be read`);
  if (pixels === 0) throw invalid('The logo has no pixels');
  if (pixels > MAX_LOGO_PIXELS)
    throw new ApiError(
      'payload_too_large',
      `The logo has ${pixels} pixels; at most ${MAX_LOGO_PIXELS} (2,000 × 2,000) are taken`,
      'logo',
    );
  return type;
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

async function decode(type: 'png' | 'jpeg', bytes: Uint8Array): Promise<Rgba> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (type === 'png') {
      const { PNG } = (await import('pngjs')).default;
      const png = PNG.sync.read(buf);
      return { width: png.width, height: png.height, data: png.data };
    }
    const jpeg = (await import('jpeg-js')).default;
    const img = jpeg.decode(buf, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_LOGO_PIXELS / 1e6,
      maxMemoryUsageInMB: 64,
    });
    return { width: img.width, height: img.height, data: img.data };
  } catch (err) {
    throw invalid(`The logo is not a readable ${type.toUpperCase()} image: ${(err as Error).message}`);
  }
}

/**
 * The image shrunk to fit `box` (never enlarged), each new pixel the average of the source pixels
 * it covers, weighted by their opacity so that transparent edges do not darken.
 */
export function fitInto(src: Rgba, box: { width: number; height: number }): Rgba {
  const scale = Math.min(1, box.width / src.width, box.height / src.height);
  if (scale === 1) return src;
  const width = Math.max(1, Math.round(src.width * scale));
  const height = Math.max(1, Math.round(src.height * scale));
  const out = new Uint8Array(width * height * 4);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0,
        g = 0,
        b = 0,
        a = 0,
        n = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * src.width + xx) * 4;
          const alpha = src.data[i + 3]!;
          r += src.data[i]! * alpha;
          g += src.data[i + 1]! * alpha;
          b += src.data[i + 2]! * alpha;
          a += alpha;
          n++;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, data: out };
}

/** The upload checked, decoded, fitted into LOGO_BOX and written as a new PNG. */
export async function normaliseLogo(bytes: Uint8Array): Promise<Logo> {
  const type = checkLogo(bytes);
  const image = fitInto(await decode(type, bytes), LOGO_BOX);
  const { PNG } = (await import('pngjs')).default;
  const png = PNG.sync.write(
    {
      width: image.width,
      height: image.height,
      data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    } as never,
    { colorType: 6 },
  );
  return {
    bytes: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
    width: image.width,
    height: image.height,
  };
}
