/** The scaffold of a new carrier: the recipe's empty folders and the README every carrier folder starts from. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const SCRIPT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../scripts/new-carrier.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

it('writes the adapter, emulator and test folders and a README with the sections every carrier has', () => {
  const root = mkdtempSync(join(tmpdir(), 'waybill-new-carrier-'));
  dirs.push(root);
  const res = run('canadapost', '--root', root);
  expect(res.status, res.stderr).toBe(0);
  for (const f of ['src/carriers/canadapost', 'src/emulator/canadapost', 'test/carriers/canadapost'])
    expect(existsSync(join(root, f)), f).toBe(true);
  const readme = readFileSync(join(root, 'src/carriers/canadapost/README.md'), 'utf8');
  for (const heading of ['## Hosts', '## Auth', '## Endpoints', '## What the emulator does not reproduce'])
    expect(readme).toContain(heading);

  // Never over an existing carrier.
  const again = run('canadapost', '--root', root);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('exists already');
});

it('refuses a slug that is not one', () => {
  const root = mkdtempSync(join(tmpdir(), 'waybill-new-carrier-'));
  dirs.push(root);
  for (const bad of [[], ['Canada-Post'], ['../x']]) {
    const res = run(...bad, '--root', root);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage');
  }
});
