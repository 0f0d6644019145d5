/**
 * Batches (bench/README.md "Batches"). Usage: npx tsx bench/batches.ts [throughput|throughput-pg|memory|all]
 *   throughput: 1,000 items, the carrier answering every booking in 100 ms, WAYBILL_BATCH_CONCURRENCY=16,
 *     against the floor of 1,000 / 16 × 100 ms = 6.25 s, beside the same 1,000 bookings sent as
 *     POST /ship by 16 clients; PDF labels (the emulator draws each with pdf-lib) and ZPL (text);
 *     with BENCH_POSTGRES=postgres://… also on a fresh PostgreSQL database.
 *   instances (BENCH_POSTGRES required): the same 1,000 ZPL bookings as one batch on PostgreSQL, booked
 *     by one instance and then by two on the same database, alternately (BENCH_BATCH_ROUNDS, 2): the
 *     floors are 6.25 s and 3.13 s; every item must be booked once (shipments counted in the database).
 *   memory: a 10,000-item batch and its PDF print file: the service's RSS before, at its peak while
 *     booking, and at its peak while the print file streams (read and thrown away by this process).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  cpuSeconds,
  json,
  rssMb,
  runCli,
  startInstance,
  startService,
  fmt,
  type Service,
  recipient,
  sender,
} from './lib.js';

const which = process.argv[2] ?? 'all';

async function setup(service: Service): Promise<{ key: string; account: string }> {
  const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
  const auth = { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' };
  const created = await json(
    'POST',
    `${service.url}/shippingaccount`,
    { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth } },
    { zkkey: key },
  );
  return { key, account: created.shipping_account.id };
}

const shipments = (account: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    shipping_account: account,
    sender,
    recipient: { ...recipient, name: `Bob ${i}` },
    packages: [{ weight: 2 }],
    packaging: 'your_packaging',
    dim_units: 'IN',
    weight_units: 'LB',
    service: 'carrier_a_ground',
  }));

/** Polls the batch until it is final; `onPoll` samples while waiting. */
async function untilDone(service: Service, key: string, id: string, onPoll: () => void = () => {}): Promise<any> {
  for (;;) {
    onPoll();
    const res = await fetch(`${service.url}/batches/${id}`, { headers: { zkkey: key } });
    const { batch } = (await res.json()) as any;
    if (batch.counts.queued + batch.counts.in_progress === 0) return batch;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** 1,000 bookings at 100 ms each, as POST /ship from 16 clients and as one batch at concurrency 16. */
async function throughput(labelType: string, postgres?: string): Promise<void> {
  const service = await startService({
    WAYBILL_BATCH_CONCURRENCY: '16',
    ...(postgres ? { WAYBILL_DATABASE_URL: postgres, WAYBILL_SECRET_KEY: randomBytes(32).toString('hex') } : {}),
  });
  try {
    const { key, account } = await setup(service);
    const withLabel = (n: number) => shipments(account, n).map((s) => ({ ...s, label_type: labelType }));
    // A warm-up batch: OAuth token, compiled paths, database pages.
    await untilDone(
      service,
      key,
      (await json('POST', `${service.url}/batches`, { batch: { shipments: withLabel(20) } }, { zkkey: key })).batch.id,
    );
    await json('POST', `${service.emulatorUrl}/_emulator/faults`, {
      carrier: 'carrier_a',
      operation: 'ship',
      fault: 'latency:100',
      count: 0,
    });
    const cpu = () => ({
      service: cpuSeconds(service.pid),
      emulator: cpuSeconds(service.emulatorPid),
      at: performance.now(),
    });
    const report = (what: string, from: ReturnType<typeof cpu>, extra = '') => {
      const to = cpu();
      const seconds = (to.at - from.at) / 1000;
      console.log(
        `throughput (${labelType} labels, ${postgres ? 'PostgreSQL' : 'SQLite'}): ${what}: ${fmt(seconds)} s = ${fmt(seconds / 6.25)}× the 6.25 s floor (target ≤ 1.3×)${extra}; CPU used: service ${fmt(to.service - from.service, 1)} s, emulator ${fmt(to.emulator - from.emulator, 1)} s`,
      );
    };
    // The same bookings sent as /ship by 16 clients: what the booking path and the emulator allow on this machine.
    const direct = withLabel(1000);
    const d0 = cpu();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let s = direct.pop(); s; s = direct.pop())
          await json('POST', `${service.url}/ship`, { shipment: s }, { zkkey: key });
      }),
    );
    report('1,000 × POST /ship from 16 clients', d0);
    const b0 = cpu();
    const { batch } = await json(
      'POST',
      `${service.url}/batches`,
      { batch: { shipments: withLabel(1000) } },
      { zkkey: key },
    );
    const accepted = performance.now() - b0.at;
    const done = await untilDone(service, key, batch.id);
    report(
      'one batch of 1,000, WAYBILL_BATCH_CONCURRENCY=16',
      b0,
      ` (202 after ${fmt(accepted, 0)} ms; booked ${done.counts.booked}, failed ${done.counts.failed})`,
    );
  } finally {
    await service.stop();
  }
}

