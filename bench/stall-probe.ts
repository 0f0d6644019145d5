/**
 * Stall probe (bench/README.md "Stall probe"): the largest body of each kind the service takes, sent
 * to the compiled service while GET /healthz is polled every 50 ms. For each case: the answer's
 * status and size, the longest /healthz answer while the case ran (the longest the event loop was
 * held, give or take a poll), and the service's RSS before, at its peak, and once it settled, with
 * its V8 heap then (used and committed).
 * Goal: no stall over 100 ms, RSS back within 20 MB of where it was.
 * Usage: npx tsx bench/stall-probe.ts [case …]   (no case: every case; `list` names them)
 *   BENCH_STALL_TAIL_MS=0 closes each window at the answer, leaving out the booking that starts then.
 *   BENCH_STALL_LOAD=N runs N busy processes beside it throughout: a loaded machine, the same for a
 *   before and an after run.
 */
import { spawn } from 'node:child_process';
import { Agent, fetch as undiciFetch } from 'undici';
import { buildService, fmt, json, recipient, rssMb, runCli, sender, startService, type Service } from './lib.js';

/** WAYBILL_BATCH_BODY_LIMIT's default: the largest batch body the service reads. */
const LIMIT = 32 * 1024 * 1024;
const POLL_MS = 50;
/** How long RSS may take to come back after an answer (V8's memory reducer runs seconds after work). */
const SETTLE_MS = 20_000;
/** How long the window stays open after the last answer (BENCH_STALL_TAIL_MS; 0: up to the answer). */
const TAIL_MS = Number(process.env.BENCH_STALL_TAIL_MS ?? 200);
/** Busy processes beside the probe (BENCH_STALL_LOAD). */
const LOAD = Number(process.env.BENCH_STALL_LOAD ?? 0);

const CARRIER_B_AUTH = { account_number: 'A1B2C3', client_id: 'bench-b', client_secret: 'bench-secret-b' };

interface Ctx {
  service: Service;
  key: string;
  account: string;
  accountB: string;
}

interface Case {
  name: string;
  /** The requests of the case, sent at once; each is answered before the case ends. */
  requests(ctx: Ctx): { path: string; type: string; body: Buffer; headers?: Record<string, string> }[];
}

/** `head` + `unit` repeated + `tail`, as close to `size` bytes as whole units allow. */
function filled(head: string, unit: string, tail: string, size = LIMIT): Buffer {
  const n = Math.floor((size - Buffer.byteLength(head) - Buffer.byteLength(tail)) / Buffer.byteLength(unit));
  return Buffer.concat([Buffer.from(head), Buffer.alloc(n * Buffer.byteLength(unit), unit), Buffer.from(tail)]);
}

const csvPath = (ctx: Ctx) =>
  `/batches?shipping_account=${ctx.account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`;
const jsonBatch = (body: Buffer) => ({ path: '/batches', type: 'application/json', body });
const csvBatch = (ctx: Ctx, body: Buffer) => ({ path: csvPath(ctx), type: 'text/csv', body });
/** `s` followed by letters, `n` characters in all. */
const pad = (s: string, n: number) => `${s} ${'x'.repeat(n)}`.slice(0, n);

/**
 * 10,000 valid shipments padded with long (valid) text up to the body limit: each field within the
 * contract's bound (an address line 1,000 characters, a reference 200), so every item is queued.
 */
function validJson(account: string): Buffer {
  const shipments = Array.from({ length: 10_000 }, (_, i) => ({
    shipping_account: account,
    sender,
    recipient: {
      ...recipient,
      name: `Bob ${i}`,
      company: pad(`Company ${i}`, 900),
      street2: pad(`Floor ${i}`, 900),
      street3: pad(`Door ${i}`, 700),
    },
    packages: [{ weight: 2 }],
    packaging: 'your_packaging',
    dim_units: 'IN',
    weight_units: 'LB',
    service: 'carrier_a_ground',
    references: [{ type: 'customer_reference', value: pad(`order ${i}`, 200) }],
  }));
  return Buffer.from(JSON.stringify({ batch: { shipments } }));
}

/** 10,000 valid rows padded with long (valid) text up to the body limit. */
function validCsv(): Buffer {
  const rows = Array.from(
    { length: 10_000 },
    (_, i) =>
      `order-${i},Bob ${i},${pad(`Company ${i}`, 1000)},5 Fifth Ave,${pad(`Floor ${i}`, 1000)},New York,NY,10001,US,2125550100,2,${pad(`contents ${i}`, 1000)}`,
  );
  return Buffer.from(
    `reference,recipient_name,recipient_company,recipient_street1,recipient_street2,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight,description\n${rows.join('\n')}\n`,
  );
}

