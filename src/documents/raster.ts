/**
 * PNG labels from PDF labels, for carriers whose API renders no images: pdf.js (its legacy build,
 * the one for Node) draws the page on a Skia canvas (@napi-rs/canvas, whose binary comes inside its
 * npm package) at the printer's resolution, so the PNG has the label's size in dots and the barcode
 * keeps bars a whole number of dots wide enough to scan. CPU work only, no I/O.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ApiError } from '../domain/errors.js';
import { MAX_IMAGE_PIXELS } from './label-work.js';

// pdf.js and the Skia canvas are large: loaded with the first PNG label, not at start.
let libraries:
  Promise<[typeof import('pdfjs-dist/legacy/build/pdf.mjs'), typeof import('@napi-rs/canvas')]> | undefined;
const load = () => (libraries ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]));

/** Thermal label printers print 203 dpi (8 dots/mm). */
export const LABEL_DPI = 203;

// The 14 standard PDF fonts as pdf.js ships them, for labels that use them without embedding.
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The first page of a PDF as a PNG at `dpi`, white background, the page's size in inches × dpi. */
export async function pdfToPng(pdf: Uint8Array, dpi = LABEL_DPI): Promise<Uint8Array> {
  const [{ getDocument }, { createCanvas }] = await load();
  let doc;
  try {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, standardFontDataUrl, verbosity: 0 })
      .promise;
  } catch (err) {
    throw new ApiError(
      'carrier_http_exception',
      'the carrier label could not be read as a PDF to draw it as a PNG',
      err instanceof Error ? err.message : 'unreadable PDF',
      { cause: err },
    );
  }
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: dpi / 72 });
    // The canvas is as large as the page says: a label, not a poster.
    const pixels = Math.round(viewport.width) * Math.round(viewport.height);
    if (pixels > MAX_IMAGE_PIXELS)
      throw new ApiError(
        'payload_too_large',
        `the carrier label's page is ${pixels} pixels at ${dpi} dpi; at most ${MAX_IMAGE_PIXELS} are drawn`,
        'label',
      );
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types its canvas as the DOM's; the Skia canvas implements what it draws with.
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      canvas: canvas as unknown as RenderParameters['canvas'],
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode('png'));
  } finally {
    await doc.destroy();
  }
}
