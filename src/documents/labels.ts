/**
 * Label tools of the service: merging PDFs (POST /merge), combining the labels of a multi-package
 * shipment into one printable document (combined_labels), and the content type labels are served
 * with. Carriers hand labels back in whatever format was asked; these functions never call a carrier.
 */
import { ApiError } from '../domain/errors.js';
import { splitLabelType } from '../domain/catalog.js';
import { pngProblem } from './png-check.js';

/** pdf-lib loads with the first merge or combined label: a start that never needs it does not pay for it. */
const loadPdfLib = () => import('pdf-lib');

/** Thermal printer languages: their labels are command streams that printers take back to back. */
const PRINTER_FORMATS = new Set(['ZPL', 'ZPLII', 'ZPL2', 'EPL', 'EPL2', 'SPL']);
const IMAGE_FORMATS = new Set(['PNG', 'JPEG', 'JPG']);
/** Thermal label printers print 203 dpi; carrier images without a stated resolution are made for them. */
const DEFAULT_DPI = 203;

function bareFormat(format: string): string {
  return splitLabelType(format.trim()).format.toUpperCase();
}

function invalid(message: string, detail: string): ApiError {
  return new ApiError('schema_validation_error', message, detail);
}

/** "%PDF-" must appear in the first KiB (the specification tolerates leading junk, readers too). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/**
 * Label or document bytes a carrier sent as base64 (possibly wrapped in lines); undefined when the
 * text is not base64, which the carrier's parser reports as its own unexpected body.
 */
