/**
 * ARCHITECTURE.md stays true: every path it names exists, and imports point down only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file, resolved to paths under src/ (`carriers/carrier.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) =>
    relative(SRC, resolve(dirname(file), s))
      .split('\\')
      .join('/')
      .replace(/\.js$/, '.ts'),
  );
}

/** For each layer, the layers it must never import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  'domain/': [
    'http/',
    'services/',
    'contract/',
    'carriers/',
    'storage/',
    'emulator/',
    'documents/',
    'app.ts',
    'main.ts',
    'foundations/config.ts',
  ],
  'documents/': [
    'http/',
    'services/',
    'contract/',
    'carriers/',
    'storage/',
    'emulator/',
    'app.ts',
    'main.ts',
    'foundations/config.ts',
  ],
  'storage/': ['http/', 'services/', 'contract/', 'carriers/', 'emulator/', 'documents/', 'app.ts', 'main.ts'],
  'carriers/': [
    'http/',
    'services/',
    'contract/',
    'storage/',
    'emulator/',
    'app.ts',
    'main.ts',
    'foundations/config.ts',
  ],
  'contract/': ['http/', 'services/', 'storage/', 'emulator/', 'documents/', 'app.ts', 'main.ts'],
  'services/': ['http/', 'emulator/', 'app.ts', 'main.ts'],
  'emulator/': ['http/', 'services/', 'contract/', 'storage/', 'app.ts', 'main.ts'],
};

/**
 * The foundations ARCHITECTURE.md lists: src/foundations/, what every layer may use, whose files
 * import only one another (never a layer folder, nor the assembling files app.ts, main.ts, cli.ts).
 */
const FOUNDATIONS = readdirSync(join(SRC, 'foundations')).filter((f) => f.endsWith('.ts'));
/** What stays at the top of src/: the files that assemble the process. */
const ASSEMBLY = ['app.ts', 'cli-operator.ts', 'cli-usage.ts', 'cli.ts', 'main.ts'];

