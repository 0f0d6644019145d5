/**
 * GET /returns at scale: a tenant with 100,000 returns (and a neighbour tenant with 20,000), paged
 * and filtered through the same repository calls the service makes (one page query and one count,
 * in parallel), on SQLite and, when WAYBILL_BENCH_POSTGRES (or WAYBILL_TEST_POSTGRES) names a
 * server, on PostgreSQL. Usage: npx tsx bench/returns-list.ts [rows]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../src/storage/database.js';
import { migrate } from '../src/storage/migrations/index.js';
import { countReturns, listReturns, type ReturnFilter } from '../src/storage/repositories/return-list.js';
import type { ReturnCustomTable, ReturnsTable } from '../src/storage/tables.js';
import { fmt } from './lib.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const NEIGHBOUR_ROWS = Math.round(ROWS / 5);
const RUNS = 50;
const STAGES = [
  'CREATED',
  'PICKED_UP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'DELIVERED',
  'DELIVERED',
  'EXCEPTION',
  'SHIPMENT_VOIDED',
];
const REASONS = ['damaged', 'size', 'colour', 'late', 'other'];
const YEAR_MS = 365 * 86_400_000;
const START = Date.parse('2025-11-22T00:00:00Z');

/** A deterministic pseudo-random sequence, so both dialects hold the same rows. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function rows(tenant: string, count: number, seed: number): { returns: ReturnsTable[]; custom: ReturnCustomTable[] } {
  const r = rng(seed);
  const returns: ReturnsTable[] = [];
  const custom: ReturnCustomTable[] = [];
  for (let i = 0; i < count; i++) {
    const id = `ret_${tenant}_${i.toString().padStart(7, '0')}`;
    const created = new Date(START + Math.floor(r() * YEAR_MS)).toISOString();
    const pickup = r() < 0.2;
    returns.push({
      id,
      tenant,
      return_method_id: `rm_${Math.floor(r() * 5)}`,
      method:
        '{"id":"rm","carrier":"carrier_a","carrier_name":"x","method_name":"m","type":"drop_off","cost":{"carrier_charge":1,"customer_charge":1},"return_charge":1}',
      customer_id: `cust_${Math.floor(r() * 20_000)}`,
      order_id: `ord_${i}`,
      customer: '{}',
      destination: '{}',
      return_lines: '[{"product_name":"Mug","quantity":1}]',
      custom: '[]',
      shipping_account_id: 'sa_1',
      carrier: 'carrier_a',
      test: 0,
      shipment_id: `shp_${id}`,
      tracking_number: `79${(100_000_000 + i).toString()}${seed}`,
      reference_number: `ord_${i}`,
      label_id: `lbl_${id}`,
      status: STAGES[Math.floor(r() * STAGES.length)]!,
      pickup_id: pickup ? `pu_${id}` : null,
      pickup_confirmation_number: pickup ? `CONF${seed}${i}` : null,
      pickup_location_code: null,
      pickup_date: pickup ? created.slice(0, 10) : null,
      pickup_state: pickup ? 'SCHEDULED' : null,
      created_at: created,
      updated_at: created,
    });
    if (r() < 1 / 3)
      custom.push({
        tenant,
        return_id: id,
        name: 'reason',
        match: REASONS[Math.floor(r() * REASONS.length)]!,
        created_at: created,
      });
  }
  return { returns, custom };
}

async function fill(database: Database): Promise<void> {
  const db = database.db;
  for (const [tenant, count, seed] of [
    ['bench', ROWS, 1],
    ['neighbour', NEIGHBOUR_ROWS, 2],
  ] as const) {
    const { returns, custom } = rows(tenant, count, seed);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < returns.length; i += 500)
        await trx
          .insertInto('returns')
          .values(returns.slice(i, i + 500))
          .execute();
      for (let i = 0; i < custom.length; i += 2000)
        await trx
          .insertInto('return_custom')
          .values(custom.slice(i, i + 2000))
          .execute();
    });
  }
}

interface Case {
  name: string;
  filter: ReturnFilter;
  page: number;
  pageSize: number;
}

const CASES: Case[] = [
  { name: 'first page (50)', filter: {}, page: 1, pageSize: 50 },
  { name: 'first page (500)', filter: {}, page: 1, pageSize: 500 },
  { name: 'page 1,000 of 2,000', filter: {}, page: 1_000, pageSize: 50 },
  { name: 'last page', filter: {}, page: Math.ceil(ROWS / 50), pageSize: 50 },
  { name: 'customer_id', filter: { customer_id: 'cust_42' }, page: 1, pageSize: 50 },
  { name: 'status=IN_TRANSIT', filter: { status: 'IN_TRANSIT' }, page: 1, pageSize: 50 },
  { name: 'status=DELIVERED, page 100', filter: { status: 'DELIVERED' }, page: 100, pageSize: 50 },
  { name: 'return_method', filter: { return_method: 'rm_3' }, page: 1, pageSize: 50 },
  {
    name: 'one month (start/end_date)',
    filter: { from: '2026-03-01T00:00:00.000Z', until: '2026-04-01T00:00:00.000Z' },
    page: 1,
    pageSize: 50,
  },
  { name: 'search (tracking number)', filter: { search: '791000500001' }, page: 1, pageSize: 50 },
  { name: 'search (confirmation)', filter: { search: 'CONF1777' }, page: 1, pageSize: 50 },
  { name: 'custom=reason:damaged', filter: { custom: [{ name: 'reason', match: 'damaged' }] }, page: 1, pageSize: 50 },
  {
    name: 'custom + status',
    filter: { custom: [{ name: 'reason', match: 'late' }], status: 'EXCEPTION' },
    page: 1,
    pageSize: 50,
  },
];

async function timed<T>(fn: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]!, last };
}

/** What the service does for one GET /returns (page and count in parallel), and each half alone. */
async function measure(database: Database, c: Case) {
  const db = database.db;
  const pageOnly = () => listReturns(db, 'bench', c.filter, { limit: c.pageSize, offset: (c.page - 1) * c.pageSize });
  const countOnly = () => countReturns(db, 'bench', c.filter);
  const both = await timed(() => Promise.all([pageOnly(), countOnly()]));
  const page = await timed(pageOnly);
  const count = await timed(countOnly);
  return { both, page, count, total: both.last[1] };
}

