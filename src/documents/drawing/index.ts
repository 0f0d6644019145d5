// What the emulator draws with: labels and invoices drawn on worker threads (threads.ts), never on
// the event loop of the process it runs in.
export { renderInvoicePdf, renderLabel } from './threads.js';
export { labelStock } from './labels.js';
export type { LabelData, LabelFormat, LabelStock } from './labels.js';
