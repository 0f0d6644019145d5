/**
 * Folders of a test file's own under the system's temporary folder, removed after the file's tests:
 * a test never writes to a well-known name there (a reader's own `/tmp/shipment.json`), and leaves
 * nothing behind. Call `tempDirs()` once at the top of a file, before its other hooks, so that its
 * folders are removed after everything that runs in them has stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A maker of folders, each new (`<tmp>/waybill-<name>-XXXXXX`), removed after the file's tests. */
export function tempDirs(): (name: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (name) => {
    const dir = mkdtempSync(join(tmpdir(), `waybill-${name}-`));
    made.push(dir);
    return dir;
  };
}
