/** One duration parser for the API's portal links and the operator's key expiry, each with its rules. */
import { describe, expect, it } from 'vitest';
import { DURATION_PATTERN, parseDuration } from '../../src/foundations/duration.js';

describe('parseDuration', () => {
  it('reads a number with a unit, and bare seconds, as the API takes them', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration(' 24h ')).toBe(86_400_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('90')).toBe(90_000);
  });

  it('refuses what is not a positive duration', () => {
    for (const text of ['', '0', '0d', '030d', '-1h', '1.5h', 'soon', '1y', '12345678s'])
      expect(parseDuration(text), text).toBeUndefined();
  });

  it('takes weeks only where asked, so the API’s pattern and its parser still agree', () => {
    expect(parseDuration('2w')).toBeUndefined();
    expect(new RegExp(DURATION_PATTERN).test('2w')).toBe(false);
    expect(parseDuration('2w', { weeks: true })).toBe(14 * 86_400_000);
  });

  it('wants a unit where bare seconds are not taken (the operator’s --expires-in)', () => {
    const rules = { weeks: true, bareSeconds: false };
    expect(parseDuration('30', rules)).toBeUndefined();
    expect(parseDuration('30d', rules)).toBe(30 * 86_400_000);
    expect(parseDuration('1w', rules)).toBe(604_800_000);
  });
});
