/**
 * Recorded carrier payloads are reference material kept outside the project. Tests read them in
 * place from $WAYBILL_CARRIER_FIXTURES (CI sets it); where it is unset they try ../shared/carriers
 * beside the project root, and where neither exists the suites that need them skip, saying why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function locate(): string | undefined {
  const configured = process.env.WAYBILL_CARRIER_FIXTURES;
  if (configured) {
    const dir = resolve(projectRoot, configured);
    if (!existsSync(dir)) throw new Error(`WAYBILL_CARRIER_FIXTURES points at ${dir}, which does not exist`);
    return dir;
  }
  const beside = resolve(projectRoot, '..', 'shared', 'carriers');
  return existsSync(beside) ? beside : undefined;
}

export const carrierFixturesDir = locate();

/** Reason to pass to describe.skipIf / it.skipIf when the fixtures are absent. */
export const fixturesMissing = carrierFixturesDir === undefined;
if (fixturesMissing) {
  console.warn('carrier fixtures not found: set WAYBILL_CARRIER_FIXTURES to the carriers folder; fixture tests skip');
}

/** Path of a file in a carrier's folder, e.g. fixturePath('carrier_a', 'fixtures/rate_RateResponse.json'). */
export function fixturePath(carrier: string, file: string): string {
  if (!carrierFixturesDir) throw new Error('carrier fixtures are not available');
  return join(carrierFixturesDir, carrier, file);
}

export function readFixtureText(carrier: string, file: string): string {
  return readFileSync(fixturePath(carrier, file), 'utf8');
}

export function readFixtureJson<T = unknown>(carrier: string, file: string): T {
  return JSON.parse(readFixtureText(carrier, file)) as T;
}

/**
 * Recorded request bodies hold `"<python-expr: ...>"` placeholders for computed values (dates,
 * images). Compare with this: a placeholder in `expected` matches any value of `actual`.
 */
export function matchesRecorded(actual: unknown, expected: unknown, path = '$'): string[] {
  if (typeof expected === 'string' && expected.startsWith('<python-expr:'))
    return actual === undefined ? [`${path}: missing`] : [];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array`];
    const out: string[] = [];
    if (actual.length !== expected.length) out.push(`${path}: length ${actual.length} ≠ ${expected.length}`);
    expected.forEach((e, i) => out.push(...matchesRecorded(actual[i], e, `${path}[${i}]`)));
    return out;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object`];
    const out: string[] = [];
    for (const [k, v] of Object.entries(expected))
      out.push(...matchesRecorded((actual as Record<string, unknown>)[k], v, `${path}.${k}`));
    return out;
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`];
}
