/** GET /batches/{id}/labels: which labels go into the print file, read a page at a time in batch order. */
import { Readable } from 'node:stream';
import { ApiError } from '../../domain/errors.js';
import type { LabelWork } from '../../documents/index.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import { pdfPrintFile } from '../../documents/index.js';
import { findBatch, type BatchesDeps } from './batches-deps.js';

export type PrintFormat = 'pdf' | 'zpl' | 'epl';

/** The stored label formats each print format takes. */
const ACCEPTS: Record<PrintFormat, string[]> = { pdf: ['PDF'], zpl: ['ZPL', 'ZPLII'], epl: ['EPL', 'EPL2'] };

/** The print formats that hold every one of these stored label formats: one, or none when they are mixed. */
export function printFormatsFor(formats: string[]): PrintFormat[] {
  if (formats.length === 0) return [];
  return (Object.keys(ACCEPTS) as PrintFormat[]).filter((p) =>
    formats.every((f) => ACCEPTS[p].includes(f.toUpperCase())),
  );
}

/** The print file formats (GET /batches/{id}/labels?format=) a batch's booked labels fit. */
export async function printFormats(db: Db, tenant: string, batchId: string): Promise<PrintFormat[]> {
  return printFormatsFor(await repo.labelFormats(db, tenant, batchId));
}

const ITEMS_PER_READ = 200;
const LABELS_PER_READ = 25;

/** Every booked package label of the batch, in batch order and package order. */
async function* labelsInOrder(db: Db, tenant: string, batchId: string): AsyncGenerator<Uint8Array> {
  let after = -1;
  for (;;) {
    const items = await repo.bookedAfter(db, batchId, after, ITEMS_PER_READ);
    if (items.length === 0) return;
    after = items.at(-1)!.idx;
    const ids = items.flatMap((i) => i.label_ids ?? []);
    for (let i = 0; i < ids.length; i += LABELS_PER_READ) {
      const wanted = ids.slice(i, i + LABELS_PER_READ);
      const byId = new Map((await repo.labelsByIds(db, tenant, wanted)).map((l) => [l.id, l.data]));
      for (const id of wanted) {
        const data = byId.get(id);
        if (data) yield data;
      }
    }
  }
}

export async function printFile(
  db: Db,
  tenant: string,
  batchId: string,
  format: PrintFormat,
  log: Log,
  work: Pick<LabelWork, 'copyPdfPages'>,
): Promise<{ contentType: string; stream: Readable }> {
  const formats = await repo.labelFormats(db, tenant, batchId);
  if (formats.length === 0) throw new ApiError('not_found', `batch ${batchId} has no booked labels yet`, batchId);
  const other = formats.filter((f) => !ACCEPTS[format].includes(f.toUpperCase()));
  if (other.length > 0) {
    const fits = printFormatsFor(formats);
    const hint =
      fits.length > 0
        ? `; ask for format=${fits[0]}`
        : '; the labels of this batch are in several formats, so no single print file holds them all';
    throw new ApiError(
      'schema_validation_error',
      `the labels of batch ${batchId} were booked as ${formats.join(', ')}, not ${format.toUpperCase()}${hint}`,
      'format',
    );
  }
  const labels = labelsInOrder(db, tenant, batchId);
  const stream = Readable.from(format === 'pdf' ? pdfPrintFile(labels, work, log) : printerPrintFile(labels), {
    objectMode: false,
  });
  return { contentType: format === 'pdf' ? 'application/pdf' : 'application/octet-stream', stream };
}

/** ZPL and EPL: the labels one after the other, a newline between them where one lacks it (EPL is line-based). */
export async function* printerPrintFile(labels: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const label of labels) {
    yield Buffer.from(label);
    if (label[label.length - 1] !== 0x0a) yield Buffer.from('\n');
  }
}

/** GET /batches/{id}/labels: the tenant's batch's print file in `format`. */
export async function batchLabels(deps: BatchesDeps, tenant: string, id: string, format: PrintFormat, log: Log) {
  await findBatch(deps.db, tenant, id);
  return printFile(deps.db, tenant, id, format, log, deps.labels);
}
