/**
 * A CSV row as an item of a new batch: its cells made into a /ship shipment with what the query
 * says the rows share, or the error naming its line and column; and an item's error, once checked,
 * named by the column it came from rather than a JSON path the user never wrote.
 */
import type { CsvQuery } from '../../contract/batches.js';
import { ApiError } from '../../domain/errors.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import { CSV_COLUMNS, type Column, type CsvFile, type CsvRow } from './csv.js';

const NUMERIC = new Set<Column>(['weight', 'length', 'width', 'height', 'value']);

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