const CASES: Case[] = [
  // What polling alone measures on this machine at this moment: the floor of every other row.
  { name: 'nothing sent (the floor)', requests: () => [] },
  {
    name: 'JSON: 32 MiB of empty objects as shipments',
    requests: () => [jsonBatch(filled('{"batch":{"shipments":[{}', ',{}', ']}}'))],
  },
  {
    name: 'JSON: the same, 6 bodies at once',
    requests: () => Array.from({ length: 6 }, () => jsonBatch(filled('{"batch":{"shipments":[{}', ',{}', ']}}'))),
  },
  {
    name: 'JSON: one 32 MiB string',
    requests: () => [jsonBatch(filled('{"batch":{"shipments":[{"reference":"', 'x', '"}]}}'))],
  },
  {
    name: 'JSON: 16 M nested arrays',
    requests: () => {
      const depth = Math.floor((LIMIT - 40) / 2);
      return [
        jsonBatch(
          Buffer.concat([
            Buffer.from('{"batch":{"shipments":[{"a":'),
            Buffer.alloc(depth, '['),
            Buffer.alloc(depth, ']'),
            Buffer.from('}]}}'),
          ]),
        ),
      ];
    },
  },
  { name: 'JSON: 10,000 valid shipments (32 MiB)', requests: (ctx) => [jsonBatch(validJson(ctx.account))] },
  {
    name: 'JSON: the same with an Idempotency-Key',
    requests: (ctx) => [
      { ...jsonBatch(validJson(ctx.account)), headers: { 'idempotency-key': `stall-probe-${Date.now()}` } },
    ],
  },
  {
    name: 'CSV: one 32 MiB header cell',
    requests: (ctx) => [csvBatch(ctx, filled('recipient_name', 'x', ',weight\nZed,1\n'))],
  },
  {
    name: 'CSV: 33 M empty fields in one row',
    requests: (ctx) => [csvBatch(ctx, filled('recipient_name,weight\nZed', ',', '\n'))],
  },
  {
    name: 'CSV: 3.7 M unknown columns',
    requests: (ctx) => [csvBatch(ctx, filled('recipient_name', ',column_', '\nZed\n'))],
  },
  {
    name: 'CSV: one bad 32 MiB multiline row',
    requests: (ctx) => [csvBatch(ctx, filled('recipient_name,weight\n"Zed', '\nx', '",1\n'))],
  },
  { name: 'CSV: 10,000 valid rows (32 MiB)', requests: (ctx) => [csvBatch(ctx, validCsv())] },
  // With a key the file is read whole before the key is claimed (its fingerprint covers the file).
  {
    name: 'CSV: the same with an Idempotency-Key',
    requests: (ctx) => [
      { ...csvBatch(ctx, validCsv()), headers: { 'idempotency-key': `stall-probe-csv-${Date.now()}` } },
    ],
  },
  {
    name: '/ship: carrier_b PDF label of 200 packages',
    requests: (ctx) => {
      const shipment = {
        shipping_account: ctx.accountB,
        sender,
        recipient,
        packages: Array.from({ length: 200 }, () => ({ weight: 2, length: 10, width: 8, height: 4 })),
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
        service: 'carrier_b_ground',
        label_type: 'PDF',
      };
      return [{ path: '/ship', type: 'application/json', body: Buffer.from(JSON.stringify({ shipment })) }];
    },
  },
];

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls /healthz every POLL_MS on connections of its own; answers the longest wait for an answer. */
function pollHealth(url: string): { stop(): Promise<number> } {
  const agent = new Agent({ connections: 4 });
  let longest = 0;
  let running = true;
  let inFlight: Promise<void> = Promise.resolve();
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      inFlight = undiciFetch(`${url}/healthz`, { dispatcher: agent }).then(
        async (r) => void (await r.arrayBuffer()),
        () => {},
      );
      await inFlight;
      const took = performance.now() - started;
      longest = Math.max(longest, took);
      await pause(Math.max(0, POLL_MS - took));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await agent.close();
      return longest;
    },
  };
}

/**
 * The service's V8 heap, used and committed, in MB (its /metrics): what RSS holds that is the heap,
 * and how much of that heap is still in use (the rest is garbage not yet collected, or room V8 keeps).
 */
async function heapMb(url: string): Promise<string> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const mb = (name: string) => fmt(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1048576, 0);
  return `${mb('nodejs_heap_size_used_bytes')} / ${mb('nodejs_heap_size_total_bytes')}`;
}

/** An accepted batch's items as queued and failed: a "valid" body whose items all failed measured a refusal. */
function accepted(text: string): string | undefined {
  const counts = (JSON.parse(text) as { batch?: { counts?: { queued: number; failed: number } } }).batch?.counts;
  return counts ? `(${counts.queued} queued, ${counts.failed} failed)` : undefined;
}

/** Cancels a batch the case created, so that its booking does not run into the next case. */
async function cancelBatch(ctx: Ctx, text: string): Promise<void> {
  const id = (JSON.parse(text) as { batch?: { id?: string } }).batch?.id;
  if (!id) return;
  await fetch(`${ctx.service.url}/batches/${id}/cancel`, { method: 'POST', headers: { zkkey: ctx.key } });
}

