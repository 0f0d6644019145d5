/** Runs the PDF print file's assembly in its worker thread (batch-print-worker.ts), one label at a time. */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The worker's heap: enough for one label at a time, small enough that V8 collects as it goes. Label
 * bytes live outside it (array buffers): a 20 MB label (as large as a carrier answer may be) and a
 * 300-page one pass at this size (test/batches/print-file.test.ts).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };

/**
 * The worker's first code. Compiled (npm start), it loads the worker module the build wrote beside
 * the CLI (this module may sit in a chunk below it); from the sources (npm run dev, the tests), it
 * loads TypeScript the way the process does, then the worker module itself.
 */
function bootstrap(): string {
  if (!import.meta.url.endsWith('.ts')) {
    const entry = [new URL('./batch-print-worker.js', import.meta.url), new URL('../batch-print-worker.js', import.meta.url)].find((u) => existsSync(fileURLToPath(u)));
    if (!entry) throw new Error('the batch print worker is not built: run `npm run build`');
    return `import(${JSON.stringify(entry.href)}).catch((err) => { throw err; });`;
  }
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = new URL('./batch-print-worker.ts', import.meta.url).href;
  return `(async () => { const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry)}); })().catch((err) => { throw err; });`;
}

type Reply = { chunk?: Uint8Array; done?: true; error?: string };

export async function* pdfPrintFile(labels: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  const worker = new Worker(bootstrap(), { eval: true, resourceLimits: WORKER_LIMITS });
  const replies: Reply[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  const arrived = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (r: Reply) => {
    replies.push(r);
    arrived();
  });
  worker.on('error', (err) => {
    failure = err;
    arrived();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`print file worker exited with ${code}`);
    arrived();
  });
  const next = async (): Promise<Reply> => {
    while (replies.length === 0) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const r = replies.shift()!;
    if (r.error) throw new Error(`print file: ${r.error}`);
    return r;
  };
  const chunkOf = (r: Reply) => Buffer.from(r.chunk!.buffer, r.chunk!.byteOffset, r.chunk!.byteLength);
  try {
    worker.postMessage({ begin: true });
    yield chunkOf(await next());
    for await (const label of labels) {
      // One label in the worker at a time: the reader's pace sets the pace.
      worker.postMessage({ label });
      yield chunkOf(await next());
    }
    worker.postMessage({ end: true });
    for (let r = await next(); !r.done; r = await next()) yield chunkOf(r);
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
