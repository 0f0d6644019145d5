/**
 * What the code's notes point at is in the repository: each carrier folder explains itself in its
 * own README.md (the API and its version, auth, endpoints, the decisions taken, what the emulator
 * does not reproduce), and no comment in src/ cites a document a person who clones the project
 * never sees.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

/** Reference material kept beside the project, never in it. */
const OUTSIDE = /\b(?:PROTOCOL\.md|DECISIONS\.md|DESIGN\.md|interface\.md|carriers\/README\.md|CHECKLIST\.md)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx|mjs|cjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('carrier notes', () => {
  it.each(CARRIER_SLUGS)('%s has a README.md with the sections every carrier folder has', (slug) => {
    const file = join(SRC, 'carriers', slug, 'README.md');
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(new RegExp(`^# ${slug} — `));
    for (const heading of [
      /^## .*[Hh]osts/m,
      /^## .*(Auth|Credentials)/m,
      /^## .*(Endpoints|Operations)/m,
      /^## What the emulator does not reproduce/m,
    ])
      expect(text).toMatch(heading);
  });

  it('no file in src/ cites a document outside the repository', () => {
    const citing = sources(SRC).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => (OUTSIDE.test(line) ? `${relative(ROOT, f)}:${i + 1}` : undefined))
        .filter((x): x is string => x !== undefined),
    );
    expect(citing).toEqual([]);
  });
});
