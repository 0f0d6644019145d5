/**
 * A price list's rows checked strictly, one cell at a time: a bad value refuses the whole upload
 * (a list half taken would price some parcels from the old prices and some from none), and the
 * answer names the row and the column of each problem, the first few of them, so a merchant fixes
 * a spreadsheet in one go.
 */
import { serviceWords, type CarrierCatalog } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import type { PriceBand } from '../../domain/price-list.js';
import { PRICE_LIST_COLUMNS } from '../../contract/price-list.js';
import { timeSlicer } from '../../foundations/time-slice.js';

export type Column = (typeof PRICE_LIST_COLUMNS)[number];
export const REQUIRED: readonly Column[] = [
  'service_code',
  'min_weight',
  'max_weight',
  'rate',
  'currency',
  'transit_days',
];
const SIZE: readonly Column[] = ['max_length', 'max_width', 'max_height'];

/** One row as read: its cells by column (empty cells left out), and where it is ("line 3", "price_list.rows[1]"). */
export interface RawRow {
  at: string;
  cells: Partial<Record<Column, string>>;
}

/** Problems an answer lists; the rest are counted. */
const LISTED = 5;
/** Heavier than any parcel service takes: a band up to this is a real one. */
const MAX_KG = 1000;
const MAX_CM = 1000;

class CellError extends Error {
  constructor(
    readonly column: Column,
    message: string,
  ) {
    super(message);
  }
}

function number(cells: RawRow['cells'], column: Column, max: number): number {
  const text = cells[column];
  const n = Number(text);
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(n))
    throw new CellError(column, `"${text ?? ''}" is not a number (a decimal point, no unit)`);
  if (n > max) throw new CellError(column, `${n} is more than ${max}`);
  return n;
}

function transit(text: string | undefined): [number, number] {
  const m = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?$/.exec(text ?? '');
  if (!m) throw new CellError('transit_days', `"${text ?? ''}" is not a number of days or a range such as 1-2`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new CellError('transit_days', `${text} goes from more days to fewer`);
  return [min, max];
}

function band(cells: RawRow['cells'], carrier: string, catalog: CarrierCatalog): PriceBand {
  const service = cells.service_code ?? '';
  if (catalog.services.length > 0 && !catalog.services.includes(service)) {
    const known = catalog.services.slice(0, 8).join(', ');
    throw new CellError(
      'service_code',
      `${carrier} has no service "${service}" (its services: ${known}${catalog.services.length > 8 ? ', …' : ''}; GET /meta/carriers lists them)`,
    );
  }
  const countries = (cells.country_codes ?? '').split(/[\s,;]+/).filter(Boolean);
  const wrong = countries.find((c) => !/^[A-Z]{2}$/.test(c));
  if (wrong !== undefined)
    throw new CellError('country_codes', `"${wrong}" is not an ISO country code of two capital letters`);
  const min = number(cells, 'min_weight', MAX_KG);
  const max = number(cells, 'max_weight', MAX_KG);
  if (max <= min) throw new CellError('max_weight', `${max} is not above min_weight ${min}`);
  const given = SIZE.filter((c) => cells[c] !== undefined);
  if (given.length > 0 && given.length < 3)
    throw new CellError(
      SIZE.find((c) => cells[c] === undefined)!,
      'is empty: give all three of max_length, max_width and max_height, or none',
    );
  const sides = given.length === 3 ? SIZE.map((c) => number(cells, c, MAX_CM)).sort((a, b) => b - a) : undefined;
  if (sides?.some((s) => s <= 0))
    throw new CellError(SIZE[sides.indexOf(0)] ?? 'max_length', 'a size limit must be above 0');
  const price = cells.rate ?? '';
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(price))
    throw new CellError('rate', `"${price}" is not a price (decimal text with at most two decimals, no currency sign)`);
  const currency = cells.currency ?? '';
  if (!/^[A-Z]{3}$/.test(currency))
    throw new CellError('currency', `"${currency}" is not an ISO currency code of three capital letters`);
  for (const flag of ['domicile', 'international'] as const) {
    const v = cells[flag];
    if (v !== undefined && v !== 'true' && v !== 'false') throw new CellError(flag, `"${v}" is neither true nor false`);
  }
  return {
    service,
    service_name: cells.service_name ?? serviceWords(carrier, catalog, service),
    zone: cells.zone_label ?? '',
    countries,
    min_kg: min,
    max_kg: max,
    ...(sides ? { max_cm: [sides[0]!, sides[1]!, sides[2]!] as const } : {}),
    price: price.includes('.') ? price.padEnd(price.indexOf('.') + 3, '0') : `${price}.00`,
    currency,
    transit_days: transit(cells.transit_days),
  };
}

/** The error of a list with problems: each named by its row and column, the first of them in `detail`. */
function refusal(problems: { at: string; column: string; message: string }[]): ApiError {
  const listed = problems.slice(0, LISTED).map((p) => `${p.at}, column ${p.column}: ${p.message}`);
  const more = problems.length > LISTED ? `; and ${problems.length - LISTED} more` : '';
  const first = problems[0]!;
  return new ApiError(
    'schema_validation_error',
    `the price list was not taken: ${listed.join('; ')}${more}`,
    `${first.at}, column ${first.column}`,
  );
}

/**
 * Every row as a band, or the refusal naming each bad cell. A service priced in two currencies is
 * refused too: its parcels' prices could not be added up.
 */
export async function toBands(rows: readonly RawRow[], carrier: string, catalog: CarrierCatalog): Promise<PriceBand[]> {
  const slice = timeSlicer();
  const problems: { at: string; column: string; message: string }[] = [];
  const bands: PriceBand[] = [];
  const currencyOf = new Map<string, string>();
  for (const row of rows) {
    await slice();
    const missing = REQUIRED.find((c) => row.cells[c] === undefined);
    if (missing) {
      problems.push({ at: row.at, column: missing, message: 'is empty' });
      continue;
    }
    try {
      const b = band(row.cells, carrier, catalog);
      const first = currencyOf.get(b.service);
      if (first !== undefined && first !== b.currency)
        throw new CellError(
          'currency',
          `${b.currency}, but earlier rows price ${b.service} in ${first}; one service takes one currency`,
        );
      currencyOf.set(b.service, b.currency);
      bands.push(b);
    } catch (err) {
      if (!(err instanceof CellError)) throw err;
      problems.push({ at: row.at, column: err.column, message: err.message });
    }
  }
  if (problems.length > 0) throw refusal(problems);
  return bands;
}
