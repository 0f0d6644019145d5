/**
 * The thread a large CSV file is read on (csv-thread.ts, body-thread-port.ts): the rows become
 * items here, as on the event loop (csv.ts), and go back in groups, each item's shipment as its
 * text and its error as its parts. `workerData` is what the rows share (CsvShared).
 */
import { workerData } from 'node:worker_threads';
import { serveBody } from '../../body-thread-port.js';
import { ApiError, type ErrorBody } from '../../domain/errors.js';
import { csvItems, readCsv, type CsvShared, type NewItem } from './csv.js';

/** A group of items. */
export type Part = (Omit<NewItem, 'error'> & { error?: ErrorBody['error'] })[];

/** Items sent back at a time: a message of some hundreds of kilobytes. */
const GROUP = 100;

serveBody<Part, null>(
  async (pieces, send) => {
    const items = await csvItems(await readCsv(pieces), workerData as CsvShared);
    for (let at = 0; at < items.length; at += GROUP) send(items.slice(at, at + GROUP).map(({ error, ...item }) => ({ ...item, ...(error ? { error: error.toBody().error } : {}) })));
    return null;
  },
  (err) => (err instanceof ApiError ? err : new ApiError('schema_validation_error', 'the CSV could not be read', 'body')).toBody().error,
);
