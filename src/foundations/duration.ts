/**
 * Durations as operators and clients write them: "90s", "15m", "24h", "7d", bare seconds, and,
 * where a reader asks for them, weeks ("2w"). One parser for the API's portal links (its contract's
 * pattern) and the operator's `keys create --expires-in` (weeks, and a unit always written).
 */
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** What the API takes (a portal link's expires_in): no weeks, bare seconds allowed. */
export const DURATION_PATTERN = '^[1-9][0-9]{0,6}[smhd]?$';

export interface DurationRules {
  /** "2w" is taken (default: no). */
  weeks?: boolean;
  /** "90" is ninety seconds (default: yes); else a unit must be written. */
  bareSeconds?: boolean;
}

/** Milliseconds, or undefined when the text is not a duration under the rules. */
export function parseDuration(text: string, rules: DurationRules = {}): number | undefined {
  const m = /^([1-9][0-9]{0,6})([smhdw]?)$/.exec(text.trim());
  if (!m) return undefined;
  const unit = m[2] || (rules.bareSeconds === false ? undefined : 's');
  if (!unit || (unit === 'w' && !rules.weeks)) return undefined;
  return Number(m[1]) * UNIT_MS[unit]!;
}
