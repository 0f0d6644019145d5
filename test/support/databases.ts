/**
 * The storage suites run on every dialect available: SQLite always, PostgreSQL when
 * WAYBILL_TEST_POSTGRES names a server (CI sets it). Each PostgreSQL test database is created fresh
 * and dropped afterwards, so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrations/index.js';

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

export const postgresUrl = process.env.WAYBILL_TEST_POSTGRES;
export const dialects: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of the dialect. `file` keeps SQLite on disk (for file-level checks). */
export async function createTestDatabase(
  dialect: 'sqlite' | 'postgres',
  opts: { file?: string } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const url = opts.file ?? ':memory:';
    const database = createDatabase(url);
    await migrate(database);
    return { database, url, drop: () => database.close() };
  }
  if (!postgresUrl) throw new Error('WAYBILL_TEST_POSTGRES is not set');
  const name = `waybill_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString(), { poolSize: 4 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
