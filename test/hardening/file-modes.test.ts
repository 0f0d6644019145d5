/**
 * Finding: `waybill.sqlite` (sealed credentials, addresses, key hashes) was created 0644 in a 0755
 * directory, readable by every user of the machine, while the key file beside it was 0600.
 */
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/server.js';
import { JOURNAL_FILE, STATE_FILE } from '../../src/emulator/persistence.js';
import { createDatabase } from '../../src/storage/database.js';
import { startServe } from '../support/process.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('file modes', () => {
  it('waybill serve makes its data directory 0700, and the database, its -wal and -shm files and the key file 0600', async () => {
    const dataDir = join(tempDir('modes'), 'data');
    const server = await startServe({ WAYBILL_DATA_DIR: dataDir, WAYBILL_LOG_LEVEL: 'info' });
    try {
      // Its migrations wrote, so the journal files exist while it runs.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(mode(dataDir)).toBe('700');
      for (const file of ['waybill.sqlite', 'waybill.sqlite-wal', 'waybill.sqlite-shm', 'secret.key'])
        expect(mode(join(dataDir, file)), file).toBe('600');
    } finally {
      await server.stop();
    }
    // Starting a process on a loaded machine takes a while.
  }, 60_000);

  it('makes a database an earlier version left readable to others 0600, journal files included, and leaves an existing directory as it is', () => {
    const dir = tempDir('modes');
    chmodSync(dir, 0o755);
    const file = join(dir, 'waybill.sqlite');
    const old = new SqliteDatabase(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table t (x)');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) chmodSync(f, 0o644);
    const database = createDatabase(file);
    try {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe('600');
      expect(mode(dir)).toBe('755');
    } finally {
      old.close();
      void database.close();
    }
  });

  it('the emulator writes its state, with the credentials it issued, 0600 in a directory it makes 0700', async () => {
    const dir = join(tempDir('modes'), 'emulator');
    const emulator = await createEmulator({ port: 0, stateDir: dir });
    try {
      // Any change is written; a fault set is one.
      const res = await fetch(`${emulator.url}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carrier: 'carrier_a', operation: 'ship', fault: 'latency:1', count: 1 }),
      });
      expect(res.ok).toBe(true);
    } finally {
      await emulator.close();
    }
    expect(mode(dir)).toBe('700');
    expect(mode(join(dir, STATE_FILE))).toBe('600');
    expect(mode(join(dir, JOURNAL_FILE))).toBe('600');
  });
});