/** A batch of 1,000 on PostgreSQL, one instance against two on the same database, alternately. */
export async function instances(
  server: string,
  rounds = Number(process.env.BENCH_BATCH_ROUNDS ?? 2),
): Promise<{ one: number[]; two: number[] }> {
  const url = await freshPostgres(server);
  const service = await startService({
    WAYBILL_BATCH_CONCURRENCY: '16',
    WAYBILL_DATABASE_URL: url,
    WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times = { one: [] as number[], two: [] as number[] };
  try {
    const { key, account } = await setup(service);
    const batchOf = (n: number) => shipments(account, n).map((s) => ({ ...s, label_type: 'ZPLII' }));
    await untilDone(
      service,
      key,
      (await json('POST', `${service.url}/batches`, { batch: { shipments: batchOf(20) } }, { zkkey: key })).batch.id,
    );
    await json('POST', `${service.emulatorUrl}/_emulator/faults`, {
      carrier: 'carrier_a',
      operation: 'ship',
      fault: 'latency:100',
      count: 0,
    });
    // CPU seconds of everything the bookings run on: the instances, the emulator and the database's
    // backends (those serving this database now; a backend that ended meanwhile is not counted).
    const backends = async () =>
      (
        await client.query(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid as number);
    const cpuOf = (pids: number[]) =>
      new Map(pids.filter((pid) => existsSync(`/proc/${pid}`)).map((pid) => [pid, cpuSeconds(pid)]));
    // Backends alive at the end, less what each had used at the start (a new one from zero).
    const dbUsed = (from: Map<number, number>, to: Map<number, number>) =>
      [...to].reduce((n, [pid, s]) => n + s - (from.get(pid) ?? 0), 0);
    let second: { pid: number } | undefined;
    const run = async (label: 'one' | 'two') => {
      const pids = await backends();
      const c0 = {
        service: cpuSeconds(service.pid),
        second: second ? cpuSeconds(second.pid) : 0,
        emulator: cpuSeconds(service.emulatorPid),
        db: cpuOf(pids),
      };
      const started = performance.now();
      const { batch } = await json(
        'POST',
        `${service.url}/batches`,
        { batch: { shipments: batchOf(1000) } },
        { zkkey: key },
      );
      const done = await untilDone(service, key, batch.id);
      const seconds = (performance.now() - started) / 1000;
      times[label].push(seconds);
      // Booked once each: as many shipments as items, none of them twice for one item.
      const { rows } = await client.query(
        'select count(*)::int as shipments, count(distinct shipment_id)::int as distinct_items from batch_items i join shipments s on s.id = i.shipment_id where i.batch_id = $1',
        [batch.id],
      );
      const all = await client.query('select count(*)::int as n from shipments where batch_id = $1', [batch.id]);
      const floor = label === 'one' ? 6.25 : 3.125;
      const allPids = [...new Set([...pids, ...(await backends())])];
      const used = {
        service: cpuSeconds(service.pid) - c0.service,
        second: second ? cpuSeconds(second.pid) - c0.second : 0,
        emulator: cpuSeconds(service.emulatorPid) - c0.emulator,
        db: dbUsed(c0.db, cpuOf(allPids)),
      };
      console.log(
        `instances (ZPL, PostgreSQL), ${label === 'one' ? 'one instance' : 'two instances'}: 1,000 items in ${fmt(seconds)} s = ${fmt(seconds / floor)}× its ${fmt(floor)} s floor; booked ${done.counts.booked}, failed ${done.counts.failed}; shipments stored ${all.rows[0].n} for ${rows[0].distinct_items} items${all.rows[0].n > rows[0].distinct_items ? ` ✗ ${all.rows[0].n - rows[0].distinct_items} more shipments than items: items booked twice` : ''}`,
      );
      console.log(
        `    CPU used: instance ${fmt(used.service, 1)} s${second ? `, second instance ${fmt(used.second, 1)} s` : ''}, emulator ${fmt(used.emulator, 1)} s, PostgreSQL backends ${fmt(used.db, 1)} s (those still connected at the end): ${fmt((used.service + used.second + used.emulator + used.db) / seconds, 2)} cores over the run`,
      );
    };
    for (let round = 0; round < rounds; round++) {
      await run('one');
      const instance = await startInstance(service);
      second = instance;
      try {
        await run('two');
      } finally {
        second = undefined;
        await instance.stop();
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [one, two] = [median(times.one), median(times.two)];
    console.log(
      `instances: one instance ${fmt(one)} s (${fmt(one / 6.25)}× floor, target ≤ 1.1×), two ${fmt(two)} s → ${fmt(two / one)}× one instance (target ≤ 0.55×)`,
    );
    return times;
  } finally {
    await client.end();
    await service.stop();
    await dropPostgres(server, url);
  }
}

async function dropPostgres(server: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await client.end();
}

async function memory(): Promise<void> {
  const service = await startService({ WAYBILL_BATCH_CONCURRENCY: '16' });
  try {
    const { key, account } = await setup(service);
    await untilDone(
      service,
      key,
      (await json('POST', `${service.url}/batches`, { batch: { shipments: shipments(account, 50) } }, { zkkey: key }))
        .batch.id,
    );
    const before = rssMb(service.pid);
    let peak = before;
    const sample = () => (peak = Math.max(peak, rssMb(service.pid)));
    const started = performance.now();
    const accepting = setInterval(sample, 20);
    const { batch } = await json(
      'POST',
      `${service.url}/batches`,
      { batch: { shipments: shipments(account, 10_000) } },
      { zkkey: key },
    );
    clearInterval(accepting);
    const acceptPeak = sample();
    console.log(
      `memory: POST of 10,000 items (${fmt(JSON.stringify({ batch: { shipments: shipments(account, 10_000) } }).length / 1024 / 1024, 1)} MB of JSON) answered in ${fmt((performance.now() - started) / 1000, 1)} s; RSS peak while accepting ${fmt(acceptPeak, 0)} MB (+${fmt(acceptPeak - before, 0)} MB)`,
    );
    const done = await untilDone(service, key, batch.id, sample);
    const bookSeconds = (performance.now() - started) / 1000;
    const afterBooking = rssMb(service.pid);
    let printPeak = afterBooking;
    const sampler = setInterval(() => (printPeak = Math.max(printPeak, rssMb(service.pid))), 100);
    const t = performance.now();
    const res = await fetch(`${service.url}/batches/${batch.id}/labels?format=pdf`, { headers: { zkkey: key } });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    clearInterval(sampler);
    printPeak = Math.max(printPeak, rssMb(service.pid));
    console.log(
      `memory: 10,000 items booked in ${fmt(bookSeconds, 1)} s (booked ${done.counts.booked}); RSS before ${fmt(before, 0)} MB, peak while booking ${fmt(peak, 0)} MB (+${fmt(peak - before, 0)} MB)`,
    );
    console.log(
      `memory: print file ${fmt(bytes / 1024 / 1024, 1)} MB PDF streamed in ${fmt((performance.now() - t) / 1000, 1)} s (status ${res.status}); RSS ${fmt(afterBooking, 0)} MB when it started, peak while streaming ${fmt(printPeak, 0)} MB (+${fmt(printPeak - before, 0)} MB over the start)`,
    );
  } finally {
    await service.stop();
  }
}

/** A fresh PostgreSQL database for one run (BENCH_POSTGRES names the server). */
async function freshPostgres(server: string): Promise<string> {
  const name = `waybill_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

// Run as a script (npx tsx bench/batches.ts …); run.ts imports `instances` alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  if (which === 'throughput' || which === 'all') {
    await throughput('PDF');
    await throughput('ZPLII');
  }
  if (which === 'throughput' || which === 'all' || which === 'throughput-pg') {
    const server = process.env.BENCH_POSTGRES;
    if (server) {
      const url = await freshPostgres(server);
      try {
        await throughput('PDF', url);
      } finally {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        await client.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
        await client.end();
      }
    }
  }
  if (which === 'memory' || which === 'all') await memory();
  if (which === 'instances' || which === 'all') {
    if (!process.env.BENCH_POSTGRES)
      throw new Error('instances: set BENCH_POSTGRES=postgres://… (a server where a database may be created)');
    await instances(process.env.BENCH_POSTGRES);
  }
}
