/**
 * A price list's CSV: a header row naming the columns (those of a carrier's published list:
 * service_code, service_name, zone_label, country_codes, min_weight, max_weight, max_length,
 * max_width, max_height, rate, currency, transit_days, domicile, international), then one band per
 * row. Read by csv-parse as the body arrives, a piece at a time (the body reader gives the event
 * loop its turns between pieces), and checked a slice at a time, so that a large list never holds
 * other requests up; written back with csv-stringify for the download.
 */
import { ApiError } from '../../domain/errors.js';
import { MAX_PRICE_LIST_ROWS, type PriceBand } from '../../domain/price-list.js';
import { PRICE_LIST_COLUMNS, type PriceListRowInput } from '../../contract/price-list.js';
import { REQUIRED, type Column, type RawRow } from './price-list-rows.js';

/** A line longer than this is no price list's: 14 columns, the longest a list of every country. */
const MAX_LINE_BYTES = 8 * 1024;

function readHeader(cells: string[]): Column[] {
  const names = cells.map((c) => c.trim().toLowerCase());
  const expected = `expected columns: ${PRICE_LIST_COLUMNS.join(', ')}`;
  const unknown = names.find((n) => !(PRICE_LIST_COLUMNS as readonly string[]).includes(n));
  if (unknown !== undefined)
    throw new ApiError(
      'schema_validation_error',
      `line 1: unknown column "${unknown.slice(0, 40)}"; ${expected}`,
      'line 1',
    );
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new ApiError('schema_validation_error', `line 1: column "${dup}" appears twice`, 'line 1');
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0)
    throw new ApiError(
      'schema_validation_error',
      `line 1: the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; ${expected}`,
      'line 1',
    );
  return names as Column[];
}

const tooMany = () =>
  new ApiError('payload_too_large', `the price list has more than ${MAX_PRICE_LIST_ROWS} rows`, 'body');

function parserError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; message?: string; lines?: number };
  const at = e.lines !== undefined ? `line ${e.lines}` : 'body';
  if (e.code === 'CSV_MAX_RECORD_SIZE')
    return new ApiError('payload_too_large', `${at} of the CSV is longer than ${MAX_LINE_BYTES} bytes`, at);
  const message = (e.message ?? 'malformed').slice(0, 200);
  return new ApiError('schema_validation_error', `the CSV could not be read: ${message}`, at);
}

/** The rows of a CSV body as it arrives, each with its line (the header is line 1). */
export async function readPriceListCsv(pieces: AsyncIterable<Buffer>): Promise<RawRow[]> {
  let columns: Column[] | undefined;
  const rows: RawRow[] = [];
  let failure: unknown;
  // The CSV libraries are loaded by the first price list read or written, not at start.
  const { parse } = await import('csv-parse');
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: MAX_LINE_BYTES,
    on_record: (parsed: unknown) => {
      const { record, info } = parsed as { record: string[]; info: { lines: number } };
      try {
        if (columns === undefined) columns = readHeader(record);
        else {
          if (rows.length === MAX_PRICE_LIST_ROWS) throw tooMany();
          const at = `line ${info.lines}`;
          if (record.length > columns.length)
            throw new ApiError(
              'schema_validation_error',
              `${at} has ${record.length} fields but the header names ${columns.length} columns`,
              at,
            );
          const cells: RawRow['cells'] = {};
          columns.forEach((c, i) => {
            const cell = (record[i] ?? '').trim();
            if (cell !== '') cells[c] = cell;
          });
          rows.push({ at, cells });
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
      parser.write(piece);
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      await new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()));
    }
  } finally {
    parser.destroy();
  }
  if (failure) throw parserError(failure);
  if (columns === undefined)
    throw new ApiError(
      'schema_validation_error',
      `the CSV is empty; line 1 must name the columns (expected columns: ${PRICE_LIST_COLUMNS.join(', ')})`,
      'line 1',
    );
  if (rows.length === 0)
    throw new ApiError(
      'schema_validation_error',
      'the CSV has a header but no rows; a price list has at least one band',
      'body',
    );
  return rows;
}

/** The rows of a JSON upload as the CSV reader gives them: each member as its cell's text. */
export function jsonRows(rows: readonly PriceListRowInput[]): RawRow[] {
  return rows.map((row, i) => {
    const cells: RawRow['cells'] = {};
    for (const [k, v] of Object.entries(row) as [Column, string | number | boolean][]) {
      const text = String(v).trim();
      if (text !== '') cells[k] = text;
    }
    return { at: `price_list.rows[${i}]`, cells };
  });
}

/** The list as a CSV file in the upload's columns: what was uploaded, read back. */
export async function priceListCsv(bands: readonly PriceBand[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = bands.map((b) => [
    b.service,
    b.service_name,
    b.zone,
    b.countries.join(','),
    b.min_kg,
    b.max_kg,
    b.max_cm?.[0] ?? '',
    b.max_cm?.[1] ?? '',
    b.max_cm?.[2] ?? '',
    b.price,
    b.currency,
    b.transit_days[0] === b.transit_days[1] ? String(b.transit_days[0]) : `${b.transit_days[0]}-${b.transit_days[1]}`,
  ]);
  return stringify([PRICE_LIST_COLUMNS.slice(0, 12), ...records]);
}
