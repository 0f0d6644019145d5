/**
 * Webhook delivery benchmark (bench/README.md): events delivered per second to a local receiver,
 * and the time from a change (a booking) to its delivery, median and p99; on SQLite with one
 * instance and on PostgreSQL with two instances sharing the outbox.
 *   npx tsx bench/webhooks.ts [sqlite|postgres|all]     (postgres needs BENCH_POSTGRES=postgres://…)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { fmt, json, runCli, startService, type Service, recipient, sender } from './lib.js';

const which = process.argv[2] ?? 'all';
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 200);
const REDELIVERIES = Number(process.env.BENCH_REDELIVERIES ?? 400);
/** Endpoints per tenant: each redelivery fans out to all of them. */
const ENDPOINTS = 10;

interface Arrival {
  path: string;
  type: string;
  latencyMs: number;
  at: number;
}

async function startReceiver() {
  const arrivals: Arrival[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw) as { type: string; created: string };
      const at = Date.now();
      arrivals.push({ path: req.url ?? '/', type: body.type, latencyMs: at - Date.parse(body.created), at });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Runs `n` tasks, `concurrency` at a time. */
async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

async function run(label: string, instances: Service[]): Promise<void> {
  const rx = await startReceiver();
  try {
    const [first] = instances;
    const key = (await runCli(['keys', 'create', '--tenant', 'bench'], first!.env)).trim().split('\n').at(-1)!;
    const headers = { zkkey: key };
    const account = (
      await json(
        'POST',
        `${first!.url}/shippingaccount`,
        {
          shipping_account: {
            carrier: 'carrier_a',
            country: 'US',
            test: true,
            auth: { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' },
          },
        },
        headers,
      )
    ).shipping_account.id;
    await json(
      'POST',
      `${first!.url}/webhooks`,
      { webhook: { url: `${rx.url}/created`, events: ['shipment.created'] } },
      headers,
    );
    const ship = {
      shipment: {
        shipping_account: account,
        sender,
        recipient,
        packages: [{ weight: 2 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
        service: 'carrier_a_ground',
        label_type: 'ZPLII__STOCK_4X6',
      },
    };

    console.error(`${label}: booking ${BOOKINGS} shipments`);
    // Change → delivery: bookings a few at a time, spread over the instances.
    await pool(
      BOOKINGS,
      4,
      async (i) => void (await json('POST', `${instances[i % instances.length]!.url}/ship`, ship, headers)),
    );
    await until(() => rx.arrivals.length >= BOOKINGS, 'every shipment.created');
    const latencies = rx.arrivals.map((a) => a.latencyMs).sort((a, b) => a - b);

    console.error(`${label}: ${REDELIVERIES} redeliveries`);
    // Throughput: a backlog of redeliveries fanned out to several endpoints.
    for (let i = 0; i < ENDPOINTS; i++)
      await json(
        'POST',
        `${first!.url}/webhooks`,
        { webhook: { url: `${rx.url}/fan/${i}`, events: ['shipment.created'] } },
        headers,
      );
    const eventId = (
      (await (await fetch(`${first!.url}/events?type=shipment.created&limit=1`, { headers })).json()) as {
        events: { id: string }[];
      }
    ).events[0]!.id;
    const before = rx.arrivals.length;
    let created = 0;
    const started = Date.now();
    await pool(REDELIVERIES, 8, async (i) => {
      const res = await fetch(`${instances[i % instances.length]!.url}/events/${eventId}/redeliver`, {
        method: 'POST',
        headers,
      });
      created += ((await res.json()) as { deliveries: unknown[] }).deliveries.length;
    });
    const queued = Date.now();
    await until(() => rx.arrivals.length - before >= created, 'every redelivery');
    const fan = rx.arrivals.slice(before);
    const last = Math.max(...fan.map((a) => a.at));
    const firstAt = Math.min(...fan.map((a) => a.at));
    const drain = fan.map((a) => a.latencyMs);
    console.log(`${label}`);
    console.log(
      `    change → delivery over ${BOOKINGS} bookings: median ${fmt(pct(latencies, 50), 0)} ms, p99 ${fmt(pct(latencies, 99), 0)} ms (min ${latencies[0]} ms, max ${latencies.at(-1)} ms)`,
    );
    console.log(
      `    throughput: ${created} deliveries (${REDELIVERIES} redeliveries × ${ENDPOINTS + 1} endpoints) queued in ${fmt((queued - started) / 1000, 1)} s, delivered in ${fmt((last - started) / 1000, 1)} s → ${fmt(created / ((last - firstAt) / 1000), 0)} deliveries/s (first to last arrival)`,
    );
    console.log(
      `    received ${rx.arrivals.length - before} for ${created} deliveries created (duplicates: ${rx.arrivals.length - before - created}); backlog delivery latency p50 ${fmt(
        pct(
          drain.sort((a, b) => a - b),
          50,
        ),
        0,
      )} ms`,
    );
  } finally {
    await rx.close();
  }
}

const env = {
  WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true',
  ...(process.env.BENCH_WEBHOOK_POLL_MS ? { WAYBILL_WEBHOOK_POLL_MS: process.env.BENCH_WEBHOOK_POLL_MS } : {}),
};

if (which === 'sqlite' || which === 'all') {
  console.error('starting the service');
  const service = await startService(env);
  try {
    await run('SQLite, one instance', [service]);
  } finally {
    await service.stop();
  }
}

if (which === 'postgres' || which === 'all') {
  const admin = process.env.BENCH_POSTGRES;
  if (!admin) {
    console.log('PostgreSQL: set BENCH_POSTGRES=postgres://user@host:5432/db to run it');
  } else {
    const name = `waybill_bench_${randomBytes(4).toString('hex')}`;
    const query = async (sql: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const shared = {
      ...env,
      WAYBILL_DATABASE_URL: url.toString(),
      WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
    };
    const a = await startService(shared);
    const b = await startService(shared);
    try {
      await run('PostgreSQL, two instances', [a, b]);
    } finally {
      await a.stop();
      await b.stop();
      await query(`drop database if exists ${name} with (force)`);
    }
  }
}
