/**
 * A PNG read whole before any decoder is given it: its chunks within its bytes, its header's
 * values ones PNG defines, and its image data inflating to exactly the rows its header promises.
 * A carrier's label is outside input, and pdf-lib's decoder (embedPng) spun forever on a PNG cut
 * off inside its image data, holding a label thread for good. Work for a thread, not the event loop.
 */
import { inflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Channels of each colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's seven passes: first column, first row, column step, row step. */
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes the image data inflates to: each row its filter byte and its pixels' bits. */
function rawLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8)));
  if (!interlaced) return rows(width, height);
  return PASSES.reduce(
    (sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)),
    0,
  );
}

/** Why these bytes are not a whole PNG, or undefined when they are. */
export function pngProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 8 || !SIGNATURE.every((b, i) => bytes[i] === b)) return 'no PNG signature';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  let header: { width: number; height: number; bits: number; interlaced: boolean } | undefined;
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) return 'cut off before its end (no IEND chunk)';
    const length = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    if (at + 12 + length > bytes.length) return `cut off inside its ${type} chunk`;
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      if (length < 13) return 'a short IHDR chunk';
      const width = view.getUint32(at + 8);
      const height = view.getUint32(at + 12);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      const channels = CHANNELS[colour!];
      if (width === 0 || height === 0 || channels === undefined || ![1, 2, 4, 8, 16].includes(depth!) || interlace! > 1)
        return 'an IHDR chunk PNG does not define';
      header = { width, height, bits: depth! * channels, interlaced: interlace === 1 };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header) return 'no IHDR chunk';
  if (data.length === 0) return 'no image data';
  const expected = rawLength(header.width, header.height, header.bits, header.interlaced);
  let raw: Buffer;
  try {
    // Never more than the header promises: a larger stream is no more this image than a shorter.
    raw = inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  } catch (err) {
    return `image data that does not inflate (${err instanceof Error ? err.message : String(err)})`;
  }
  return raw.length === expected ? undefined : `image data of ${raw.length} bytes where its rows need ${expected}`;
}
