/**
 * Thermal printer labels: the shared layout written as ZPL II and EPL2 command streams at 203 dpi
 * (8 dots/mm, the resolution of the 4×6 stocks carriers print on). Each language draws the barcode
 * with its own native Code 128 command (ZPL `^BC` in automatic subset mode, EPL `B…,1,…` =
 * "Code 128 auto A/B/C") so that the printer, not us, renders the bars; the module width is chosen
 * so the symbol fits the layout's barcode box.
 */
import type { LabelLayout, LabelOp } from './layout.js';

const DPI = 203;
const dots = (inches: number): number => Math.round(inches * DPI);

function moduleWidth(op: Extract<LabelOp, { kind: 'barcode' }>, max: number): number {
  const total = op.bars.reduce((a, b) => a + b, 0);
  return Math.min(max, Math.max(1, Math.floor(dots(op.w) / total)));
}

/** ZPL II (Zebra Programming Guide: ^XA … ^XZ, ^FO origin, ^A0 scalable font, ^GB box, ^BC Code 128). */
export function renderZpl(layout: LabelLayout): string {
  const { stock, ops } = layout;
  const width = dots(stock.widthIn);
  const out = ['^XA', '^CI0', `^PW${width}`, `^LL${dots(stock.heightIn)}`, '^LH0,0'];
  const field = (value: string): string => value.replace(/[\^~]/g, ' ');
  for (const op of ops) {
    if (op.kind === 'rect') {
      const w = Math.max(1, dots(op.w));
      const h = Math.max(1, dots(op.h));
      out.push(`^FO${dots(op.x)},${dots(op.y)}^GB${w},${h},${Math.min(w, h)}^FS`);
    } else if (op.kind === 'text') {
      const h = Math.max(10, dots(op.size));
      const w = Math.round(h * 0.55);
      const font = `^A0N,${h},${w}`;
      if (op.anchor === 'middle') {
        const span = 2 * Math.min(dots(op.x), width - dots(op.x));
        out.push(`^FO${dots(op.x) - span / 2},${dots(op.y)}^FB${span},1,0,C${font}^FD${field(op.text)}^FS`);
      } else {
        out.push(`^FO${dots(op.x)},${dots(op.y)}${font}^FD${field(op.text)}^FS`);
        if (op.bold) out.push(`^FO${dots(op.x) + 2},${dots(op.y)}${font}^FD${field(op.text)}^FS`);
      }
    } else {
      const module = moduleWidth(op, 10);
      const total = op.bars.reduce((a, b) => a + b, 0);
      const x = dots(op.x) + Math.floor((dots(op.w) - module * total) / 2);
      const h = dots(op.h);
      out.push(`^FO${x},${dots(op.y)}^BY${module},3,${h}^BCN,${h},N,N,N,A^FD${field(op.data)}^FS`);
    }
  }
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}

/** EPL2 resident fonts at 203 dpi: [font number, cell height, character advance] in dots. */
const EPL_FONTS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 12, 10],
  [2, 16, 12],
  [3, 20, 14],
  [4, 24, 16],
  [5, 48, 36],
];

/** The resident font and multiplier whose height comes closest to the em size without exceeding it. */
function eplFont(emDots: number): { font: number; mult: number; advance: number } {
  let best = { font: 1, mult: 1, advance: 10, height: 12 };
  for (const [font, height, advance] of EPL_FONTS) {
    for (let mult = 1; mult <= 4; mult++) {
      const h = height * mult;
      if (h <= emDots && h > best.height) best = { font, mult, advance: advance * mult, height: h };
    }
  }
  return best;
}

/** EPL2 (EPL2 Programming Reference: N clear, q width, Q length/gap, A text, LO line, B barcode, P print). */
export function renderEpl(layout: LabelLayout): string {
  const { stock, ops } = layout;
  const width = dots(stock.widthIn);
  const out = ['', 'N', `q${width}`, `Q${dots(stock.heightIn)},24`];
  const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  for (const op of ops) {
    if (op.kind === 'rect') {
      out.push(`LO${dots(op.x)},${dots(op.y)},${Math.max(1, dots(op.w))},${Math.max(1, dots(op.h))}`);
    } else if (op.kind === 'text') {
      const { font, mult, advance } = eplFont(dots(op.size));
      const fits = Math.max(1, Math.floor((width - dots(op.x)) / advance));
      const value = op.text.slice(0, op.anchor === 'middle' ? op.text.length : fits);
      const x =
        op.anchor === 'middle' ? Math.max(0, dots(op.x) - Math.round((value.length * advance) / 2)) : dots(op.x);
      out.push(`A${x},${dots(op.y)},0,${font},${mult},${mult},N,${quote(value)}`);
    } else {
      const module = moduleWidth(op, 10);
      const total = op.bars.reduce((a, b) => a + b, 0);
      const x = dots(op.x) + Math.floor((dots(op.w) - module * total) / 2);
      out.push(`B${x},${dots(op.y)},0,1,${module},${module},${dots(op.h)},N,${quote(op.data)}`);
    }
  }
  out.push('P1', '');
  return out.join('\n');
}
