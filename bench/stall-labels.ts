/**
 * How long label work holds the event loop (bench/README.md "Label work and the event loop").
 * Usage: npx tsx bench/stall-labels.ts [ship|batch|all]
 *   ship: one POST /ship of 200 carrier_b packages with label_type PDF (carrier_b answers PNG
 *     labels, each placed on a PDF page), BENCH_ROUNDS times (2 by default);
 *   batch: a batch of BENCH_BATCH_ITEMS shipments (20 by default) of 5 such packages each.
 * Meanwhile /healthz is asked every 50 ms by this process (one at a time); the figure is the
 * longest any of them took to answer, beside the median, with the service's RSS after, and once
 * more 35 s after the last (label work threads stop after 30 s idle).
 */
import { buildService, fmt, json, rssMb, runCli, startService, type Service, recipient, sender } from './lib.js';

const which = process.argv[2] ?? 'all';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BATCH_ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 20);
const POLL_MS = 50;
const auth = { account_number: 'A1B2C3', userid: 'bench', password: 'bench-carrier-b-password' };

const shipment = (account: string, packages: number) => ({
  shipping_account: account,
  sender,
  recipient,
  packages: Array.from({ length: packages }, () => ({ weight: 2, length: 10, width: 8, height: 4 })),
  packaging: 'your_packaging',
  dim_units: 'IN',
  weight_units: 'LB',
  service: 'carrier_b_ground',
  label_type: 'PDF',
});

/** /healthz one at a time every POLL_MS until `until` settles: each answer's time, in ms. */
async function pollHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    // A kept-alive connection the service closed while it could not answer is asked again at once:
    // the time counted runs until an answer comes.
    for (;;) {
      try {
        await (await fetch(`${url}/healthz`)).arrayBuffer();
        break;
      } catch {
        if (done) break;
      }
    }
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return times;
}

function report(what: string, times: number[], ms: number, service: Service): void {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  console.log(
    `${what}: ${fmt(ms / 1000, 1)} s; /healthz answered ${times.length} times, longest ${fmt(sorted.at(-1) ?? NaN, 0)} ms, median ${fmt(median, 1)} ms; service RSS after ${fmt(rssMb(service.pid), 0)} MB`,
  );
}

async function setup(service: Service): Promise<{ key: string; account: string }> {
  await json('POST', `${service.emulatorUrl}/_emulator/credentials`, { carrier: 'carrier_b', auth });
  const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
  const created = await json(
    'POST',
    `${service.url}/shippingaccount`,
    { shipping_account: { carrier: 'carrier_b', country: 'US', test: true, auth } },
    { zkkey: key },
  );
  const account = created.shipping_account.id as string;
  // Warm-up: the carrier token, the label work's first load.
  await json('POST', `${service.url}/ship`, { shipment: shipment(account, 2) }, { zkkey: key });
  return { key, account };
}

async function ship(service: Service, key: string, account: string): Promise<void> {
  for (let round = 1; round <= ROUNDS; round++) {
    const started = performance.now();
    const booking = json('POST', `${service.url}/ship`, { shipment: shipment(account, 200) }, { zkkey: key });
    const times = await pollHealth(service.url, booking);
    const booked = await booking;
    if (booked.shipment.packages.length !== 200) throw new Error('the booking did not answer 200 labels');
    report(`/ship of 200 PDF labels, round ${round}`, times, performance.now() - started, service);
  }
}

async function batch(service: Service, key: string, account: string): Promise<void> {
  const started = performance.now();
  const created = await json(
    'POST',
    `${service.url}/batches`,
    { batch: { shipments: Array.from({ length: BATCH_ITEMS }, () => shipment(account, 5)) } },
    { zkkey: key },
  );
  const finished = (async () => {
    for (;;) {
      const { batch: b } = (await (
        await fetch(`${service.url}/batches/${created.batch.id}`, { headers: { zkkey: key } })
      ).json()) as any;
      if (b.counts.queued + b.counts.in_progress === 0) return b;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const times = await pollHealth(service.url, finished);
  const b = await finished;
  if (b.counts.booked !== BATCH_ITEMS) throw new Error(`batch: ${JSON.stringify(b.counts)}`);
  report(`batch of ${BATCH_ITEMS} × 5 PDF labels`, times, performance.now() - started, service);
}

buildService();
const service = await startService();
try {
  const { key, account } = await setup(service);
  if (which === 'ship' || which === 'all') await ship(service, key, account);
  if (which === 'batch' || which === 'all') await batch(service, key, account);
  // BENCH_STALL_SETTLE=0 (npm run bench -- stall): the stall only, not the memory after.
  if (process.env.BENCH_STALL_SETTLE !== '0') {
    await new Promise((r) => setTimeout(r, 35_000));
    console.log(`service RSS 35 s later: ${fmt(rssMb(service.pid), 0)} MB`);
  }
} finally {
  await service.stop();
}
