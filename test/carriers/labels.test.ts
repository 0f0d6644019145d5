/**
 * Label tools on real documents built in the test: PDFs with pdf-lib, PNGs assembled chunk by chunk
 * (signature, IHDR, optional pHYs, IDAT deflated with zlib, IEND), a JFIF JPEG header.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { combineLabels, labelContentType, mergePdfs } from '../../src/documents/labels.js';

async function pdf(sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return doc.save();
}

async function pageSizes(bytes: Uint8Array): Promise<[number, number][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A grey-scale 8-bit PNG of the given size, optionally stating its resolution in pHYs. */
function png(width: number, height: number, dpi?: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey-scale
  const rows = Buffer.alloc((width + 1) * height, 0xff);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte: none
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (dpi !== undefined) {
    const phys = Buffer.alloc(9);
    const perMetre = Math.round(dpi / 0.0254);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1; // metre
    parts.push(chunk('pHYs', phys));
  }
  parts.push(chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)));
  return new Uint8Array(Buffer.concat(parts));
}

/** The headers pdf-lib reads from a JPEG (SOI, JFIF APP0 with density, SOF0), then EOI. */
function jpeg(width: number, height: number, dpi: number): Uint8Array {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x01,
    dpi >> 8,
    dpi & 0xff,
    dpi >> 8,
    dpi & 0xff,
    0x00,
    0x00,
  ]);
  const sof0 = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x11,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]));
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('mergePdfs', () => {
  it('keeps every page of every file, in order', async () => {
    const merged = await mergePdfs([
      await pdf([[100, 100]]),
      await pdf([
        [200, 300],
        [400, 500],
      ]),
    ]);
    expect(await pageSizes(merged)).toEqual([
      [100, 100],
      [200, 300],
      [400, 500],
    ]);
  });

  it('names the file that is not a PDF', async () => {
    const err = await rejection(mergePdfs([await pdf([[100, 100]]), new TextEncoder().encode('hello, not a pdf')]));
    expect(err.code).toBe('schema_validation_error');
    expect(err.message).toContain('File 1');
    expect(err.detail).toBe('files[1]');
  });

  it('refuses a damaged PDF with a header and nothing readable', async () => {
    const err = await rejection(mergePdfs([new TextEncoder().encode('%PDF-1.7\n%garbage only\n')]));
    expect(err.detail).toBe('files[0]');
  });

  it('refuses an empty list', async () => {
    expect((await rejection(mergePdfs([]))).code).toBe('schema_validation_error');
  });
});

describe('combineLabels', () => {
  it('merges PDF labels', async () => {
    const out = await combineLabels('PDF__4x6', [await pdf([[288, 432]]), await pdf([[288, 432]])]);
    expect(out.format).toBe('PDF');
    expect(await pageSizes(out.bytes)).toEqual([
      [288, 432],
      [288, 432],
    ]);
  });

  it('concatenates ZPL streams as they are', async () => {
    const a = new TextEncoder().encode('^XA^FO50,50^FDone^FS^XZ\n');
    const b = new TextEncoder().encode('^XA^FO50,50^FDtwo^FS^XZ\n');
    const out = await combineLabels('zplii', [a, b]);
    expect(out.format).toBe('ZPLII');
    expect(new TextDecoder().decode(out.bytes)).toBe('^XA^FO50,50^FDone^FS^XZ\n^XA^FO50,50^FDtwo^FS^XZ\n');
  });

  it('puts a line break between EPL labels that lack one, so no command is swallowed', async () => {
    const out = await combineLabels('EPL2', [
      new TextEncoder().encode('N\nA50,0,0,1,1,1,N,"one"\nP1'),
      new TextEncoder().encode('N\nP1\n'),
    ]);
    expect(new TextDecoder().decode(out.bytes)).toBe('N\nA50,0,0,1,1,1,N,"one"\nP1\nN\nP1\n');
  });

  it('places PNG labels one per PDF page at their printed size (203 dpi unless stated)', async () => {
    const out = await combineLabels('PNG', [png(406, 609), png(600, 900, 300)]);
    expect(out.format).toBe('PDF');
    expect(await pageSizes(out.bytes)).toEqual([
      [144, 216],
      [144, 216],
    ]);
  });

  it('places JPEG labels one per page using the JFIF density', async () => {
    const out = await combineLabels('JPEG', [jpeg(800, 1200, 200)]);
    expect(await pageSizes(out.bytes)).toEqual([[288, 432]]);
  });

  it('names the label that is not an image of the format', async () => {
    const err = await rejection(combineLabels('PNG', [png(10, 10), await pdf([[10, 10]])]));
    expect(err.code).toBe('schema_validation_error');
    expect(err.detail).toBe('labels[1]');
    expect(err.message).toContain('Label 1');
  });

  it('refuses GIF labels with a clear message', async () => {
    const err = await rejection(combineLabels('GIF', [new TextEncoder().encode('GIF89a')]));
    expect(err.code).toBe('schema_validation_error');
    expect(err.message).toMatch(/GIF labels cannot be combined/);
  });

  it('refuses unknown formats and empty lists', async () => {
    expect((await rejection(combineLabels('DOCX', [new Uint8Array([1])]))).code).toBe('schema_validation_error');
    expect((await rejection(combineLabels('PDF', []))).code).toBe('schema_validation_error');
  });
});

describe('labelContentType', () => {
  it('maps formats (bare or with a size) to content types', () => {
    expect(labelContentType('PDF')).toBe('application/pdf');
    expect(labelContentType('PDF__4x6')).toBe('application/pdf');
    expect(labelContentType('png')).toBe('image/png');
    expect(labelContentType('GIF')).toBe('image/gif');
    expect(labelContentType('JPEG')).toBe('image/jpeg');
    expect(labelContentType('JPG')).toBe('image/jpeg');
    for (const f of ['ZPL', 'ZPLII', 'ZPL2', 'EPL', 'EPL2', 'SPL', 'UNKNOWN'])
      expect(labelContentType(f)).toBe('application/octet-stream');
  });
});
