#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so that `npx waybill` works from a checkout. The loader is
// resolved from this package, not from the caller's working directory.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = import.meta.resolve('tsx');
const r = spawnSync(process.execPath, ['--import', tsx, join(root, 'src/cli.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
