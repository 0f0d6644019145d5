/**
 * A CSV file's rows as items of a new batch, read on the event loop when the file is short, on a
 * thread of its own when it is large (body-thread.ts; csv-worker.ts reads it there). The thread
 * sends each item back as its text, so that 10,000 rows' cells and shipments never reach the
 * service's heap, and their parsing never takes the event loop's time.
 */
import { readBody } from '../../foundations/body-thread.js';
import { ApiError } from '../../domain/errors.js';
import { readCsv } from './csv.js';
import { csvItems, type CsvShared, type NewItem } from './csv-items.js';
import type { Part } from './csv-worker.js';

export function readCsvItems(tenant: string, pieces: AsyncIterable<Buffer>, shared: CsvShared): Promise<NewItem[]> {
  const items: NewItem[] = [];
  return readBody<Part, null, NewItem[]>(pieces, {
    tenant,
    inline: async (all) => csvItems(await readCsv(all), shared),
    module: 'csv-worker',
    callerUrl: import.meta.url,
    workerData: shared,
    part(part) {
      for (const { error, ...item } of part)
        items.push({ ...item, ...(error ? { error: ApiError.fromBody(error) } : {}) });
    },
    done: () => items,
    refused: ApiError.fromBody,
    tooLarge: () =>
      new ApiError('payload_too_large', 'The file holds more than a batch of 10000 shipments can', 'body'),
  });
}
