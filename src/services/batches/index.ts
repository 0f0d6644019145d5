export { createBatchesService } from './batches.js';
export { createBatchBooking } from './booking.js';
export { readCsv } from './csv.js';
export { startBatchWorker } from './worker.js';
export { previewBatch, type BatchSource } from './preview.js';
