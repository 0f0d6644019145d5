/**
 * What the label layout hands its renderers: the stock, the drawing operations and the constants
 * every renderer agrees on. It sits below labels.ts (which builds the layout and picks a renderer)
 * and below each renderer, so that none of them imports the module that dispatches to it.
 */

/** A label stock: the page in inches and the area of it the label occupies (doc tabs, half sheets). */
export interface LabelStock {
  widthIn: number;
  heightIn: number;
  area: { x: number; y: number; w: number; h: number };
}

export function labelStock(widthIn: number, heightIn: number, area?: LabelStock['area']): LabelStock {
  return { widthIn, heightIn, area: area ?? { x: 0, y: 0, w: widthIn, h: heightIn } };
}

/** Drawing operations in inches on the page; y grows downwards, text y is the top of the em box. */
export type LabelOp =
  | { kind: 'text'; x: number; y: number; size: number; text: string; bold: boolean; anchor: 'start' | 'middle' }
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  | { kind: 'barcode'; x: number; y: number; w: number; h: number; data: string; bars: readonly number[] };

export interface LabelLayout {
  stock: LabelStock;
  ops: LabelOp[];
}

/** Average advance of a character as a fraction of the font size; all renderers stay within it. */
export const CHAR_ADVANCE = 0.6;

/** Resolution of the raster formats (PNG, GIF, JPEG): 4×6 in → 800×1200 px. */
export const PNG_DPI = 200;