async function run(label: string, database: Database, analyze: string | undefined): Promise<void> {
  await migrate(database);
  const t0 = performance.now();
  await fill(database);
  if (analyze) await sql.raw(analyze).execute(database.db);
  console.log(
    `\n${label}: ${ROWS.toLocaleString('en')} returns (+${NEIGHBOUR_ROWS.toLocaleString('en')} of another tenant) loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; page + count, ${RUNS} runs each`,
  );
  console.log(
    '| case | matches | page + count p50 / p95 ms | page alone p50 | count alone p50 |\n|---|---|---|---|---|',
  );
  for (const c of CASES) {
    const m = await measure(database, c);
    console.log(
      `| ${c.name} | ${m.total.toLocaleString('en')} | ${fmt(m.both.p50)} / ${fmt(m.both.p95)} | ${fmt(m.page.p50)} | ${fmt(m.count.p50)} |`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'waybill-returns-bench-'));
try {
  const sqlite = createDatabase(join(dir, 'bench.sqlite'));
  await run('SQLite (file, WAL)', sqlite, undefined).finally(() => sqlite.close());
  const pgUrl = process.env.WAYBILL_BENCH_POSTGRES ?? process.env.WAYBILL_TEST_POSTGRES;
  if (pgUrl) {
    const name = `waybill_bench_${randomBytes(4).toString('hex')}`;
    const admin = async (q: string) => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(q).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const postgres = createDatabase(url.toString());
    try {
      // What autovacuum does to a freshly loaded table within a minute (PostgreSQL 13+ vacuums after
      // inserts too): statistics, and the visibility map that lets page ids come from the index alone.
      await run('PostgreSQL', postgres, 'vacuum analyze');
    } finally {
      await postgres.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  } else {
    console.log('\nPostgreSQL skipped: set WAYBILL_BENCH_POSTGRES=postgres://…');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
