/**
 * CSV import for POST /batches: a header row naming columns, one shipment per row, and query
 * parameters for what the rows share. Parsed by a real CSV parser (quoted fields with commas,
 * quotes and newlines; a byte order mark) as the file arrives, a piece at a time, with its limits
 * checked as it goes: the whole file parsed at once held the event loop for seconds, and a file of
 * one 32 MiB cell, 33 million empty fields or millions of unknown columns was read whole before
 * anything refused it. Each item remembers its line number (the header is line 1) and a bad value
 * fails that row alone, naming its column.
 */
import { parse, type Info } from 'csv-parse';
import type { CsvQuery } from '../../contract/batches.js';
import { MAX_BATCH_ITEMS } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import { timeSlicer } from '../../foundations/time-slice.js';

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
type Column = (typeof CSV_COLUMNS)[number];
const NUMERIC = new Set<Column>(['weight', 'length', 'width', 'height', 'value']);

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

/**
 * One shipment of a new batch, as read from JSON or a CSV row, before it is checked: its shipment as
 * JSON text (one string on the heap, not a tree of objects); `error` fails it before booking.
 */
export interface NewItem {
  text: string;
  row?: number;
  reference: string | null;
  error?: ApiError;
}

type CsvItem = Omit<NewItem, 'text'> & { input: Record<string, unknown> };

export interface CsvShared extends CsvQuery {
  /** The billing address of the account (the first of shipping_accounts): every row's sender. */
  sender: Record<string, unknown>;
}

/** One row as a /ship shipment, or the error naming the column that is wrong. */
function rowToItem(columns: Column[], { cells, fields, line }: CsvRow, shared: CsvShared): CsvItem {
  const v: Partial<Record<Column, string>> = {};
  columns.forEach((c, i) => {
    const cell = (cells[i] ?? '').trim();
    if (cell !== '') v[c] = cell;
  });
  if (fields > columns.length)
    return {
      row: line,
      reference: v.reference ?? null,
      input: {},
      error: new ApiError(
        'schema_validation_error',
        `line ${line} has ${fields} fields but the header names ${columns.length} columns`,
        `line ${line}`,
      ),
    };
  const num: Partial<Record<Column, number>> = {};
  for (const c of NUMERIC) {
    if (v[c] === undefined) continue;
    const n = Number(v[c]);
    if (!Number.isFinite(n))
      return {
        row: line,
        reference: v.reference ?? null,
        input: {},
        error: new ApiError('schema_validation_error', `line ${line}, column ${c}: "${v[c]}" is not a number`, c),
      };
    num[c] = n;
  }
  const recipient: Record<string, string> = {};
  for (const c of columns)
    if (c.startsWith('recipient_') && v[c] !== undefined) recipient[c.slice('recipient_'.length)] = v[c]!;
  const pkg = { weight: num.weight, length: num.length, width: num.width, height: num.height, value: num.value };
  const international = recipient.country !== undefined && recipient.country !== shared.sender.country;
  const input: Record<string, unknown> = {
    shipping_account: shared.shipping_account,
    shipping_accounts: shared.shipping_accounts,
    select: shared.select,
    sender: shared.sender,
    recipient,
    packages: [Object.fromEntries(Object.entries(pkg).filter(([, x]) => x !== undefined))],
    service: v.service ?? shared.service,
    packaging: shared.packaging,
    dim_units: shared.dim_units,
    weight_units: shared.weight_units,
    ship_date: shared.ship_date,
    label_type: shared.label_type,
    ...(v.reference ? { references: [{ type: 'customer_reference', value: v.reference }] } : {}),
    // Customs need a description of the contents; a domestic label has no use for it.
    ...(v.description && international
      ? {
          customs_items: [
            {
              description: v.description,
              quantity: 1,
              ...(num.value !== undefined ? { value: num.value } : {}),
              ...(num.weight !== undefined ? { weight: num.weight, weight_unit: shared.weight_units } : {}),
            },
          ],
        }
      : {}),
  };
  for (const k of Object.keys(input)) if (input[k] === undefined) delete input[k];
  return { row: line, reference: v.reference ?? null, input };
}

/** A CSV row's error names its line and column, not a JSON path the user never wrote. */
export function csvItemError(err: ApiError, line: number): ApiError {
  if ((CSV_COLUMNS as readonly string[]).includes(err.detail) || err.detail.startsWith('line ')) return err;
  const column = csvColumnOf(err.detail);
  return new ApiError(err.code, `line ${line}, column ${column}: ${err.message}`, column, {
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    cause: err,
  });
}

/** The column (or query parameter) a /ship field path of a CSV item came from. */
function csvColumnOf(path: string): string {
  const field = path.replace(/^shipment\./, '');
  const m = /^recipient\.(\w+)/.exec(field);
  if (m) return `recipient_${m[1]}`;
  const p = /^packages\[0\]\.(\w+)/.exec(field) ?? /^customs_items\[0\]\.(\w+)/.exec(field);
  if (p) return p[1] === 'description' ? 'description' : p[1]!;
  if (field.startsWith('references')) return 'reference';
  if (field === 'packages') return 'weight';
  if (field === '') return 'line';
  if (field === 'service') return 'service';
  return `${field.split(/[.[]/)[0]} (query parameter)`;
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

/** One row as an item of a new batch, sharing what the query says. */
export function csvItem(columns: Column[], row: CsvRow, shared: CsvShared): NewItem {
  const { input, ...item } = rowToItem(columns, row, shared);
  return { ...item, text: JSON.stringify(input) };
}

/** The rows of a file as items of a new batch, a slice at a time. */
export async function csvItems(file: CsvFile, shared: CsvShared): Promise<NewItem[]> {
  const slice = timeSlicer();
  const items: NewItem[] = [];
  for (const row of file.rows) {
    await slice();
    items.push(csvItem(file.columns, row, shared));
  }
  return items;
}