async function runCase(ctx: Ctx, c: Case): Promise<string> {
  const requests = c.requests(ctx);
  const before = rssMb(ctx.service.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(ctx.service.pid))), 100);
  const poll = pollHealth(ctx.service.url);
  await pause(200);
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async (r) => {
      const res = await fetch(`${ctx.service.url}${r.path}`, {
        method: 'POST',
        headers: { zkkey: ctx.key, 'content-type': r.type, ...r.headers },
        body: r.body,
      }).catch((err: Error) => err);
      if (res instanceof Error)
        return { status: `failed: ${res.message}`, text: '', bytes: 0, ms: performance.now() - started };
      const text = await res.text();
      return {
        status: String(res.status),
        text,
        bytes: Buffer.byteLength(text),
        ms: performance.now() - started,
        code: res.status >= 400 ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : accepted(text),
      };
    }),
  );
  // The window ends shortly after the answer: booking an accepted batch is measured elsewhere
  // (bench/batches.ts), and the batch is cancelled once the window has closed.
  await pause(requests.length ? TAIL_MS : 2000);
  const stall = await poll.stop();
  for (const a of answers) if (a.status === '202') await cancelBatch(ctx, a.text);
  // RSS once it settled: within 20 MB of where it was, or what it was after SETTLE_MS.
  const settleStart = performance.now();
  let after = rssMb(ctx.service.pid);
  while (after > before + 20 && performance.now() - settleStart < SETTLE_MS) {
    await pause(500);
    after = rssMb(ctx.service.pid);
  }
  clearInterval(sampler);
  const statuses = [...new Set(answers.map((a) => `${a.status}${a.code ? ` ${a.code}` : ''}`))].join(', ');
  const size = Math.max(0, ...answers.map((a) => a.bytes));
  const answered = Math.max(0, ...answers.map((a) => a.ms));
  const settled = fmt((performance.now() - settleStart) / 1000, 1);
  return `| ${c.name} | ${fmt(requests.reduce((n, r) => n + r.body.length, 0) / 1048576, 1)} MiB | ${statuses} | ${fmt(size / 1024, 1)} KiB | ${fmt(answered, 0)} ms | **${fmt(stall, 0)} ms** | ${fmt(before, 0)} / ${fmt(peak, 0)} / ${fmt(after, 0)} MB (${settled} s) | ${await heapMb(ctx.service.url)} MB |`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  if (wanted[0] === 'list') return void CASES.forEach((c, i) => console.log(`${i}: ${c.name}`));
  const cases = wanted.length ? wanted.map((w) => CASES[Number(w)]!) : CASES;
  buildService();
  const service = await startService();
  // Each stops by itself once the probe is gone (killed, it could not stop them).
  const burners = Array.from({ length: LOAD }, () =>
    spawn(process.execPath, ['-e', 'for (let i = 0; ; i++) if (i % 1e8 === 0 && process.ppid === 1) process.exit()'], {
      stdio: 'ignore',
    }),
  );
  try {
    const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
    const auth = { account_number: '740561073', client_id: 'bench-client', client_secret: 'bench-client-secret' };
    const account = (
      await json(
        'POST',
        `${service.url}/shippingaccount`,
        { shipping_account: { carrier: 'carrier_a', country: 'US', test: true, auth, billing_address: sender } },
        { zkkey: key },
      )
    ).shipping_account.id;
    await json('POST', `${service.emulatorUrl}/_emulator/credentials`, { carrier: 'carrier_b', auth: CARRIER_B_AUTH });
    const accountB = (
      await json(
        'POST',
        `${service.url}/shippingaccount`,
        { shipping_account: { carrier: 'carrier_b', country: 'US', test: true, auth: CARRIER_B_AUTH } },
        { zkkey: key },
      )
    ).shipping_account.id;
    const ctx = { service, key, account, accountB };
    // Warm-up: a small batch of each kind and one /ship, so that compiling code is not counted as a stall.
    await json('POST', `${service.url}/batches`, { batch: { shipments: [{}] } }, { zkkey: key });
    await fetch(`${service.url}${csvPath(ctx)}`, {
      method: 'POST',
      headers: { zkkey: key, 'content-type': 'text/csv' },
      body: 'recipient_name,weight\nZed,x\n',
    });
    await pause(2000);
    console.log(
      `Stall probe: /healthz polled every ${POLL_MS} ms${LOAD ? `, ${LOAD} busy processes beside it` : ''}; RSS before / peak / after (time to settle, at most ${SETTLE_MS / 1000} s)\n`,
    );
    console.log(
      '| case | body | answer | answer size | answered after | longest /healthz | RSS | V8 heap after: used / committed |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const c of cases) console.log(await runCase(ctx, c));
  } finally {
    for (const b of burners) b.kill();
    await service.stop();
  }
}

await main();
