import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import {
  code128Bars,
  labelStock,
  layoutLabel,
  renderLabel,
  type LabelData,
} from '../../src/documents/drawing/labels.js';
import { CHAR_ADVANCE } from '../../src/documents/drawing/layout.js';
import { at, shipRequest, useClient } from './support.js';

/** The IHDR size and the raw scanlines of a PNG this emulator wrote (grayscale, 1 bit). */
function decodePng(png: Buffer): { width: number; height: number; rows: Buffer; rowBytes: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([1, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const rowBytes = Math.ceil(width / 8);
  const rows = inflateSync(Buffer.concat(idat));
  expect(rows.length).toBe((rowBytes + 1) * height);
  return { width, height, rows, rowBytes };
}

/** Widths of alternating black/white runs across one scanline, starting at the first black pixel. */
function runs(png: ReturnType<typeof decodePng>, y: number): number[] {
  const black = (x: number) => ((png.rows[y * (png.rowBytes + 1) + 1 + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0;
  const out: number[] = [];
  let x = 0;
  while (x < png.width && !black(x)) x++;
  let last = -1;
  for (; x < png.width; x++) {
    const b = black(x) ? 1 : 0;
    if (b !== last) {
      out.push(0);
      last = b;
    }
    out[out.length - 1] = (out[out.length - 1] ?? 0) + 1;
  }
  if (last === 0) out.pop();
  return out;
}

/** An independent GIF reader (GIF89a appendix F): the screen size and one byte per pixel. */
function decodeGif(gif: Buffer): { width: number; height: number; pixels: number[] } {
  expect(gif.subarray(0, 6).toString('ascii')).toBe('GIF89a');
  const width = gif.readUInt16LE(6);
  const height = gif.readUInt16LE(8);
  const paletteSize = 2 << (gif[10]! & 7);
  let offset = 13 + 3 * paletteSize;
  expect(gif[offset]).toBe(0x2c);
  offset += 10;
  const minSize = gif[offset++]!;
  const data: number[] = [];
  for (let len = gif[offset++]!; len > 0; len = gif[offset++]!) {
    data.push(...gif.subarray(offset, offset + len));
    offset += len;
  }
  expect(gif[offset]).toBe(0x3b);
  const clear = 1 << minSize;
  let size = minSize + 1;
  let table: number[][] = [];
  const reset = () => {
    table = Array.from({ length: clear + 2 }, (_, i) => [i]);
    size = minSize + 1;
  };
  reset();
  const pixels: number[] = [];
  let prev: number[] | undefined;
  let bit = 0;
  while (bit + size <= data.length * 8) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= ((data[bit >> 3]! >> (bit & 7)) & 1) << i;
    if (code === clear) {
      reset();
      prev = undefined;
      continue;
    }
    if (code === clear + 1) break;
    const entry = table[code] ?? (prev ? [...prev, prev[0]!] : []);
    pixels.push(...entry);
    if (prev) table.push([...prev, entry[0]!]);
    prev = entry;
    if (table.length === 1 << size && size < 12) size++;
  }
  return { width, height, pixels };
}

const label = (json: unknown, piece = 0) =>
  Buffer.from(
    String(at(json, `output.transactionShipments.0.pieceResponses.${piece}.packageDocuments.0.encodedLabel`)),
    'base64',
  );
const master = (json: unknown) => String(at(json, 'output.transactionShipments.0.masterTrackingNumber'));

describe('labels', () => {
  const api = useClient();

  const ship = async (imageType: string, stock: string) => {
    const reply = await api.call('POST', '/ship/v1/shipments', shipRequest({ imageType, stock }));
    expect(reply.status).toBe(200);
    expect(at(reply.json, 'output.transactionShipments.0.pieceResponses.0.packageDocuments.0.docType')).toBe(imageType);
    return reply.json;
  };

  it.each([
    ['PAPER_4X6', 288, 432],
    ['PAPER_4X8', 288, 576],
    ['STOCK_4X9_LEADING_DOC_TAB', 288, 648],
    ['PAPER_7X475', 504, 342],
    ['PAPER_85X11_TOP_HALF_LABEL', 612, 792],
    ['PAPER_8.5X11_BOTTOM_HALF_LABEL', 612, 792],
  ])('PDF on %s is %i × %i pt and names the tracking number', async (stock, width, height) => {
    const json = await ship('PDF', stock);
    const doc = await PDFDocument.load(label(json));
    expect(doc.getPageCount()).toBe(1);
    const size = doc.getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([width, height]);
    expect(doc.getTitle()).toBe(`Label ${master(json)}`);
  });

  it('PNG has the PNG signature, 200 dpi dimensions and a Code 128 barcode that reads back', async () => {
    const json = await ship('PNG', 'PAPER_4X6');
    const png = decodePng(label(json));
    expect([png.width, png.height]).toEqual([800, 1200]);
    // The barcode sits 3.0–4.1 in from the top; read the scanline through its middle.
    const widths = runs(png, Math.round(3.5 * 200));
    const bars = code128Bars(master(json));
    const module = (widths[0] ?? 0) / (bars[0] ?? 1);
    expect(module).toBeGreaterThanOrEqual(1);
    expect(widths.map((w) => w / module)).toEqual(bars);
  });

  it('ZPL II starts with ^XA, draws ^BC with the tracking number and ends with ^XZ', async () => {
    const json = await ship('ZPLII', 'STOCK_4X6');
    const zpl = label(json).toString('ascii');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,N,N,N,A\\^FD${master(json)}\\^FS`));
  });

  it('EPL2 clears, sizes, prints a B barcode command with the tracking number and P1', async () => {
    const json = await ship('EPL2', 'STOCK_4X8');
    const epl = label(json).toString('ascii');
    const lines = epl.split('\n');
    expect(lines).toContain('N');
    expect(lines).toContain('q812');
    expect(lines).toContain('Q1624,24');
    expect(lines.some((l) => new RegExp(`^B\\d+,\\d+,0,1,\\d+,\\d+,\\d+,N,"${master(json)}"$`).test(l))).toBe(true);
    expect(lines).toContain('P1');
  });

  it('refuses an unknown label stock', async () => {
    const reply = await api.call('POST', '/ship/v1/shipments', shipRequest({ stock: 'PAPER_A4' }));
    expect(reply.status).toBe(400);
  });
});

describe('label rendering', () => {
  const data: LabelData = {
    trackingNumber: '794900000019',
    service: 'FEDEX GROUND',
    from: ['Zoë Ünlü', 'Straße 1', 'Köln 50667', 'DE'],
    to: ['Robin "Quote" Recipient', '^FD~ tricky ^XZ', 'Beverly Hills CA 90210', 'US'],
    weight: '5 LB',
    shipDate: '2025-03-04',
  };

  it('GIF decodes to exactly the pixels of the PNG label', async () => {
    const gif = decodeGif(await renderLabel('GIF', labelStock(4, 6), data));
    const png = decodePng(await renderLabel('PNG', labelStock(4, 6), data));
    expect([gif.width, gif.height]).toEqual([800, 1200]);
    expect(gif.pixels).toHaveLength(800 * 1200);
    let differing = 0;
    let black = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const pngBlack = ((png.rows[y * (png.rowBytes + 1) + 1 + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) === 0;
        if (pngBlack) black++;
        if ((gif.pixels[y * png.width + x] === 1) !== pngBlack) differing++;
      }
    }
    expect(black).toBeGreaterThan(10_000);
    expect(differing).toBe(0);
  });

  it('keeps every format printable with non-ASCII and command characters in addresses', async () => {
    const zpl = (await renderLabel('ZPL', labelStock(4, 6), data)).toString('ascii');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).toContain('Zoe Unlu');
    const epl = (await renderLabel('EPL', labelStock(4, 6), data)).toString('ascii');
    expect(epl).toContain('"Robin \\"Quote\\" Recipient"');
    const pdf = await PDFDocument.load(await renderLabel('PDF', labelStock(4, 6), data));
    expect(pdf.getPageCount()).toBe(1);
  });

  it.each([
    ['4×6', labelStock(4, 6)],
    ['4×4', labelStock(4, 4)],
    ['7.5×2.3', labelStock(7.5, 2.3)],
    ['A4 half', labelStock(8.27, 11.69, { x: 0.25, y: 0.25, w: 4, h: 8 })],
  ])('prints the ship date, weight and piece whole and beside the sender on %s', async (_name, stock) => {
    const long = {
      ...data,
      from: ['A sender name long enough to reach the header column'],
      weight: '150.25 LB',
      piece: '10 OF 10',
      shipDate: '2026-11-24',
    };
    const texts = layoutLabel(stock, long).ops.flatMap((op) => (op.kind === 'text' ? [op] : []));
    const shown = texts.map((op) => op.text);
    expect(shown).toEqual(
      expect.arrayContaining(['SHIP DATE: 2026-11-24', 'ACT WGT: 150.25 LB', 'PKG: 10 OF 10', 'WEIGHT: 150.25 LB']),
    );
    const header = texts.find((op) => op.text.startsWith('SHIP DATE'))!;
    const sender = texts.find((op) => op.text.startsWith('A sender'))!;
    expect(sender.x + sender.text.length * sender.size * CHAR_ADVANCE).toBeLessThanOrEqual(header.x);
    expect(header.x + header.text.length * header.size * CHAR_ADVANCE).toBeLessThanOrEqual(stock.area.x + stock.area.w);
    for (const format of ['ZPL', 'EPL'] as const)
      expect((await renderLabel(format, stock, long)).toString('ascii')).toContain('SHIP DATE: 2026-11-24');
  });
});
