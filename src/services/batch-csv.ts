/**
 * CSV import for POST /batches: a header row naming columns, one shipment per row, and query
 * parameters for what the rows share. Parsed by a real CSV parser (quoted fields with commas,
 * quotes and newlines; a byte order mark). Each item remembers its line number (the header is
 * line 1) and a bad value fails that row alone, naming its column.
 */
import { parse } from 'csv-parse/sync';
import type { CsvQuery } from '../contract/batches.js';
import { MAX_BATCH_ITEMS } from '../contract/batches.js';
import { ApiError } from '../domain/errors.js';

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

interface Parsed {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** The line a record starts on: the parser reports the line it ends on. */
function startLine(p: Parsed): number {
  const body = p.raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
  return p.info.lines - (body.match(/\n/g)?.length ?? 0);
}

function readHeader(cells: string[]): Column[] {
  const names = cells.map((c) => c.trim().toLowerCase());
  const unknown = names.filter((n) => !(CSV_COLUMNS as readonly string[]).includes(n));
  const expected = `expected columns: ${CSV_COLUMNS.join(', ')}`;
  if (unknown.length === names.length) throw new ApiError('schema_validation_error', `the CSV has no recognised header row; the first line must name the columns (${expected})`, 'header');
  if (unknown.length > 0) throw new ApiError('schema_validation_error', `unknown CSV column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}; ${expected}`, 'header');
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new ApiError('schema_validation_error', `CSV column "${dup}" appears twice`, 'header');
  return names as Column[];
}

/** One shipment of a new batch, as read from JSON or a CSV row; `error` fails it before booking. */
export interface NewItem {
  input: Record<string, unknown>;
  row?: number;
  reference: string | null;
  error?: ApiError;
}

export interface CsvShared extends CsvQuery {
  /** The billing address of the account (the first of shipping_accounts): every row's sender. */
  sender: Record<string, unknown>;
}

/** One row as a /ship shipment, or the error naming the column that is wrong. */
function rowToItem(columns: Column[], cells: string[], line: number, shared: CsvShared): NewItem {
  const v: Partial<Record<Column, string>> = {};
  columns.forEach((c, i) => {
    const cell = (cells[i] ?? '').trim();
    if (cell !== '') v[c] = cell;
  });
  if (cells.length > columns.length) return { row: line, reference: v.reference ?? null, input: {}, error: new ApiError('schema_validation_error', `line ${line} has ${cells.length} fields but the header names ${columns.length} columns`, `line ${line}`) };
  const num: Partial<Record<Column, number>> = {};
  for (const c of NUMERIC) {
    if (v[c] === undefined) continue;
    const n = Number(v[c]);
    if (!Number.isFinite(n)) return { row: line, reference: v.reference ?? null, input: {}, error: new ApiError('schema_validation_error', `line ${line}, column ${c}: "${v[c]}" is not a number`, c) };
    num[c] = n;
  }
  const recipient: Record<string, string> = {};
  for (const c of columns) if (c.startsWith('recipient_') && v[c] !== undefined) recipient[c.slice('recipient_'.length)] = v[c]!;
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
    ...(v.description && international ? { customs_items: [{ description: v.description, quantity: 1, ...(num.value !== undefined ? { value: num.value } : {}), ...(num.weight !== undefined ? { weight: num.weight, weight_unit: shared.weight_units } : {}) }] } : {}),
  };
  for (const k of Object.keys(input)) if (input[k] === undefined) delete input[k];
  return { row: line, reference: v.reference ?? null, input };
}

/** A CSV row's error names its line and column, not a JSON path the user never wrote. */
export function csvItemError(err: ApiError, line: number): ApiError {
  if ((CSV_COLUMNS as readonly string[]).includes(err.detail) || err.detail.startsWith('line ')) return err;
  const column = csvColumnOf(err.detail);
  return new ApiError(err.code, `line ${line}, column ${column}: ${err.message}`, column, { ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}), cause: err });
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

export function parseCsv(text: string, shared: CsvShared): NewItem[] {
  let records: Parsed[];
  try {
    records = parse(text, { bom: true, info: true, raw: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }) as unknown as Parsed[];
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    throw new ApiError('schema_validation_error', `the CSV could not be read: ${e.message ?? 'malformed'}`, e.lines !== undefined ? `line ${e.lines}` : 'body');
  }
  const [header, ...rows] = records;
  if (!header) throw new ApiError('schema_validation_error', `the CSV is empty; the first line must name the columns (expected columns: ${CSV_COLUMNS.join(', ')})`, 'header');
  const columns = readHeader(header.record);
  if (rows.length === 0) throw new ApiError('schema_validation_error', 'the CSV has a header but no rows; a batch has 1 to 10000 shipments', 'body');
  if (rows.length > MAX_BATCH_ITEMS) throw new ApiError('schema_validation_error', `the CSV has ${rows.length} rows; a batch has at most ${MAX_BATCH_ITEMS} shipments`, 'body');
  return rows.map((r) => rowToItem(columns, r.record, startLine(r), shared));
}
