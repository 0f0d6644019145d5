/**
 * The service's log lines go to standard output asynchronously; standard output that cannot be
 * written (here /dev/full: every write fails with ENOSPC, as on a full disk) must not end the
 * process, which an 'error' event without a listener would. A process of its own, whose standard
 * output is /dev/full, logs until the failure has been said on standard error, then exits 0.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from './support/process.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();

const SCRIPT = `
import { createLogger } from ${JSON.stringify(join(projectRoot, 'src', 'foundations', 'logger.ts'))};
const log = createLogger('info');
let told = false;
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => { if (String(chunk).includes('standard output cannot be written')) told = true; return write(chunk, ...rest); };
// Lines enough to be handed over at once (64 KiB), turn after turn, until the failure is said.
for (let turn = 0; turn < 20000 && !told; turn++) {
  for (let i = 0; i < 200; i++) log.info({ turn, i, filler: 'x'.repeat(400) }, 'a line');
  await new Promise((resolve) => setImmediate(resolve));
}
write(told ? 'still running\\n' : 'never told\\n');
// Exiting runs pino's flush at exit, which must not try the failing write for ever.
process.exit(told ? 0 : 3);
`;

it.skipIf(!existsSync('/dev/full'))(
  'lives on, saying so once, when standard output cannot be written',
  async () => {
    const script = join(tempDir('logger'), 'log.mjs');
    writeFileSync(script, SCRIPT);
    const full = openSync('/dev/full', 'w');
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], {
          cwd: projectRoot,
          stdio: ['ignore', full, 'pipe'],
        });
        let stderr = '';
        child.stderr!.on('data', (d) => (stderr += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr.match(/standard output cannot be written \(ENOSPC\)/g)).toHaveLength(1);
      expect(result.stderr).toContain('still running');
    } finally {
      closeSync(full);
    }
  },
  60_000,
);
