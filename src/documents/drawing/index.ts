export { renderInvoicePdf } from './invoice.js';
export { labelStock, renderLabel } from './labels.js';
export type { LabelData, LabelFormat, LabelStock } from './labels.js';
