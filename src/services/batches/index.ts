export { createBatchesService } from './batches.js';
export { createBatchBooking } from './booking.js';
export { readCsv } from './csv.js';
export { startBatchWorker } from './worker.js';
