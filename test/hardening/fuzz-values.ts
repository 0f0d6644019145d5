/**
 * Values at their extremes for the fuzz test: dates at the edges of the calendar, numbers at the
 * edges of doubles, strings from empty to 100,000 characters. A seeded generator, so that a failure
 * replays exactly.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, any>;

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const DATES = [
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '1970-01-01',
  '2026-02-29',
  '2024-02-29',
  day(0),
  day(1),
  day(9),
  day(11),
  day(366),
  day(400),
  day(-1),
];
export const DATE_TIMES = [
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00+14:00',
  new Date().toISOString(),
];
export const NUMBERS = [0, -0, -1, 1, 0.0001, 5e-324, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 1e21, 99999.999, 1000000];
export const STRINGS = [
  '',
  ' ',
  'x',
  'US',
  '38117',
  'x'.repeat(300),
  'é'.repeat(5000),
  'x'.repeat(100_000),
  '9'.repeat(64),
  '\u202eevil',
  '😀'.repeat(50),
  '<a>&amp;</a>',
  "'; DROP TABLE shipments; --",
  '../../etc/passwd',
  '1e308',
  '-1',
  'null',
  ...DATES.slice(0, 3),
];

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

function fitString(s: string, schema: Schema): string {
  let out = s;
  if (typeof schema.maxLength === 'number' && out.length > schema.maxLength) out = out.slice(0, schema.maxLength);
  if (typeof schema.minLength === 'number' && out.length < schema.minLength) out = out.padEnd(schema.minLength, 'x');
  return out;
}

function stringFor(r: () => number, schema: Schema): string {
  if (schema.format === 'date') return pick(r, DATES);
  if (schema.format === 'date-time') return pick(r, DATE_TIMES);
  if (schema.pattern) {
    const re = new RegExp(schema.pattern, 'u');
    const fits = [...STRINGS, 'A', 'AB', 'USD', '12:00', '23:59', '00:00', 'a1', 'ABC123'].filter((c) => re.test(c));
    return fits.length > 0 ? pick(r, fits) : fitString(pick(r, STRINGS), schema);
  }
  return fitString(pick(r, STRINGS), schema);
}

function numberFor(r: () => number, schema: Schema, integer: boolean): number {
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
    (b): b is number => typeof b === 'number',
  );
  const n = r() < 0.4 && bounds.length > 0 ? pick(r, bounds) : pick(r, NUMBERS);
  return integer ? (Number.isFinite(Math.trunc(n)) ? Math.trunc(n) : 0) : n;
}

/** A value shaped like the schema (every required member, some optional ones) with extreme leaves. */
export function generate(r: () => number, schema: Schema, depth = 0, name = ''): Json {
  if (schema.enum) return pick(r, schema.enum as Json[]);
  if (schema.const !== undefined) return schema.const as Json;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return generate(r, pick(r, union as Schema[]), depth, name);
  const type = Array.isArray(schema.type) ? pick(r, schema.type as string[]) : schema.type;
  if (depth > 6) return null;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [k, sub] of Object.entries<Schema>(schema.properties ?? {})) {
        if (required.has(k) || r() < 0.4) out[k] = generate(r, sub, depth + 1, k);
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, r() < 0.1 ? 200 : 3);
      const n = Math.max(min, Math.floor(r() * (max + 1)));
      return Array.from({ length: n }, () => generate(r, schema.items ?? {}, depth + 1, name));
    }
    case 'integer':
      return numberFor(r, schema, true);
    case 'number':
      return numberFor(r, schema, false);
    case 'boolean':
      return r() < 0.5;
    case 'string':
      return stringFor(r, schema);
    default:
      return pick(r, [null, 0, 'x', [] as Json[], {}]);
  }
}

/** The body with one leaf (string, number or array) replaced by an extreme of its kind. */
export function mutate(r: () => number, body: Json): Json {
  const copy = structuredClone(body);
  const leaves: { parent: any; key: string | number; value: Json }[] = [];
  const walk = (v: Json, parent: any, key: string | number) => {
    if (Array.isArray(v)) {
      leaves.push({ parent, key, value: v });
      v.forEach((x, i) => walk(x, v, i));
    } else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, v, k);
    else leaves.push({ parent, key, value: v });
  };
  walk(copy, undefined, '');
  const target = pick(
    r,
    leaves.filter((l) => l.parent !== undefined),
  );
  const v = target.value;
  target.parent[target.key] = Array.isArray(v)
    ? Array.from({ length: pick(r, [0, 200, 1001]) }, () => v[0] ?? null)
    : typeof v === 'number'
      ? pick(r, NUMBERS)
      : pick(r, [...STRINGS, ...DATES]);
  return copy;
}
