/**
 * Real shipping labels for every emulated carrier (README.md "The carrier emulator"): real labels
 * in the format asked (PDF, PNG, ZPL, EPL) with a scannable barcode of the tracking number.
 *
 * One layout, six renderers: `layoutLabel` places text, rules and a Code 128 barcode on a 4×6 in
 * design that is scaled into the stock's label area; PDF (pdf-lib, vector text and bars), PNG
 * (1-bit raster, label-raster.ts), GIF and JPEG (the same raster, label-gif.ts, label-jpeg.ts) and
 * the printer languages ZPL II / EPL2 (label-commands.ts, with their own native Code 128 commands)
 * draw the same operations, whose types live in label-layout.ts. bwip-js encodes the barcode once
 * per label; the bars are drawn as vector rectangles rather than an embedded PNG because pdf-lib
 * re-decodes embedded PNGs, which alone would cost more than the whole label (≈4 ms vs ≈2 ms).
 */
import { createRequire } from 'node:module';
import type { PDFOperator } from 'pdf-lib';
import { renderEpl, renderZpl } from './printer-commands.js';
import { renderGif } from './gif.js';
import { renderJpeg } from './jpeg.js';
import { renderPng } from './png.js';
import { CHAR_ADVANCE, labelStock, type LabelLayout, type LabelOp, type LabelStock } from './layout.js';

export { labelStock, type LabelStock };

const require = createRequire(import.meta.url);

export type LabelFormat = 'PDF' | 'PNG' | 'GIF' | 'JPEG' | 'ZPL' | 'EPL';

export interface LabelData {
  /** Barcode content and the human-readable number under it. */
  trackingNumber: string;
  /** Tracking number as printed in the header, e.g. "7947 9000 0012". */
  trackingDisplay?: string;
  service: string;
  from: string[];
  to: string[];
  weight: string;
  shipDate: string;
  piece?: string;
  reference?: string;
  /** Footer line, e.g. the carrier's test-label notice. */
  note?: string;
}

/** Printable ASCII only: every renderer (WinAnsi PDF fonts, the bitmap font, printer fonts) has it. */
export function labelText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
}

/** Code 128 bar/space widths in modules, starting with a bar (bwip-js encodes; we draw). */
export function code128Bars(data: string): number[] {
  // Required on the first label, not at start: the encoder is large and a start may book nothing.
  const bwipjs = require('bwip-js') as typeof import('bwip-js');
  const [symbol] = bwipjs.raw('code128', data);
  if (!symbol || !('sbs' in symbol)) throw new Error('code128 encoding failed');
  return symbol.sbs;
}

const DESIGN_W = 4;
const DESIGN_H = 6;
/** Left edge of the header column (ship date, weight, piece) in design inches. */
const HEADER_X = 2.4;

