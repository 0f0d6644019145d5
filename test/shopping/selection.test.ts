/** The order and choice rules of rate shopping, on rates made up to hit each edge. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { selectRate, sortRates } from '../../src/services/shipping/rate-selection.js';

const rate = (id: string, cost: string, date?: string, currency = 'USD') => ({
  service_type: id,
  service_name: id,
  total_cost: cost,
  currency,
  ...(date ? { estimated_date: date } : {}),
  carrier: 'carrier_a',
  shipping_account: '1',
});
const ids = (rs: { service_type: string }[]) => rs.map((r) => r.service_type);
const fails = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected no_qualifying_rate');
};

describe('sortRates', () => {
  it('puts the request currency first, cheapest first, then other currencies unconverted, keeping ties in order', () => {
    const rates = [
      rate('eur', '1.00', undefined, 'EUR'),
      rate('b', '10.00'),
      rate('a', '9.99'),
      rate('c', '10.00'),
      rate('cad', '0.50', undefined, 'CAD'),
    ];
    expect(ids(sortRates(rates, 'USD'))).toEqual(['a', 'b', 'c', 'cad', 'eur']);
  });
});

describe('selectRate', () => {
  const rates = sortRates(
    [
      rate('slow-cheap', '5.00', '2026-12-05'),
      rate('next-day', '50.00', '2026-11-26'),
      rate('next-day-cheaper', '40.00', '2026-11-26'),
      rate('two-day', '20.00', '2026-11-27'),
      rate('undated', '1.00'),
    ],
    'USD',
  );
  const pick = (select: 'cheapest' | 'fastest' | 'best_value', deliver_by?: string) =>
    selectRate(rates, { select, deliver_by, currency: 'USD', failed: 0 }).service_type;

  it('cheapest ignores dates; fastest and best_value need them', () => {
    expect(pick('cheapest')).toBe('undated');
    expect(pick('fastest')).toBe('next-day-cheaper');
    expect(pick('best_value')).toBe('two-day');
  });

  it('deliver_by first drops late and undated rates', () => {
    expect(pick('cheapest', '2026-11-27')).toBe('two-day');
    expect(pick('best_value', '2026-11-26')).toBe('next-day-cheaper');
    expect(fails(() => pick('cheapest', '2026-11-25')).code).toBe('no_qualifying_rate');
  });

  it('says why nothing qualified', () => {
    expect(fails(() => selectRate([], { select: 'cheapest', currency: 'USD', failed: 3 })).message).toContain(
      '3 failed',
    );
    expect(
      fails(() => selectRate([rate('x', '1.00')], { select: 'fastest', currency: 'USD', failed: 0 })).message,
    ).toContain('estimated delivery date');
    expect(
      fails(() =>
        selectRate([rate('x', '1.00', '2026-11-26', 'EUR')], { select: 'cheapest', currency: 'USD', failed: 0 }),
      ).message,
    ).toContain('not converted');
  });
});
