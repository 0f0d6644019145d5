import { describe, expect, it } from 'vitest';
import { lookupWindow, toHhMm, toIsoDate, toIsoWithOffset, utcDate } from '../../../src/carriers/shared/time.js';

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

  it.each([
    '',
    'yesterday',
    '2018-13-01',
    '2023-02-29',
    '2018-02-02T24:00:00',
    '2018-02-02T12:60:00',
    '2018-02-02T12:01:00+15:00',
    '02/02/2018 12:01',
    '2018-02-02T12:01:00 PST',
  ])('refuses %j', (input) => {
    expect(toIsoWithOffset(input)).toBeUndefined();
  });

  it('answers a timestamp asked again, and again after more than a thousand others, as the first time', () => {
    const first = ['2026-12-01T16:30:00', '2018-02-02T12:01:00+0700', '2023-02-29'].map(toIsoWithOffset);
    expect(first).toEqual(['2026-12-01T16:30:00+00:00', '2018-02-02T12:01:00+07:00', undefined]);
    for (let i = 0; i < 1_500; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
      expect(toIsoWithOffset(`2026-01-02T${hour}:${minute}:00Z`)).toBe(`2026-01-02T${hour}:${minute}:00+00:00`);
    }
    expect(['2026-12-01T16:30:00', '2018-02-02T12:01:00+0700', '2023-02-29'].map(toIsoWithOffset)).toEqual(first);
  });

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

describe('lookupWindow', () => {
  const DAY_MS = 86_400_000;
  /** Monday to Friday after `date`, as a carrier moves a weekend booking or one past its cut-off. */
  const nextWorkingDay = (date: string) => {
    let d = new Date(`${date}T00:00:00Z`);
    do d = new Date(d.getTime() + DAY_MS);
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
    return utcDate(d);
  };
  // A week around a month's end: Wednesday 2026-11-25 to Tuesday 2026-12-01, Saturday 28th included.
  const days = Array.from({ length: 7 }, (_, i) => utcDate(new Date(Date.parse('2026-11-25T00:00:00Z') + i * DAY_MS)));

  it.each(days)(
    'a call on %s, early and late in the day, covers its day, the day before and the next working day',
    (day) => {
      for (const time of ['00:30', '12:00', '23:30']) {
        const w = lookupWindow(undefined, new Date(`${day}T${time}:00Z`));
        expect(w.from <= utcDate(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS))).toBe(true);
        expect(w.to >= nextWorkingDay(day)).toBe(true);
        expect(w.from < w.to).toBe(true);
      }
    },
  );

  it.each(days)('a later ship date (%s, from a Wednesday call) is covered with its next working day', (shipDate) => {
    const w = lookupWindow(shipDate, new Date('2026-11-25T09:00:00Z'));
    expect(w.to >= nextWorkingDay(shipDate)).toBe(true);
    expect(w.from).toBe('2026-11-24');
  });

  it('a ship date before the call does not narrow the window', () => {
    expect(lookupWindow('2026-11-01', new Date('2026-11-28T10:00:00Z'))).toEqual({
      from: '2026-11-27',
      to: '2026-12-05',
    });
  });
});