export function decodeBase64(encoded: string): Uint8Array | undefined {
  const clean = encoded.replace(/\s+/g, '');
  if (clean === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return undefined;
  const buf = Buffer.from(clean, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** All pages of each file, in order, as one PDF. */
export async function mergePdfs(files: Uint8Array[]): Promise<Uint8Array> {
  if (files.length === 0) throw invalid('At least one PDF file is required', 'files');
  const { PDFDocument } = await loadPdfLib();
  const merged = await PDFDocument.create();
  for (const [i, file] of files.entries()) {
    try {
      if (!looksLikePdf(file)) throw new Error('no PDF header');
      // Encrypted PDFs are refused (the default): copying their pages would produce blank pages.
      const src = await PDFDocument.load(file, { updateMetadata: false });
      // pdf-lib is lenient with damaged files; one without pages would vanish silently.
      if (src.getPageCount() === 0) throw new Error('no pages');
      for (const page of await merged.copyPages(src, src.getPageIndices())) merged.addPage(page);
    } catch {
      throw invalid(`File ${i} is not a readable PDF document`, `files[${i}]`);
    }
  }
  return merged.save();
}

/** Each page of a PDF as a PDF of its own, in order (a carrier's one document of several packages' labels). */
export async function splitPdf(file: Uint8Array): Promise<Uint8Array[]> {
  const { PDFDocument } = await loadPdfLib();
  let src;
  try {
    if (!looksLikePdf(file)) throw new Error('no PDF header');
    src = await PDFDocument.load(file, { updateMetadata: false });
  } catch {
    throw invalid('The document is not a readable PDF', 'pdf');
  }
  const pages: Uint8Array[] = [];
  try {
    for (const index of src.getPageIndices()) {
      const one = await PDFDocument.create({ updateMetadata: false });
      const [page] = await one.copyPages(src, [index]);
      one.addPage(page!);
      pages.push(await one.save());
    }
  } catch {
    // pdf-lib loads some files it cannot then walk (no page tree).
    throw invalid('The document is not a readable PDF', 'pdf');
  }
  return pages;
}

/** A label's pages as objects numbered from `first` on, their page objects' numbers, and the next free number. */
export interface CopiedPages {
  objects: { num: number; body: Uint8Array }[];
  pages: number[];
  next: number;
}

/**
 * pdf-lib's copy of a label's pages for a PDF written elsewhere (the batch print file, for a label
 * its own reader refused): the pages go into a scratch document whose new objects are numbered
 * from `first` on, each page pointing at `parent`; the scratch document's catalog and page tree
 * are left out.
 */
export async function copyPdfPages(label: Uint8Array, first: number, parent: number): Promise<CopiedPages> {
  try {
    return await copyPages(label, first, parent);
  } catch (err) {
    throw invalid(
      `The label is not a readable PDF (${err instanceof Error ? err.message.slice(0, 200) : 'unreadable'})`,
      'label',
    );
  }
}

async function copyPages(label: Uint8Array, first: number, parent: number): Promise<CopiedPages> {
  const { ParseSpeeds, PDFDocument, PDFName, PDFRef } = await loadPdfLib();
  const src = await PDFDocument.load(label, {
    updateMetadata: false,
    ignoreEncryption: true,
    parseSpeed: ParseSpeeds.Fastest,
  });
  const scratch = await PDFDocument.create({ updateMetadata: false });
  const own = scratch.context.largestObjectNumber;
  scratch.context.largestObjectNumber = Math.max(own, first - 1);
  const pages: number[] = [];
  for (const page of await scratch.copyPages(src, src.getPageIndices())) {
    page.node.set(PDFName.of('Parent'), PDFRef.of(parent));
    pages.push(scratch.context.getObjectRef(page.node)!.objectNumber);
  }
  const objects: CopiedPages['objects'] = [];
  for (const [ref, obj] of scratch.context.enumerateIndirectObjects()) {
    if (ref.objectNumber <= own) continue;
    const body = new Uint8Array(obj.sizeInBytes());
    obj.copyBytesInto(body, 0);
    objects.push({ num: ref.objectNumber, body });
  }
  return { objects, pages, next: scratch.context.largestObjectNumber + 1 };
}

/** Dots per inch stated in a PNG pHYs chunk, if any. */
function pngDpi(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    if (type === 'IDAT' || type === 'IEND') return undefined; // pHYs must come before the image data
    if (type === 'pHYs' && length >= 9 && at + 17 <= bytes.length) {
      const perMetre = view.getUint32(at + 8);
      const unit = bytes[at + 16];
      return unit === 1 && perMetre > 0 ? perMetre * 0.0254 : undefined;
    }
    at += 12 + length;
  }
  return undefined;
}

/** Dots per inch stated in a JPEG's JFIF header, if any. */
function jpegDpi(bytes: Uint8Array): number | undefined {
  // SOI, then APP0 "JFIF\0", version (2), units (1), Xdensity (2): units 1 = dpi, 2 = dots per cm.
  if (bytes.length < 18 || bytes[2] !== 0xff || bytes[3] !== 0xe0) return undefined;
  if (Buffer.from(bytes.subarray(6, 11)).toString('latin1') !== 'JFIF\0') return undefined;
  const units = bytes[13];
  const density = ((bytes[14] ?? 0) << 8) | (bytes[15] ?? 0);
  if (density === 0) return undefined;
  return units === 1 ? density : units === 2 ? density * 2.54 : undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function imagesToPdf(kind: 'PNG' | 'JPEG', labels: Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create();
  for (const [i, bytes] of labels.entries()) {
    const isPng = PNG_SIGNATURE.every((b, k) => bytes[k] === b);
    const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    try {
      if (kind === 'PNG' ? !isPng : !isJpeg) throw new Error('wrong signature');
      // Read whole first: pdf-lib's decoder never returns from some damaged PNGs.
      if (kind === 'PNG' && pngProblem(bytes)) throw new Error('not a whole PNG');
      const image = kind === 'PNG' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
      // One image pixel per printer dot, so the page prints at the label's physical size.
      const scale = 72 / ((kind === 'PNG' ? pngDpi(bytes) : jpegDpi(bytes)) ?? DEFAULT_DPI);
      const width = image.width * scale;
      const height = image.height * scale;
      doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    } catch {
      throw invalid(`Label ${i} is not a readable ${kind} image`, `labels[${i}]`);
    }
  }
  return doc.save();
}

/** Whether labels of this format are drawn (PDF, PNG, JPEG), the ones a carrier may have to convert. */
export function isDrawnFormat(format: string): boolean {
  const f = bareFormat(format);
  return f === 'PDF' || IMAGE_FORMATS.has(f);
}

/** Whether labels of this format can be combined into one document (checked before booking). */
export function canCombine(format: string): boolean {
  const f = bareFormat(format);
  return f === 'PDF' || PRINTER_FORMATS.has(f) || IMAGE_FORMATS.has(f);
}

/**
 * The labels of one shipment as one printable document: PDFs merged, printer-language streams
 * concatenated, PNG/JPEG images placed one per page of a PDF (so the result is a PDF).
 */
export async function combineLabels(
  format: string,
  labels: Uint8Array[],
): Promise<{ format: string; bytes: Uint8Array }> {
  const f = bareFormat(format);
  if (labels.length === 0) throw invalid('At least one label is required', 'labels');
  if (f === 'PDF') return { format: 'PDF', bytes: await mergePdfs(labels) };
  if (PRINTER_FORMATS.has(f)) {
    // EPL commands are line-based: a label whose last line lacks its newline would swallow the
    // first command of the next one, so a newline is put between labels where missing.
    const parts: Uint8Array[] = [];
    for (const [i, label] of labels.entries()) {
      parts.push(label);
      if (i < labels.length - 1 && label[label.length - 1] !== 0x0a) parts.push(new Uint8Array([0x0a]));
    }
    return { format: f, bytes: Uint8Array.from(Buffer.concat(parts)) };
  }
  if (IMAGE_FORMATS.has(f)) return { format: 'PDF', bytes: await imagesToPdf(f === 'PNG' ? 'PNG' : 'JPEG', labels) };
  if (f === 'GIF') {
    throw invalid(
      'GIF labels cannot be combined into one document; ask for PDF, PNG or ZPL labels to combine them',
      'label_type',
    );
  }
  throw invalid(`Labels of format ${format} cannot be combined`, 'label_type');
}

/**
 * The Content-Type a label is served with. Printer languages (ZPL, EPL, SPL) are
 * application/octet-stream, not text/plain: EPL and ZPL may embed raw binary graphics (EPL "GW",
 * ZPL "~DY"), which a text type invites proxies and browsers to transcode or display; clients send
 * these bytes to a printer unchanged.
 */
export function labelContentType(format: string): string {
  switch (bareFormat(format)) {
    case 'PDF':
      return 'application/pdf';
    case 'PNG':
      return 'image/png';
    case 'GIF':
      return 'image/gif';
    case 'JPEG':
    case 'JPG':
      return 'image/jpeg';
    default:
      return 'application/octet-stream';
  }
}
