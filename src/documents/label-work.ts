/**
 * The CPU-heavy label and document work (images placed on PDF pages, PDFs merged, PDF pages drawn
 * as PNGs) as a dependency: the process hands in a pool of worker threads (label-pool.ts), so a
 * shipment of 200 PNG labels asked as PDF (about 70 ms of pdf-lib a label) no longer holds the
 * event loop for seconds. Carriers get it in CarrierDeps and the services in theirs; nothing
 * calls labels.ts's heavy functions on the event loop.
 *
 * What one job may ask is bounded here, before it is queued, from what the bytes say of
 * themselves: the labels of one job, their bytes, and the pixels of each image and of the job
 * (an image's work and memory follow its pixels, not its compressed size: a PNG of a few KiB may
 * claim a billion pixels). The backlog is bounded by admit().
 */
import { ApiError } from '../domain/errors.js';
import type { CopiedPages } from './labels.js';

/** A merchant's logo as logo.ts writes it. */
export interface Logo {
  /** A PNG written by this service. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface LabelWork {
  /** combineLabels (labels.ts): PDFs merged, printer streams joined, images placed on PDF pages. */
  combineLabels(format: string, labels: Uint8Array[]): Promise<{ format: string; bytes: Uint8Array }>;
  /** mergePdfs (labels.ts): all pages of each file, in order, as one PDF. */
  mergePdfs(files: Uint8Array[]): Promise<Uint8Array>;
  /** splitPdf (labels.ts): each page as a PDF of its own, in order. */
  splitPdf(pdf: Uint8Array): Promise<Uint8Array[]>;
  /** pdfToPng (raster.ts): the first page drawn as a PNG at `dpi`. */
  pdfToPng(pdf: Uint8Array, dpi?: number): Promise<Uint8Array>;
  /** copyPdfPages (labels.ts): a label's pages as objects numbered from `first` on, for a PDF written elsewhere. */
  copyPdfPages(label: Uint8Array, first: number, parent: number): Promise<CopiedPages>;
  /** normaliseLogo (logo.ts): a merchant's PNG or JPEG checked, fitted to the pages' header and written anew as a PNG. */
  normaliseLogo(image: Uint8Array): Promise<Logo>;
  /**
   * Room for a request's `labels` labels of work, taken before it books or queues anything, and
   * given back by the function answered once the request is done: a service_unavailable (503,
   * Retry-After) when the backlog of admitted labels would go over its bound. The jobs themselves
   * are never refused for the backlog (a booking the carrier has made must get its labels).
   */
  admit(labels: number): () => void;
}

/** The labels of one job: as many as one shipment or one POST /merge may have. */
export const MAX_JOB_LABELS = 200;
/** The bytes of one job: three carrier answers of the largest size the transport reads (20 MB). */
export const MAX_JOB_BYTES = 64 * 1024 * 1024;
/** One image: a 4×8 in label at 600 dpi is 11.5 million pixels. */
export const MAX_IMAGE_PIXELS = 16_000_000;
/** One job's images: 200 labels of 4×6 in at 203 dpi (1 million pixels each), about 14 s of one thread. */
export const MAX_JOB_PIXELS = 200_000_000;

const tooLarge = (message: string, detail: string) => new ApiError('payload_too_large', message, detail);

/** Width × height from a PNG's IHDR or a JPEG's start-of-frame; undefined for anything else. */
export function imagePixels(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return view.getUint32(16) * view.getUint32(20);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  for (let at = 2; at + 9 <= bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): height, then width, after the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return view.getUint16(at + 5) * view.getUint16(at + 7);
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

/** Refuses a job larger than one job may be (payload_too_large), before it costs anything. */
export function checkJob(labels: Uint8Array[], field = 'labels'): void {
  if (labels.length > MAX_JOB_LABELS)
    throw tooLarge(`At most ${MAX_JOB_LABELS} labels can be combined at once; ${labels.length} were sent`, field);
  let bytes = 0;
  let pixels = 0;
  for (const [i, label] of labels.entries()) {
    bytes += label.byteLength;
    const own = imagePixels(label) ?? 0;
    if (own > MAX_IMAGE_PIXELS)
      throw tooLarge(
        `Label ${i} is an image of ${own} pixels; at most ${MAX_IMAGE_PIXELS} are converted`,
        `${field}[${i}]`,
      );
    pixels += own;
  }
  if (bytes > MAX_JOB_BYTES)
    throw tooLarge(`The labels hold ${bytes} bytes; at most ${MAX_JOB_BYTES} are combined at once`, field);
  if (pixels > MAX_JOB_PIXELS)
    throw tooLarge(`The label images hold ${pixels} pixels; at most ${MAX_JOB_PIXELS} are converted at once`, field);
}
