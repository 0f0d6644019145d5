/**
 * The module a worker thread runs. Compiled (npm start), it is the file the build wrote beside the
 * CLI (the caller may sit in a chunk below it); from the sources (npm run dev, the tests) it is the
 * TypeScript file beside the caller, loaded through tsx's loader as the process loads its own.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `name`: the module's file name without extension, beside `callerUrl` (the caller's import.meta.url). */
export function threadModule(name: string, callerUrl: string): { filename: string; execArgv?: string[] } {
  if (!callerUrl.endsWith('.ts')) {
    const entry = [new URL(`./${name}.js`, callerUrl), new URL(`../${name}.js`, callerUrl)].find((u) =>
      existsSync(fileURLToPath(u)),
    );
    if (!entry) throw new Error(`the thread module ${name} is not built: run \`npm run build\``);
    return { filename: fileURLToPath(entry) };
  }
  const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
  return { filename: fileURLToPath(new URL(`./${name}.ts`, callerUrl)), execArgv: ['--import', tsx] };
}

/**
 * A thread running that module. From the sources, the thread starts on thread-entry.cjs, which
 * requires it: on a thread of Node 20, tsx's hooks for `import` are not in place, those for
 * `require` are (so the module has no top-level await).
 */
export function startThread(name: string, callerUrl: string, options: WorkerOptions = {}): Worker {
  const { filename, execArgv } = threadModule(name, callerUrl);
  if (!execArgv) return new Worker(filename, options);
  return new Worker(fileURLToPath(new URL('./thread-entry.cjs', import.meta.url)), {
    ...options,
    execArgv,
    argv: [filename],
  });
}
