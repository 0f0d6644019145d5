/**
 * The SQLite log is checkpointed by a thread of its own (src/storage/checkpointer.ts): the service's
 * commits no longer copy 4 MB into the database file on the event loop, and the thread's
 * checkpoint lets the log start over, back at its size limit, with nothing lost.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_BYTES, startCheckpointer } from '../../src/storage/checkpointer.js';
import { createDatabase } from '../../src/storage/database.js';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-checkpoint-'));
  dirs.push(dir);
  return join(dir, 'waybill.sqlite');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const logSize = (file: string) => statSync(`${file}-wal`).size;
const row = Buffer.alloc(64 * 1024, 7);

describe('the SQLite checkpointer', () => {
  it('leaves the commits without checkpoints, then checkpoints on its thread and the log starts over', async () => {
    const file = tempFile();
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    const checkpointer = startCheckpointer(sqlite, file);
    try {
      sqlite.exec('create table t (n integer, data blob)');
      const insert = sqlite.prepare('insert into t values (?, ?)');
      // 8 MB in commits of 64 KiB: SQLite alone would have checkpointed inside the 63rd.
      for (let n = 0; n < 128; n++) insert.run(n, row);
      expect(logSize(file)).toBeGreaterThan(2 * CHECKPOINT_BYTES);

      await checkpointer.check();
      // The checkpoint copied every page: the next commit starts the log over, cut back to the limit.
      insert.run(128, row);
      expect(logSize(file)).toBe(CHECKPOINT_BYTES);
      const reader = new SqliteDatabase(file, { readonly: true });
      expect(reader.prepare('select count(*) as n, sum(length(data)) as bytes from t').get()).toEqual({
        n: 129,
        bytes: 129 * row.length,
      });
      reader.close();
    } finally {
      await checkpointer.close();
      sqlite.close();
    }
  });

  it.each([
    ['cannot start', 'throw new Error("refused")'],
    ['stops on its own', 'process.exit(0)'],
  ])('hands the checkpoints back to SQLite when its thread %s, and the commits go on', async (_, script) => {
    const file = tempFile();
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    const checkpointer = startCheckpointer(sqlite, file, script);
    const autocheckpoint = () => sqlite.pragma('wal_autocheckpoint', { simple: true });
    try {
      sqlite.exec('create table t (n integer, data blob)');
      const insert = sqlite.prepare('insert into t values (?, ?)');
      for (let n = 0; n < 96; n++) insert.run(n, row);
      expect(autocheckpoint()).toBe(16_384);
      await checkpointer.check();
      expect(autocheckpoint()).toBe(1000);
      // SQLite checkpoints inside the commits again: the log starts over at its limit.
      for (let n = 96; n < 160; n++) insert.run(n, row);
      expect(logSize(file)).toBeLessThanOrEqual(CHECKPOINT_BYTES + row.length * 2);
      await checkpointer.check();
      expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 160 });
    } finally {
      await checkpointer.close();
      sqlite.close();
    }
  });

  it('is closed with the database createDatabase opened; a database in memory has none', async () => {
    const file = tempFile();
    const database = createDatabase(file);
    await database.ping();
    await database.close();
    // A database in memory has no log to checkpoint.
    const memory = createDatabase(':memory:');
    await memory.ping();
    await memory.close();
  });
});
