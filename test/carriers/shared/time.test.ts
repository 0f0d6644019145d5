import { describe, expect, it } from 'vitest';
import { toHhMm, toIsoDate, toIsoWithOffset, utcDate } from '../../../src/carriers/shared/time.js';

describe('toIsoWithOffset', () => {
  it.each([
    ['2018-02-02T12:01:00-07:00', '2018-02-02T12:01:00-07:00'],
    ['2018-02-02T12:01:00.123-07:00', '2018-02-02T12:01:00-07:00'],
    ['2018-02-02T12:01:00.1234567+05:30', '2018-02-02T12:01:00+05:30'],
    ['2018-02-02T12:01:00Z', '2018-02-02T12:01:00+00:00'],
    ['2018-02-02T12:01:00.5z', '2018-02-02T12:01:00+00:00'],
    ['2018-02-02T12:01:00', '2018-02-02T12:01:00+00:00'],
    ['2018-02-02 12:01:00', '2018-02-02T12:01:00+00:00'],
    ['2018-02-02T12:01', '2018-02-02T12:01:00+00:00'],
    ['2018-02-02T12:01:00+0700', '2018-02-02T12:01:00+07:00'],
    ['2018-02-02T12:01:00-03', '2018-02-02T12:01:00-03:00'],
    ['2018-02-02T12:01:00-00:00', '2018-02-02T12:01:00+00:00'],
    ['2007-09-27', '2007-09-27T00:00:00+00:00'],
    ['  2024-02-29T23:59:59Z ', '2024-02-29T23:59:59+00:00'],
  ])('%s → %s', (input, expected) => {
    expect(toIsoWithOffset(input)).toBe(expected);
  });

  it.each(['', 'yesterday', '2018-13-01', '2023-02-29', '2018-02-02T24:00:00', '2018-02-02T12:60:00', '2018-02-02T12:01:00+15:00', '02/02/2018 12:01', '2018-02-02T12:01:00 PST'])(
    'refuses %j',
    (input) => {
      expect(toIsoWithOffset(input)).toBeUndefined();
    },
  );

  it('produces instants that order correctly across offsets', () => {
    const a = toIsoWithOffset('2018-02-02T20:00:00-08:00') ?? '';
    const b = toIsoWithOffset('2018-02-03T03:00:00Z') ?? '';
    expect(Date.parse(a)).toBeGreaterThan(Date.parse(b));
  });
});

describe('date and time helpers', () => {
  it('reads calendar dates, clock times and today', () => {
    expect(toIsoDate('2024-07-25T23:59:00')).toBe('2024-07-25');
    expect(toIsoDate('2019-10-15')).toBe('2019-10-15');
    expect(toIsoDate('')).toBeUndefined();
    expect(toHhMm('18:30:00')).toBe('18:30');
    expect(toHhMm('09:05')).toBe('09:05');
    expect(toHhMm('9:05')).toBeUndefined();
    expect(toHhMm('24:00')).toBeUndefined();
    expect(utcDate(new Date('2024-02-15T23:59:59-05:00'))).toBe('2024-02-16');
  });
});
