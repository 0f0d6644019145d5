/**
 * Every authentication path and budget past its limit at once, against `waybill serve` as a
 * process, for BENCH_SECONDS (default 60): a cached key, keys looked up again while over their limit
 * (their cache time passes every 5 s under load), a JWT (never cached), refused keys from one
 * address, the tenant's redeliver budget, and a tracking link. It counts the answers of each and
 * fails when the process exits, stops answering /healthz, or answers anything with a 5xx.
 *   npx tsx bench/auth-limits.ts       (BENCH_POSTGRES=postgres://… runs it on PostgreSQL, with shared buckets)
 */
import { SignJWT } from 'jose';
import { buildService, json, runCli, startService, recipient, sender } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SECRET = 'bench-jwt-secret-0123456789abcdef';
/** Requests per second per key (bursts of twice that): low, so every path spends its budget fast. */
const RATE = 5;

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
  failed: number;
  /** Why requests got no answer: the error's name and cause. */
  why: Map<string, number>;
}

interface Path {
  name: string;
  connections: number;
  request: (i: number) => { method: string; url: string; headers: Record<string, string> };
}

async function main(): Promise<void> {
  buildService();
  const postgres = process.env.BENCH_POSTGRES;
  const service = await startService({
    WAYBILL_RATE_LIMIT: String(RATE),
    WAYBILL_JWT_SECRET: SECRET,
    ...(postgres ? { WAYBILL_DATABASE_URL: postgres } : {}),
  });
  let alive = true;
  let healthFailures = 0;
  const exited = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      try {
        process.kill(service.pid, 0);
      } catch {
        alive = false;
        clearInterval(timer);
        resolve();
      }
    }, 100);
    setTimeout(() => (clearInterval(timer), resolve()), (SECONDS + 30) * 1000);
  });
  try {
    const key = async (tenant: string) =>
      (await runCli(['keys', 'create', '--tenant', tenant], service.env)).trim().split('\n').at(-1)!;
    const cached = await key('bench-cached');
    const rechecked = await Promise.all(Array.from({ length: 4 }, () => key('bench-recheck')));
    const resender = await key('bench-resend');
    const auth = { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' };
    const account = (
      await json(
        'POST',
        `${service.url}/shippingaccount`,
        { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth } },
        { zkkey: resender },
      )
    ).shipping_account.id;
    const booked = await json(
      'POST',
      `${service.url}/ship`,
      {
        shipment: {
          shipping_account: account,
          service: 'carrier_a_ground',
          sender,
          recipient,
          packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
          packaging: 'your_packaging',
          dim_units: 'IN',
          weight_units: 'LB',
        },
      },
      { zkkey: resender },
    );
    const event = (
      (await (await fetch(`${service.url}/events`, { headers: { zkkey: resender } })).json()) as {
        events: { id: string }[];
      }
    ).events[0]!.id;
    const tracking = new URL(booked.shipment.tracking_url as string).pathname.split('/').pop()!;
    const jwt = await new SignJWT({ sub: 'bench-jwt' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(SECRET));

    const paths: Path[] = [
      {
        name: 'cached key',
        connections: 8,
        request: () => ({ method: 'GET', url: '/webhooks', headers: { zkkey: cached } }),
      },
      {
        name: 'keys looked up again (4 keys)',
        connections: 16,
        request: (i) => ({ method: 'GET', url: '/webhooks', headers: { zkkey: rechecked[i % rechecked.length]! } }),
      },
      {
        name: 'JWT',
        connections: 20,
        request: () => ({ method: 'GET', url: '/webhooks', headers: { authorization: `Bearer ${jwt}` } }),
      },
      {
        name: 'refused keys',
        connections: 8,
        request: (i) => ({ method: 'GET', url: '/webhooks', headers: { zkkey: `wb_wrong_${i}` } }),
      },
      {
        name: 'redeliver budget',
        connections: 8,
        request: () => ({ method: 'POST', url: `/events/${event}/redeliver`, headers: { zkkey: resender } }),
      },
      {
        name: 'tracking link',
        connections: 4,
        request: () => ({ method: 'GET', url: `/public/tracking/${tracking}`, headers: {} }),
      },
    ];
    const tallies = new Map(
      paths.map((p) => [
        p.name,
        { sent: 0, byStatus: new Map<number, number>(), failed: 0, why: new Map<string, number>() } as Tally,
      ]),
    );
    const until = Date.now() + SECONDS * 1000;
    let n = 0;
    const worker = async (p: Path) => {
      const tally = tallies.get(p.name)!;
      while (Date.now() < until && alive) {
        const r = p.request(n++);
        tally.sent++;
        try {
          const res = await fetch(`${service.url}${r.url}`, {
            method: r.method,
            headers: r.headers,
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
        } catch (err) {
          tally.failed++;
          const e = err as Error & { cause?: { code?: string } };
          const why = `${e.name}${e.cause?.code ? ` ${e.cause.code}` : ''}`;
          tally.why.set(why, (tally.why.get(why) ?? 0) + 1);
        }
      }
    };
    const health = async () => {
      while (Date.now() < until && alive) {
        const ok = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) healthFailures++;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    await Promise.race([
      Promise.all([...paths.flatMap((p) => Array.from({ length: p.connections }, () => worker(p))), health()]),
      exited.then(() => undefined),
    ]);
    const finalHealth =
      alive &&
      (await fetch(`${service.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));

    console.log(
      `\n${SECONDS} s, ${postgres ? 'PostgreSQL (shared buckets)' : 'SQLite (buckets in memory)'}, WAYBILL_RATE_LIMIT=${RATE}\n`,
    );
    console.log('| path | requests | 2xx | 401 | 429 | 5xx | no answer |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    let total = 0;
    let fives = 0;
    let failed = 0;
    for (const p of paths) {
      const t = tallies.get(p.name)!;
      const count = (f: (s: number) => boolean) => [...t.byStatus].filter(([s]) => f(s)).reduce((a, [, c]) => a + c, 0);
      const five = count((s) => s >= 500);
      total += t.sent;
      fives += five;
      failed += t.failed;
      const why = t.why.size ? ` (${[...t.why].map(([w, c]) => `${c} ${w}`).join(', ')})` : '';
      console.log(
        `| ${p.name} | ${t.sent} | ${count((s) => s >= 200 && s < 300)} | ${count((s) => s === 401)} | ${count((s) => s === 429)} | ${five} | ${t.failed}${why} |`,
      );
    }
    console.log(
      `\nrequests ${total}, 5xx ${fives}, no answer ${failed}, /healthz failures ${healthFailures}, process alive at the end: ${finalHealth ? 'yes' : 'NO'}`,
    );
    if (!finalHealth || fives > 0 || failed > 0 || healthFailures > 0) process.exitCode = 1;
  } finally {
    await service.stop();
  }
}

await main();
