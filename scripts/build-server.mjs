/**
 * The service as JavaScript for plain `node`: src/cli.ts bundled into dist/cli.js, with what is
 * imported dynamically (the emulator, other carriers, label rendering, the PostgreSQL driver) split
 * into chunks that load on first use. Packages stay in node_modules (better-sqlite3 is native).
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
// Only this step's output: other build steps may write beside it.
rmSync(join(outdir, 'cli.js'), { force: true });
rmSync(join(outdir, 'cli.js.map'), { force: true });
rmSync(join(outdir, 'chunks'), { recursive: true, force: true });

await build({
  entryPoints: [join(root, 'src/cli.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  // Linked maps: stack traces name the TypeScript lines under NODE_OPTIONS=--enable-source-maps.
  sourcemap: 'linked',
  logLevel: 'warning',
});