describe('ARCHITECTURE.md', () => {
  const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');

  it('names only paths that exist', () => {
    const named = [...doc.matchAll(/`((?:src|test|bench)\/[^`<>*…\s]+|[A-Za-z]+\.md)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it('imports point down only', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = relative(SRC, file).split('\\').join('/');
      const layer = Object.keys(FORBIDDEN).find((l) => from.startsWith(l));
      for (const to of importsOf(file)) {
        if (layer && FORBIDDEN[layer]!.some((f) => to.startsWith(f))) wrong.push(`${from} → ${to}`);
        // http/ reaches the services only through their public factory.
        if (from.startsWith('http/') && to.startsWith('services/') && to !== 'services/index.ts')
          wrong.push(`${from} → ${to}`);
        // Table shapes stay in storage/: the use cases see the records repositories hand out.
        if (from.startsWith('services/') && /^storage\/[\w-]*tables\.ts$/.test(to)) wrong.push(`${from} → ${to}`);
        // The emulator takes slugs (carriers/carrier.ts) and generic helpers (carriers/shared/) from
        // carriers/, never an adapter's folder, declaration or registry: it stands in for the real APIs.
        if (
          from.startsWith('emulator/') &&
          to.startsWith('carriers/') &&
          to !== 'carriers/carrier.ts' &&
          !to.startsWith('carriers/shared/')
        )
          wrong.push(`${from} → ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the foundations free of the layers', () => {
    const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    for (const f of FOUNDATIONS) expect(doc, f).toContain(f);
    const wrong = FOUNDATIONS.flatMap((f) =>
      importsOf(join(SRC, 'foundations', f))
        .filter((to) => !to.startsWith('foundations/'))
        .map((to) => `${f} → ${to}`),
    );
    expect(wrong).toEqual([]);
    // Nothing loose at the top of src/ besides the assembling files: a new foundation goes in its folder.
    expect(
      readdirSync(SRC)
        .filter((f) => statSync(join(SRC, f)).isFile())
        .sort(),
    ).toEqual(ASSEMBLY);
  });

  it('has no import circles', () => {
    const graph = new Map(sourceFiles(SRC).map((f) => [relative(SRC, f).split('\\').join('/'), importsOf(f)]));
    const circles: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, path: string[]): void => {
      const at = path.indexOf(file);
      if (at >= 0) return void circles.push([...path.slice(at), file].join(' → '));
      if (done.has(file)) return;
      for (const to of graph.get(file) ?? []) visit(to, [...path, file]);
      done.add(file);
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('leaves the encoding of stored flags to the repositories', () => {
    // `test: x ? 1 : 0` is SQLite's boolean; a use case passes booleans and the repository encodes them.
    const encoded = sourceFiles(join(SRC, 'services')).filter((f) =>
      /:\s*[\w.]+\s*\?\s*1\s*:\s*0\b/.test(readFileSync(f, 'utf8')),
    );
    expect(encoded.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('leaves the encoding of JSON columns to the repositories', () => {
    // A repository takes and hands out records with its JSON columns decoded (storage/repositories/
    // returns.ts ReturnRow); a use case never parses or stringifies a column. What JSON stays in
    // services/ reads or writes something that is not one, each counted here by file.
    const NOT_A_COLUMN: Record<string, number> = {
      // The operator's master test accounts: a setting.
      'services/accounts/master-accounts.ts': 1,
      // A custom value's length as JSON, checked before it is stored.
      'services/returns/filters.ts': 1,
      // The keys that group a tracking call's numbers by account and flags.
      'services/tracking/resolve.ts': 2,
      'services/tracking/track.ts': 1,
      // Two latest checkpoints compared.
      'services/tracking/cached-results.ts': 2,
      // The answer an Idempotency-Key replays: the response's text, as the client receives it.
      'services/shipping/ship.ts': 1,
      'services/shipping/recovery.ts': 1,
      // The booking answer's versioned codec: checked against the contract's schema, which storage
      // does not import (the shipments repository stores the text it makes).
      'services/kernel/stored-booking.ts': 2,
      // A request's fingerprint, hashed member by member.
      'services/kernel/idempotency.ts': 2,
      // The single sign-on transaction, in a signed cookie.
      'services/identity/sso-transaction.ts': 2,
      // The audit log's export, one JSON line per entry.
      'services/identity/audit-entries.ts': 1,
      // A delivery's body, written around the event's stored data (which is not parsed).
      'services/webhooks/deliver-webhook.ts': 3,
    };
    // A batch item's input is kept as the text of its request (a batch holds up to 10,000 of them):
    // made here from a request's JSON or a CSV row, and read back when the item is checked and booked.
    // Counted by folder; the count only shrinks.
    const STILL_ENCODING: Record<string, number> = {
      'services/batches/': 7,
    };
    const counts = new Map<string, number>();
    for (const f of sourceFiles(join(SRC, 'services'))) {
      const n = readFileSync(f, 'utf8').match(/\bJSON\.(?:parse|stringify)\b/g)?.length ?? 0;
      const from = relative(SRC, f).split('\\').join('/');
      const place = Object.keys(STILL_ENCODING).find((p) => p.endsWith('/') && from.startsWith(p)) ?? from;
      if (n > 0) counts.set(place, (counts.get(place) ?? 0) + n);
    }
    const over = [...counts]
      .filter(([place, n]) => n > (NOT_A_COLUMN[place] ?? 0) + (STILL_ENCODING[place] ?? 0))
      .map(([place, n]) => `${place}: ${n}`);
    expect(over).toEqual([]);
  });

  it('groups the services by feature, each folder with one face', () => {
    const top = readdirSync(join(SRC, 'services'));
    expect(top.length).toBeLessThanOrEqual(15);
    const folders = top
      .filter((name) => statSync(join(SRC, 'services', name)).isDirectory())
      .map((name) => `services/${name}/`);
    expect(folders.filter((f) => !existsSync(join(SRC, f, 'index.ts')))).toEqual([]);
    // From outside a feature folder (or documents/ and its drawing/), only its index.ts is imported.
    const faced = [...folders, 'documents/', 'documents/drawing/'];
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = relative(SRC, file).split('\\').join('/');
      for (const to of importsOf(file)) {
        const folder = faced.find((f) => to.startsWith(f) && !to.slice(f.length).includes('/'));
        if (folder && !from.startsWith(folder) && to !== `${folder}index.ts`) wrong.push(`${from} → ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the use case own its transaction: no repository calls back into it', () => {
    // A repository runs its statements in the transaction it is handed (or one of its own); what
    // else the change records (events, tracking, audit, the key's answer) the use case writes in
    // the same transaction itself, never through a callback it hands the repository.
    const calling = sourceFiles(join(SRC, 'storage'))
      .filter((f) => /\(trx: Kysely<Tables>[^)]*\) => Promise/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f).split('\\').join('/'));
    expect(calling).toEqual([]);
  });

  it('hands out domain records from the repositories, not table rows under another name', () => {
    // A repository record decodes its JSON columns and its flags (storage/repositories/audit-log.ts
    // AuditRecord). These are still a table type under another name, each to become a record of its
    // own: the list only shrinks.
    const aliases = sourceFiles(join(SRC, 'storage', 'repositories')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/^export type (\w+) = \w+Table;/gm)].map(
        (m) => `${relative(SRC, f).split('\\').join('/')} ${m[1]}`,
      ),
    );
    expect(aliases).toEqual([]);
  });

  it('keeps http/ off storage/', () => {
    // http/ reaches the database only through the services: keys through the identity service
    // (services/identity/key-auth.ts), the shared rate buckets (services/kernel/shared-buckets.ts)
    // and the readiness check (services/kernel/readiness.ts) through services/index.ts.
    const reaching = sourceFiles(join(SRC, 'http')).flatMap((f) =>
      importsOf(f)
        .filter((to) => to.startsWith('storage/'))
        .map((to) => `${relative(SRC, f).split('\\').join('/')} → ${to}`),
    );
    expect(reaching).toEqual([]);
  });

  it('gives one module the life of an Idempotency-Key', () => {
    // The claim (services/kernel/idempotency.ts, a KeyClaim) is settled once, by itself: a route
    // hands it to its use case and never sets it, and only that module writes a request's key record. A batch
    // item's own keys are written with the item they book, through the batch repositories
    // (storage/repositories/batch-attempts.ts).
    const writers = sourceFiles(SRC)
      .map((f) => relative(SRC, f).split('\\').join('/'))
      .filter((f) => importsOf(join(SRC, f)).includes('storage/repositories/idempotency.ts'));
    expect(writers.sort()).toEqual(['services/kernel/idempotency.ts', 'storage/repositories/batch-attempts.ts']);
    const touching = sourceFiles(join(SRC, 'http')).filter(
      (f) => /req\.idempotency\s*=[^=]/.test(readFileSync(f, 'utf8')) && !f.endsWith('http/idempotency.ts'),
    );
    expect(touching.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('keeps every source file under 300 lines', () => {
    const long = sourceFiles(SRC)
      .map((f) => [relative(SRC, f).split('\\').join('/'), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, n]) => n > 300);
    expect(long).toEqual([]);
  });
});
