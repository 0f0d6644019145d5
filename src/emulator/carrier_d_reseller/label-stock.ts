/**
 * LabelRequest's LabelType / LabelSize / ImageFormat (src/carriers/carrier_d_reseller/README.md §4, §13) → the shared label
 * renderer's stock and format. Sizes are read case-insensitively (G13's own sample writes `4X6`);
 * a size the label type does not offer is refused like ELS refuses an invalid element.
 */
import { labelStock, type LabelFormat, type LabelStock } from '../../documents/drawing/index.js';
import { ElsFailure, fail } from './context.js';

/** ImageFormat → renderer format and the resolution it must be printed at (§4: 203 for printers). */
export const IMAGE_FORMATS: Record<string, { format: LabelFormat; printer: boolean }> = {
  PDF: { format: 'PDF', printer: false },
  PNG: { format: 'PNG', printer: false },
  PNGMONOCHROME: { format: 'PNG', printer: false },
  GIF: { format: 'GIF', printer: false },
  GIFMONOCHROME: { format: 'GIF', printer: false },
  JPEG: { format: 'JPEG', printer: false },
  JPEGMONOCHROME: { format: 'JPEG', printer: false },
  ZPLII: { format: 'ZPL', printer: true },
  EPL2: { format: 'EPL', printer: true },
};

const top = (w: number, h: number): LabelStock => labelStock(w, h, { x: 0, y: 0, w: 4, h: 6 });

/** §13 "LabelSize" of Default (and Domestic) labels, lower-cased, the default first. */
const DEFAULT_SIZES: Record<string, LabelStock> = {
  '4x6': labelStock(4, 6),
  '4x5': labelStock(4, 5),
  '4x4.5': labelStock(4, 4.5),
  doctab: top(4, 6.75),
  '6x4': labelStock(6, 4),
  '4x8': top(4, 8),
  '3.5x5.25': labelStock(3.5, 5.25),
  '4x4': labelStock(4, 4),
};

/** Sizes per label type (§13 "LabelSize"), lower-cased, with the default first. */
const SIZES: Record<string, Record<string, LabelStock>> = {
  default: DEFAULT_SIZES,
  domestic: DEFAULT_SIZES,
  destinationconfirm: {
    '7x3': labelStock(7, 3),
    '6x4': labelStock(6, 4),
    dymo30384: labelStock(7.5, 2.3),
    envelopesize10: labelStock(9.5, 4.125),
    mailer7x5: labelStock(7, 5),
  },
  certifiedmail: {
    '4x6': labelStock(4, 6),
    '7x4': labelStock(7, 4),
    '8x3': labelStock(8, 3),
    booklet: labelStock(8.5, 11, { x: 0.25, y: 0.25, w: 8, h: 5.25 }),
    envelopesize10: labelStock(9.5, 4.125),
  },
  // §13: the default international label is an 8.5×5.33 sheet; 4x6c the 4×6 customs label.
  international: {
    sheet: labelStock(8.5, 5.33, { x: 0.25, y: 0.165, w: 8, h: 5 }),
    '4x6c': labelStock(4, 6),
  },
};

export function stockFor(labelType: string | undefined, labelSize: string | undefined): LabelStock {
  const type = (labelType ?? 'Default').toLowerCase();
  const sizes = SIZES[type];
  if (!sizes) throw fail.missing('LabelType');
  if (labelSize === undefined) return Object.values(sizes)[0] as LabelStock;
  const stock = sizes[labelSize.toLowerCase()];
  if (!stock)
    throw new ElsFailure(
      1001,
      `Missing or invalid element: LabelSize (${labelSize} is not offered for ${labelType ?? 'Default'} labels).`,
    );
  return stock;
}

export function imageFormat(
  value: string | undefined,
  resolution: string | undefined,
): { format: LabelFormat; name: string } {
  const name = (value ?? 'PNG').toUpperCase();
  const known = IMAGE_FORMATS[name];
  if (!known) throw fail.missing('ImageFormat');
  if (known.printer && resolution !== '203')
    throw new ElsFailure(1001, `Missing or invalid element: ImageResolution (${name} labels are printed at 203 dpi).`);
  return { format: known.format, name };
}
