/**
 * The label work thread's module (label-pool.ts runs it in a worker thread): each task is one call
 * of labels.ts or raster.ts, whose pdf-lib, pdf.js and Skia work would otherwise hold the event
 * loop for tens of milliseconds a label. A failure comes back as the ApiError's code, message and
 * detail, since an error object crossing threads keeps its message only.
 */
import { ApiError } from '../domain/errors.js';
import { combineLabels, copyPdfPages, mergePdfs, splitPdf, type CopiedPages } from './labels.js';
import type { Logo } from './label-work.js';
import { normaliseLogo } from './logo.js';
import { pdfToPng } from './raster.js';

export type LabelTask =
  | { op: 'combine'; format: string; labels: Uint8Array[] }
  | { op: 'merge'; files: Uint8Array[] }
  | { op: 'split'; pdf: Uint8Array }
  | { op: 'rasterise'; pdf: Uint8Array; dpi?: number }
  | { op: 'copyPages'; label: Uint8Array; first: number; parent: number }
  | { op: 'logo'; image: Uint8Array };

export type LabelTaskResult =
  | { format: string; bytes: Uint8Array }
  | { pages: Uint8Array[] }
  | { copied: CopiedPages }
  | { logo: Logo }
  | { error: { code: ApiError['code']; message: string; detail: string } };

export default async function run(task: LabelTask): Promise<LabelTaskResult> {
  try {
    switch (task.op) {
      case 'combine':
        return await combineLabels(task.format, task.labels);
      case 'merge':
        return { format: 'PDF', bytes: await mergePdfs(task.files) };
      case 'split':
        return { pages: await splitPdf(task.pdf) };
      case 'rasterise':
        return { format: 'PNG', bytes: await pdfToPng(task.pdf, task.dpi) };
      case 'copyPages':
        return { copied: await copyPdfPages(task.label, task.first, task.parent) };
      case 'logo':
        return { logo: await normaliseLogo(task.image) };
    }
  } catch (err) {
    if (err instanceof ApiError) return { error: { code: err.code, message: err.message, detail: err.detail } };
    throw err;
  }
}
