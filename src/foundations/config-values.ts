/**
 * Reading one environment variable as a typed setting (config.ts): an invalid value is a
 * ConfigError naming the variable, which stops start-up with that one line.
 */
import { parseDuration } from './duration.js';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

export function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

export function num(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  return n;
}

const DURATION = /^(\d+)([smhdw]?)$/;
const UNIT_SEC: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Seconds from "3600", "90m", "24h", "7d"… */
export function seconds(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const m = DURATION.exec(raw);
  if (!m || Number(m[1]) <= 0)
    throw new ConfigError(
      `${name} must be a positive number of seconds, or with a unit s, m, h, d or w (e.g. 24h); got "${raw}"`,
    );
  return Number(m[1]) * UNIT_SEC[m[2]!]!;
}

export function bool(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

export function duration(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const ms = parseDuration(raw);
  if (ms === undefined)
    throw new ConfigError(`${name} must be a duration such as 3600 (seconds), 90m, 24h or 7d; got "${raw}"`);
  return ms;
}
