/**
 * CSV import for POST /batches: a header row naming columns, one shipment per row, and query
 * parameters for what the rows share. Parsed by a real CSV parser (quoted fields with commas,
 * quotes and newlines; a byte order mark) as the file arrives, a piece at a time, with its limits
 * checked as it goes: the whole file parsed at once held the event loop for seconds, and a file of
 * one 32 MiB cell, 33 million empty fields or millions of unknown columns was read whole before
 * anything refused it. Each item remembers its line number (the header is line 1) and a bad value
 * fails that row alone, naming its column.
 */
import type { Info } from 'csv-parse';
import { MAX_BATCH_ITEMS } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';

export const CSV_COLUMNS = [
  'reference',
  'recipient_name',
  'recipient_company',
  'recipient_street1',
  'recipient_street2',
  'recipient_city',
  'recipient_state',
  'recipient_postal_code',
  'recipient_country',
  'recipient_phone',
  'recipient_email',
  'weight',
  'length',
  'width',
  'height',
  'value',
  'service',
  'description',
] as const;
export type Column = (typeof CSV_COLUMNS)[number];

/**
 * Bytes a line may take: 18 columns of up to 1,000 characters (the longest any field takes), quoted,
 * in UTF-8, fit with room to spare. A longer line is refused whole (413), before it is read to its end.
 */
export const MAX_CSV_LINE_BYTES = 64 * 1024;
/** Unknown column names an error lists (each cut at NAME_ECHO characters); the rest are counted. */
const UNKNOWN_ECHO = 5;
const NAME_ECHO = 40;

interface Parsed {
  record: string[];
  info: Info;
  raw: string;
}

/** The line a record starts on: the parser reports the line it ends on. */
function startLine(p: Parsed): number {
  const body = p.raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
  return p.info.lines - (body.match(/\n/g)?.length ?? 0);
}

const quoted = (name: string) => `"${name.length > NAME_ECHO ? `${name.slice(0, NAME_ECHO)}…` : name}"`;

function readHeader(cells: string[]): Column[] {
  const names = cells.map((c) => c.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  const expected = `expected columns: ${CSV_COLUMNS.join(', ')}`;
  if (unknown.length === names.length)
    throw new ApiError(
      'schema_validation_error',
      `the CSV has no recognised header row; the first line must name the columns (${expected})`,
      'header',
    );
  if (unknown.length > 0) {
    const more = unknown.length > UNKNOWN_ECHO ? ` and ${unknown.length - UNKNOWN_ECHO} more` : '';
    throw new ApiError(
      'schema_validation_error',
      `unknown CSV column${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, UNKNOWN_ECHO).map(quoted).join(', ')}${more}; ${expected}`,
      'header',
    );
  }
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new ApiError('schema_validation_error', `CSV column ${quoted(dup)} appears twice`, 'header');
  return names as Column[];
}

/** One row as read: its cells under the header's columns, how many fields it had, its first line. */
export interface CsvRow {
  cells: string[];
  fields: number;
  line: number;
}

export interface CsvFile {
  columns: Column[];
  rows: CsvRow[];
}

const csvError = (err: unknown): ApiError => {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; message?: string; lines?: number };
  const detail = e.lines !== undefined ? `line ${e.lines}` : 'body';
  if (e.code === 'CSV_MAX_RECORD_SIZE')
    return new ApiError(
      'payload_too_large',
      `${detail} of the CSV is longer than ${MAX_CSV_LINE_BYTES} bytes; a row holds at most ${CSV_COLUMNS.length} fields of 1000 characters`,
      detail,
    );
  // The parser's message may quote a field: at most a short excerpt of it is echoed.
  const message = e.message ?? 'malformed';
  return new ApiError(
    'schema_validation_error',
    `the CSV could not be read: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`,
    detail,
  );
};

/**
 * Reads the file as its pieces arrive: the header is checked as soon as it is read, and the file is
 * refused at the first line longer than MAX_CSV_LINE_BYTES (however many fields or lines of a quoted
 * field make it up) or the first row past MAX_BATCH_ITEMS. A row keeps only the cells the header
 * names and the count of the others. Each row is handed to `take` as it is read (by default kept
 * in the file's `rows`).
 */
export async function readCsv(
  pieces: AsyncIterable<Buffer>,
  take?: (row: CsvRow, columns: Column[]) => void,
): Promise<CsvFile> {
  let columns: Column[] | undefined;
  const rows: CsvRow[] = [];
  let count = 0;
  let failure: unknown;
  let fed = 0;
  // Bytes up to the end of the last record, and the empty lines skipped by then: a line still open
  // this far past it is too long. Each empty line skipped since (two bytes at most) does not count.
  let recordEnd = 0;
  let emptyLines = 0;
  // Loaded by the first CSV file read here, not at start: most instances never read one.
  const { parse } = await import('csv-parse');
  const parser = parse({
    bom: true,
    info: true,
    raw: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_CSV_LINE_BYTES,
    // Each record is taken here as it is parsed, and none goes on down the stream.
    on_record: (parsed: unknown) => {
      const p = parsed as Parsed;
      recordEnd = p.info.bytes;
      emptyLines = p.info.empty_lines;
      try {
        if (columns === undefined) columns = readHeader(p.record);
        else if (count++ === MAX_BATCH_ITEMS)
          throw new ApiError(
            'schema_validation_error',
            `the CSV has more than ${MAX_BATCH_ITEMS} rows; a batch has at most ${MAX_BATCH_ITEMS} shipments`,
            'body',
          );
        else {
          const row = { cells: p.record.slice(0, columns.length), fields: p.record.length, line: startLine(p) };
          if (take) take(row, columns);
          else rows.push(row);
        }
      } catch (err) {
        failure ??= err;
        throw err;
      }
      return null;
    },
  });
  parser.on('error', (err) => (failure ??= err));
  parser.resume();
  try {
    for await (const piece of pieces) {
      fed += piece.length;
      parser.write(piece);
      if (failure) break;
      if (fed - recordEnd - 2 * (parser.info.empty_lines - emptyLines) > MAX_CSV_LINE_BYTES) {
        failure = new ApiError(
          'payload_too_large',
          `line ${parser.info.lines} of the CSV is longer than ${MAX_CSV_LINE_BYTES} bytes; a row holds at most ${CSV_COLUMNS.length} fields of 1000 characters`,
          `line ${parser.info.lines}`,
        );
        break;
      }
    }
    if (!failure) {
      parser.end();
      await new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()));
    }
  } finally {
    parser.destroy();
  }
  if (failure) throw csvError(failure);
  if (columns === undefined)
    throw new ApiError(
      'schema_validation_error',
      `the CSV is empty; the first line must name the columns (expected columns: ${CSV_COLUMNS.join(', ')})`,
      'header',
    );
  if (count === 0)
    throw new ApiError(
      'schema_validation_error',
      'the CSV has a header but no rows; a batch has 1 to 10000 shipments',
      'body',
    );
  return { columns, rows };
}
