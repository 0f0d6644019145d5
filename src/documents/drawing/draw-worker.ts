/**
 * The drawing thread's module (threads.ts runs it on worker threads): one label or invoice drawn
 * per task, by the same functions the event loop would have run.
 */
import { renderInvoicePdf, type InvoiceData } from './invoice.js';
import { renderLabel, type LabelData, type LabelFormat } from './labels.js';
import type { LabelStock } from './layout.js';

export type DrawTask =
  { kind: 'label'; format: LabelFormat; stock: LabelStock; data: LabelData } | { kind: 'invoice'; data: InvoiceData };

export default function draw(task: DrawTask): Promise<Uint8Array> {
  return task.kind === 'label' ? renderLabel(task.format, task.stock, task.data) : renderInvoicePdf(task.data);
}
