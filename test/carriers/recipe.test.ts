/**
 * ARCHITECTURE.md's recipe for a new carrier is the exact list of what a carrier is: every path it
 * names with `<slug>` exists for every carrier, and each registry holds one entry per carrier.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS, declarations } from '../../src/carriers/declarations.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
const recipe = doc.slice(doc.indexOf('### A new carrier\n'), doc.indexOf('### A new endpoint\n'));

/** The recipe's paths that name a carrier's own file or folder. */
const paths = [...new Set([...recipe.matchAll(/`((?:src|test)\/[^`\s]*<slug>[^`\s]*)`/g)].map((m) => m[1]!))];

describe('the recipe for a new carrier', () => {
  it('names the adapter folder, the emulator folder, the tests and the registries', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/carriers/<slug>/README.md',
        'src/carriers/<slug>/client.ts',
        'src/emulator/<slug>/index.ts',
        'test/carriers/<slug>/',
        'test/contract/<slug>.rate-ship.test.ts',
        'test/emulator/vendor-schemas.<slug>.test.ts',
      ]),
    );
    expect(recipe).toContain('`src/carriers/registry.ts`');
    expect(recipe).toContain('`src/emulator/registry.ts`');
  });

  it.each(CARRIER_SLUGS)('holds for %s', (slug) => {
    const missing = paths.map((p) => p.replaceAll('<slug>', slug)).filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it.each(CARRIER_SLUGS)('%s is one entry in each registry, and has a display name of its own', (slug) => {
    const carriers = readFileSync(join(ROOT, 'src/carriers/registry.ts'), 'utf8');
    const emulator = readFileSync(join(ROOT, 'src/emulator/registry.ts'), 'utf8');
    expect(carriers.match(new RegExp(`^export \\* as ${slug} from `, 'gm'))).toHaveLength(1);
    expect(emulator.match(new RegExp(`^\\s+${slug}: \\{`, 'gm'))).toHaveLength(1);
    expect(declarations[slug].name.trim()).not.toBe('');
    expect(declarations[slug].name).not.toBe(slug);
  });
});

describe('test file names', () => {
  it("name a carrier's tests one way: <slug>.<topic>.test.ts beside <slug>.support.ts", () => {
    const slugs = [...CARRIER_SLUGS].sort((a, b) => b.length - a.length).join('|');
    const scheme = new RegExp(`^(?:vendor-schemas\\.)?(?:${slugs})(?:\\.[a-z0-9-]+)?\\.(?:test|support)\\.ts$`);
    const wrong = ['test/contract', 'test/emulator']
      .flatMap((dir) => readdirSync(join(ROOT, dir)).map((f) => `${dir}/${f}`))
      .filter((f) => new RegExp(`(?:${slugs})`).test(f.split('/').pop()!) && !scheme.test(f.split('/').pop()!));
    expect(wrong).toEqual([]);
  });
});
