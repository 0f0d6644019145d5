/**
 * The thread a large CSV file is read on (csv-thread.ts, body-thread-port.ts): each row becomes an
 * item here as it is read, as on the event loop (csv.ts), and goes back in a group, its shipment as
 * its text and its error as its parts. `workerData` is what the rows share (CsvShared).
 */
import { workerData } from 'node:worker_threads';
import { serveBody } from '../../foundations/body-thread-port.js';
import { ApiError, type ErrorBody } from '../../domain/errors.js';
import { readCsv } from './csv.js';
import { csvItem, type CsvShared, type NewItem } from './csv-items.js';

/** A group of items. */
export type Part = (Omit<NewItem, 'error'> & { error?: ErrorBody['error'] })[];

/** Items sent back at a time: a message of some hundreds of kilobytes. */
const GROUP = 100;

serveBody<Part, null>(
  async (pieces, send) => {
    // Each row is made an item as it is read and sent on with its group: the thread never holds the file.
    let group: Part = [];
    await readCsv(pieces, (row, columns) => {
      const { error, ...item } = csvItem(columns, row, workerData as CsvShared);
      group.push({ ...item, ...(error ? { error: error.toBody().error } : {}) });
      if (group.length < GROUP) return;
      send(group);
      group = [];
    });
    if (group.length > 0) send(group);
    return null;
  },
  (err) =>
    (err instanceof ApiError
      ? err
      : new ApiError('schema_validation_error', 'the CSV could not be read', 'body')
    ).toBody().error,
);
