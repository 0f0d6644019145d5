/**
 * carrier_a label specification → the shared label renderer's terms. imageType and labelStockType
 * take the values of vendor/ship-api.json (LabelSpecification); the dotted spellings Waybill's
 * public catalog uses (PAPER_8.5X11_TOP_HALF_LABEL, STOCK_4X6.75_TRAILING_DOC_TAB) are read as
 * the same stocks. Doc-tab stocks keep the 4×6 label at the top (trailing tab) or bottom (leading
 * tab); half-sheet paper puts it in the named half of a letter page.
 */
import { labelStock, type LabelFormat, type LabelStock } from '../../documents/drawing/index.js';

export const IMAGE_TYPES: Record<string, { format: LabelFormat; contentType: string }> = {
  PDF: { format: 'PDF', contentType: 'application/pdf' },
  PNG: { format: 'PNG', contentType: 'image/png' },
  ZPLII: { format: 'ZPL', contentType: 'text/plain' },
  EPL2: { format: 'EPL', contentType: 'text/plain' },
};

const top = (w: number, h: number): LabelStock => labelStock(w, h, { x: 0, y: 0, w: 4, h: 6 });
const bottom = (w: number, h: number): LabelStock => labelStock(w, h, { x: 0, y: h - 6, w: 4, h: 6 });

const STOCKS: Record<string, LabelStock> = {
  PAPER_4X6: labelStock(4, 6),
  STOCK_4X6: labelStock(4, 6),
  PAPER_4X675: top(4, 6.75),
  STOCK_4X675: top(4, 6.75),
  STOCK_4X675_LEADING_DOC_TAB: bottom(4, 6.75),
  STOCK_4X675_TRAILING_DOC_TAB: top(4, 6.75),
  PAPER_4X8: top(4, 8),
  STOCK_4X8: top(4, 8),
  PAPER_4X9: top(4, 9),
  STOCK_4X9: top(4, 9),
  STOCK_4X9_LEADING_DOC_TAB: bottom(4, 9),
  STOCK_4X9_TRAILING_DOC_TAB: top(4, 9),
  STOCK_4X85_TRAILING_DOC_TAB: top(4, 8.5),
  STOCK_4X105_TRAILING_DOC_TAB: top(4, 10.5),
  PAPER_7X475: labelStock(7, 4.75),
  PAPER_85X11_TOP_HALF_LABEL: labelStock(8.5, 11, { x: 0.25, y: 0.25, w: 8, h: 5.25 }),
  PAPER_85X11_BOTTOM_HALF_LABEL: labelStock(8.5, 11, { x: 0.25, y: 5.75, w: 8, h: 5.25 }),
  PAPER_LETTER: labelStock(8.5, 11, { x: 0.25, y: 0.25, w: 8, h: 5.25 }),
};

export function labelStockFor(stockType: string): LabelStock | undefined {
  return STOCKS[stockType.toUpperCase().replace(/\./g, '')];
}
