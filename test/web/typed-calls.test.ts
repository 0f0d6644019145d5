/**
 * The pages call the API through the generated client, by operationId: what an operation answers is
 * the client's type, never one written in the pages, and never a cast (ARCHITECTURE.md, "web/").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../packages/client/src/operations.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'web');

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(path);
    return /\.tsx?$/.test(name) && name !== 'vite.config.ts' ? [path] : [];
  });
}

const files = pageFiles(WEB).map((f) => ({
  name: relative(ROOT, f).split('\\').join('/'),
  text: readFileSync(f, 'utf8'),
}));
const hits = (pattern: RegExp) =>
  files.flatMap(({ name, text }) => [...text.matchAll(pattern)].map((m) => `${name}: ${m[0]}`));

/** The answer types the pages name: each derived from the client in one of these files. */
const DERIVED = ['web/console/types.ts', 'web/portal/parts.tsx', 'web/shared/merchant.tsx', 'web/tracking/main.tsx'];
const answerNames = DERIVED.flatMap((f) => [
  ...readFileSync(join(ROOT, f), 'utf8').matchAll(/^(?:export )?type (\w+) =/gm),
]).map((m) => m[1]!);

describe('the pages call the API by operationId', () => {
  it('give the call helpers no type of their own', () => {
    // A helper's own declaration (`call<K extends OperationId>(id: K`) is what types each call by K.
    expect(
      hits(
        /(?<!function\s+)\b(?:useApi|call|callApi|callWithHeaders|api\.call|api\.request)<(?!\w+ extends )[^>(]*>?/g,
      ),
    ).toEqual([]);
  });

  it('name a real operation at every call, never a path', () => {
    const ids = new Set(Object.keys(OPERATIONS));
    const called = hits(/\b(?:useApi|call|callWithHeaders)\(\s*([^,)\s]+)/g).concat(
      hits(/\bcallApi\(\s*'[^']*',\s*([^,)\s]+)/g),
    );
    expect(called.length).toBeGreaterThan(60);
    const wrong = called.filter((c) => {
      const arg = /\(\s*(?:'[^']*',\s*)?([^,)\s]+)$/.exec(c)?.[1] ?? '';
      // `id` inside the helpers themselves passes the caller's operation on.
      return !(arg === 'id' || (/^'\w+'$/.test(arg) && ids.has(arg.slice(1, -1))));
    });
    expect(wrong).toEqual([]);
  });

  it('send every request through shared/api.ts', () => {
    expect(
      files.filter(({ name, text }) => /\bfetch\(/.test(text) && name !== 'web/shared/api.ts').map((f) => f.name),
    ).toEqual([]);
  });

  it('derive every answer type from the client, and cast none', () => {
    expect(answerNames.length).toBeGreaterThan(25);
    for (const f of DERIVED) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      // An answer type is a piece of an operation's answer (or of another such type), never written
      // out; a form's type is made of the API's names (`typeof ADDRESS_FIELDS`).
      for (const m of text.matchAll(/^(?:export )?type (\w+) =\s*([^;]+);/gm))
        expect(m[2], `${f}: ${m[1]}`).toMatch(
          /Answer<|Body<|QueryParams<|components\[|^[A-Z]\w*\[|^NonNullable<|typeof /,
        );
    }
    expect(readFileSync(join(ROOT, DERIVED[0]!), 'utf8')).not.toMatch(/^(?:export )?interface /m);
    const casts = new RegExp(`\\bas (?:Answer<|(?:${answerNames.join('|')})\\b)`, 'g');
    expect(hits(casts)).toEqual([]);
  });
});
