/**
 * Labels and invoices drawn on worker threads (piscina, draw-worker.ts), for the emulator: run in
 * the service's own process (`npm start`), its drawing on the event loop held the service's other
 * requests for as long as a shipment's labels took (200 PDF labels: 350-1,149 ms; 99 PNG labels:
 * 655 ms). The threads start with the first label and stop after a while idle; an
 * idle one does not keep the process alive.
 */
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { threadModule } from '../../foundations/thread-module.js';
import type { DrawTask } from './draw-worker.js';
import type { InvoiceData } from './invoice.js';
import type { LabelData, LabelFormat } from './labels.js';
import type { LabelStock } from './layout.js';

/** One fewer than the cores (the event loop keeps one), 1 to 2, as for the service's label work. */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A thread idle this long stops, its heap freed. */
const IDLE_MS = 30_000;

let pool: Promise<Piscina> | undefined;
const started = () =>
  (pool ??= import('piscina').then(
    ({ Piscina }) =>
      new Piscina({
        ...threadModule('draw-worker', import.meta.url),
        minThreads: 0,
        maxThreads: THREADS,
        idleTimeout: IDLE_MS,
      }),
  ));

async function draw(task: DrawTask): Promise<Buffer> {
  // The bytes come back as a plain Uint8Array (a copy): the callers want a Buffer.
  const bytes = (await (await started()).run(task)) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** renderLabel (labels.ts), on a thread. */
export function renderLabel(format: LabelFormat, stock: LabelStock, data: LabelData): Promise<Buffer> {
  return draw({ kind: 'label', format, stock, data });
}

/** renderInvoicePdf (invoice.ts), on a thread. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  return draw({ kind: 'invoice', data });
}
