/**
 * The service as JavaScript for plain `node`: src/cli.ts and the packages it uses bundled into
 * dist/cli.js, with what is imported dynamically (the emulator, undici) split into chunks that load on first
 * use. One file instead of some 600 modules resolved and read one by one halved the start-up time
 * and took about 20 MB off the idle process (bench/README.md). Left in node_modules: the native
 * SQLite driver and the password hash (argon2, native), swagger-ui (it serves its own files from its folder), piscina (it starts its
 * threads on a file of its own folder), and what loads on first use anyway (the PostgreSQL driver,
 * pdf-lib, bwip-js), and `yaml`, required on its first call (below). The label work threads run a module of their own, dist/label-worker.js, the
 * emulator's drawing threads dist/draw-worker.js, and
 * the threads a large batch body is read on others: dist/batch-json-worker.js for JSON,
 * dist/csv-worker.js for CSV.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `yaml` (161 kB bundled) is required by @fastify/swagger as it loads, yet called only to write
 * /docs/yaml: the swagger plugin gets a stand-in that requires the package from node_modules (a
 * dependency of the plugin, so installed wherever it is) on its first call, and no start compiles it.
 */
const yamlOnFirstUse = {
  name: 'yaml-on-first-use',
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, (args) => {
      if (args.namespace === 'yaml-on-first-use') return { path: 'yaml', external: true };
      if (args.importer.includes('node_modules/@fastify/swagger/'))
        return { path: 'yaml', namespace: 'yaml-on-first-use' };
      return undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'yaml-on-first-use' }, () => ({
      contents:
        "let yaml; const load = () => (yaml ??= require('yaml'));" +
        ' module.exports = { parse: (...a) => load().parse(...a), stringify: (...a) => load().stringify(...a) };',
      loader: 'js',
    }));
  },
};
const outdir = join(root, 'dist');
// Only this step's output: other build steps may write beside it.
rmSync(join(outdir, 'cli.js'), { force: true });
rmSync(join(outdir, 'cli.js.map'), { force: true });
rmSync(join(outdir, 'chunks'), { recursive: true, force: true });
for (const worker of ['label-worker', 'draw-worker', 'batch-json-worker', 'csv-worker']) {
  rmSync(join(outdir, `${worker}.js`), { force: true });
  rmSync(join(outdir, `${worker}.js.map`), { force: true });
}

await build({
  entryPoints: { cli: join(root, 'src/cli.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Native or self-locating packages stay in node_modules; the label ones load on first use anyway.
  external: [
    'better-sqlite3',
    '@fastify/swagger-ui',
    'pg',
    'pdf-lib',
    'bwip-js',
    'pdfjs-dist',
    '@napi-rs/canvas',
    'piscina',
    '@node-rs/argon2',
  ],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [yamlOnFirstUse],
  chunkNames: 'chunks/[name]-[hash]',
  // Linked maps: stack traces name the TypeScript lines under NODE_OPTIONS=--enable-source-maps.
  sourcemap: 'linked',
  // Whitespace and syntax minified: the module source V8 keeps shrinks (bench/README.md: about
  // 8 MB less resident at idle). Identifiers are not renamed, so logs and stack traces keep the
  // names of functions and error classes; esbuild's keepNames would do that for renamed code, but
  // at a cost on every closure created (about a fifth of cached /track throughput, measured).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});

// The label work threads (src/documents/label-pool.ts) and the emulator's drawing threads
// (src/documents/drawing/threads.ts) run modules of their own beside the CLI, pdf-lib included
// and minified: a thread loads all of it anyway, and one file costs it less than pdf-lib's some
// 200 modules read from node_modules. pdf.js, the Skia canvas and bwip-js stay in node_modules
// (native code, files found beside their own, and the barcode encoder required on first use).
await build({
  entryPoints: {
    'label-worker': join(root, 'src/documents/label-worker.ts'),
    'draw-worker': join(root, 'src/documents/drawing/draw-worker.ts'),
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['pdfjs-dist', '@napi-rs/canvas', 'bwip-js'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  minify: true,
  logLevel: 'warning',
});

// The threads a large batch body is read on (src/foundations/body-thread.ts): the streaming parser and the
// limits it checks, with what makes a CSV row a shipment, nothing else of the service.
await build({
  entryPoints: {
    'batch-json-worker': join(root, 'src/http/batch-json-worker.ts'),
    'csv-worker': join(root, 'src/services/batches/csv-worker.ts'),
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  minify: true,
  logLevel: 'warning',
});
