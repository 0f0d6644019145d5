/**
 * The README's table of where each carrier keeps Waybill's reference ("Retrying safely") is checked
 * against the declarations and endpoints rather than kept true by hand: a row per carrier, "exactly
 * once" for a carrier that looks bookings up by reference and for no other, and the lookup named by
 * the call its endpoints table makes.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS, declarations } from '../../src/carriers/declarations.js';
import type { Endpoint } from '../../src/carriers/shared/endpoint.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The rows of the first table after `heading`, as cells. */
function table(heading: string): string[][] {
  const from = readme.indexOf(`\n${heading}\n`);
  expect(from, heading).toBeGreaterThan(0);
  const lines = readme.slice(from).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const l of lines.slice(start + 2)) {
    if (!l.startsWith('|')) break;
    rows.push(
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

describe('README "Retrying safely"', () => {
  const rows = table('### Retrying safely');
  const bySlug = new Map(rows.map((r) => [r[0]!, r]));

  it('has one row per carrier', () => {
    expect(rows.map((r) => r[0]).sort()).toEqual([...CARRIER_SLUGS].sort());
  });

  it.each(CARRIER_SLUGS)(
    '%s: exactly once where the declaration looks bookings up by reference, with the call its endpoints make',
    async (slug) => {
      const row = bySlug.get(slug)!;
      const lookup = declarations[slug].operations.includes('lookup_reference');
      expect(row[4]!.includes('exactly once') && !row[4]!.startsWith('not')).toBe(lookup);
      if (!lookup) return expect(row[2]).toMatch(/^none/);
      const { ENDPOINTS } = (await import(join(ROOT, 'src/carriers', slug, 'endpoints.ts'))) as {
        ENDPOINTS: Record<string, Endpoint>;
      };
      const path = ENDPOINTS.lookupReference!.path;
      expect(row[2]!.includes(path) || row[2]!.includes(path.split('/').pop()!)).toBe(true);
    },
  );
});