export function layoutLabel(stock: LabelStock, data: LabelData): LabelLayout {
  const { area } = stock;
  const s = Math.min(area.w / DESIGN_W, area.h / DESIGN_H);
  const ops: LabelOp[] = [];
  const X = (x: number): number => area.x + x * s;
  const Y = (y: number): number => area.y + y * s;
  /**
   * A line of text cut to its width. `whole` values (dates, weights) are never cut: a half date reads
   * as a different one, so the font shrinks until the value fits instead.
   */
  const text = (
    x: number,
    y: number,
    pt: number,
    value: string,
    bold = false,
    maxW = DESIGN_W - 0.24 - x,
    whole = false,
  ): void => {
    const clean = labelText(value);
    const fitting = (maxW * 72) / (Math.max(1, clean.length) * CHAR_ADVANCE);
    const size = ((whole ? Math.min(pt, fitting) : pt) / 72) * s;
    const maxChars = Math.max(1, Math.floor((maxW * s) / (size * CHAR_ADVANCE)));
    const shown = clean.slice(0, maxChars);
    if (shown) ops.push({ kind: 'text', x: X(x), y: Y(y), size, text: shown, bold, anchor: 'start' });
  };
  const rule = (y: number): void => {
    ops.push({ kind: 'rect', x: X(0.1), y: Y(y), w: (DESIGN_W - 0.2) * s, h: 0.025 * s });
  };

  text(0.12, 0.12, 7, 'FROM', true);
  // The sender column leaves the header column room for "SHIP DATE: YYYY-MM-DD" at full size.
  data.from.slice(0, 5).forEach((line, i) => text(0.12, 0.27 + i * 0.14, 8, line, false, 2.2));
  const header = (y: number, value: string): void =>
    text(HEADER_X, y, 7, value, false, DESIGN_W - 0.12 - HEADER_X, true);
  header(0.12, `SHIP DATE: ${data.shipDate}`);
  header(0.27, `ACT WGT: ${data.weight}`);
  if (data.piece) header(0.42, `PKG: ${data.piece}`);
  rule(1.0);
  text(0.12, 1.08, 8, 'TO', true);
  data.to.slice(0, 5).forEach((line, i) => text(0.12, 1.25 + i * 0.2, 11, line, i === 0));
  rule(2.35);
  text(0.12, 2.45, 14, data.service, true);
  text(0.12, 2.75, 10, `TRK# ${data.trackingDisplay ?? data.trackingNumber}`, true);
  const bars = code128Bars(data.trackingNumber);
  ops.push({ kind: 'barcode', x: X(0.25), y: Y(3.0), w: 3.5 * s, h: 1.1 * s, data: data.trackingNumber, bars });
  const numberSize = (10 / 72) * s;
  ops.push({
    kind: 'text',
    x: X(2),
    y: Y(4.16),
    size: numberSize,
    text: labelText(data.trackingNumber),
    bold: false,
    anchor: 'middle',
  });
  rule(4.45);
  if (data.reference) text(0.12, 4.55, 8, `REF: ${data.reference}`);
  text(0.12, 4.72, 8, `WEIGHT: ${data.weight}`, false, undefined, true);
  if (data.note) text(0.12, 5.7, 7, data.note);
  return { stock, ops };
}

export async function renderLabel(format: LabelFormat, stock: LabelStock, data: LabelData): Promise<Buffer> {
  const layout = layoutLabel(stock, data);
  switch (format) {
    case 'PDF':
      return renderPdf(layout);
    case 'PNG':
      return renderPng(layout);
    case 'GIF':
      return renderGif(layout);
    case 'JPEG':
      return renderJpeg(layout);
    case 'ZPL':
      return Buffer.from(renderZpl(layout), 'ascii');
    case 'EPL':
      return Buffer.from(renderEpl(layout), 'ascii');
  }
}

const PT = 72;

async function renderPdf(layout: LabelLayout): Promise<Buffer> {
  // pdf-lib loads with the first PDF asked for (it costs more at start than the rest of the emulator).
  const {
    PDFDocument,
    StandardFonts,
    fill,
    popGraphicsState,
    pushGraphicsState,
    rectangle,
    rgb,
    setFillingGrayscaleColor,
  } = await import('pdf-lib');
  const { stock, ops } = layout;
  const doc = await PDFDocument.create();
  const page = doc.addPage([stock.widthIn * PT, stock.heightIn * PT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const top = stock.heightIn * PT;
  // Rules and bars go out as one filled path: a drawRectangle call per bar costs more than the rest of the label.
  const rects: PDFOperator[] = [];
  const rect = (x: number, y: number, w: number, h: number): void => {
    rects.push(rectangle(x * PT, top - (y + h) * PT, w * PT, h * PT));
  };
  for (const op of ops) {
    if (op.kind === 'rect') rect(op.x, op.y, op.w, op.h);
    else if (op.kind === 'text') {
      const font = op.bold ? bold : regular;
      const size = op.size * PT;
      const width = font.widthOfTextAtSize(op.text, size);
      const x = op.anchor === 'middle' ? op.x * PT - width / 2 : op.x * PT;
      page.drawText(op.text, { x, y: top - op.y * PT - size * 0.8, size, font, color: black });
    } else {
      const total = op.bars.reduce((a, b) => a + b, 0);
      const module = op.w / total;
      let x = op.x;
      op.bars.forEach((width, i) => {
        if (i % 2 === 0) rect(x, op.y, width * module, op.h);
        x += width * module;
      });
    }
  }
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...rects, fill(), popGraphicsState());
  doc.setTitle(`Label ${layout.ops.find((o) => o.kind === 'barcode')?.data ?? ''}`);
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
