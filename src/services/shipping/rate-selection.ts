/**
 * Rate shopping's order and choice, pure: rates sorted cheapest first (the request's currency before
 * any other, which is never converted), and `select` / `deliver_by` picking one of them.
 */
import { ApiError } from '../../domain/errors.js';
import type { Rate } from '../../domain/types.js';
import type { Selection } from '../../contract/shipment.js';

export interface ShoppedRate extends Rate {
  carrier: string;
  shipping_account: string;
}

const cost = (r: Rate) => Number(r.total_cost);

/** Request currency first, cheapest first; other currencies after, by currency then cost. Stable among equals. */
export function sortRates<R extends Rate>(rates: readonly R[], currency: string): R[] {
  const group = (r: Rate) => (r.currency === currency ? '' : r.currency);
  return rates
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const ga = group(a.r);
      const gb = group(b.r);
      if (ga !== gb) return ga < gb ? -1 : 1;
      return cost(a.r) - cost(b.r) || a.i - b.i;
    })
    .map(({ r }) => r);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function none(message: string, detail: string): never {
  throw new ApiError('no_qualifying_rate', message, detail);
}

/**
 * The rate `select` asks for among `rates` (sorted by sortRates):
 * - only rates in the request's currency compete (costs in two currencies do not compare);
 * - `deliver_by` first keeps rates whose estimated_date is on or before it (a rate without a date
 *   promises nothing, so it is left out);
 * - cheapest: the lowest total_cost; fastest: the earliest estimated_date, cheapest among equals;
 *   best_value: the cheapest rate arriving at most one day after the fastest.
 * Throws no_qualifying_rate saying why nothing qualified.
 */
export function selectRate<R extends Rate>(
  rates: readonly R[],
  opts: { select: Selection; deliver_by?: string | undefined; currency: string; failed: number },
): R {
  const { select, deliver_by, currency } = opts;
  if (rates.length === 0) {
    none(
      opts.failed > 0
        ? `no account answered with a rate (${opts.failed} failed), so none can be selected`
        : 'the accounts answered no rate for this shipment',
      'shipment.shipping_accounts',
    );
  }
  let pool = sortRates(rates, currency).filter((r) => r.currency === currency);
  if (pool.length === 0)
    none(
      `no rate is in ${currency}; rates in other currencies are not converted, so none can be compared`,
      'shipment.currency',
    );
  if (deliver_by !== undefined) {
    pool = pool.filter((r) => r.estimated_date !== undefined && r.estimated_date <= deliver_by);
    if (pool.length === 0) none(`no rate is estimated to arrive by ${deliver_by}`, 'shipment.deliver_by');
  }
  if (select === 'cheapest') return pool[0]!;
  const dated = pool.filter((r) => r.estimated_date !== undefined);
  if (dated.length === 0)
    none(`no rate carries an estimated delivery date, so none can be chosen as ${select}`, 'shipment.select');
  // `pool` is cheapest first, so the first rate of the earliest date is the cheapest among equals.
  const earliest = dated.reduce(
    (min, r) => (r.estimated_date! < min ? r.estimated_date! : min),
    dated[0]!.estimated_date!,
  );
  if (select === 'fastest') return dated.find((r) => r.estimated_date === earliest)!;
  const latest = addDays(earliest, 1);
  return dated.find((r) => r.estimated_date! <= latest)!;
}
