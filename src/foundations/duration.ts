/** Durations as operators and clients write them: "90s", "15m", "24h", "7d", or bare seconds. */
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const DURATION_PATTERN = '^[1-9][0-9]{0,6}[smhd]?$';

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const m = /^([1-9][0-9]{0,6})([smhd]?)$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * UNIT_MS[m[2] || 's']!;
}
