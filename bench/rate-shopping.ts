/**
 * Rate shopping (DESIGN.md "Performance targets"): POST /rate with shipping_accounts of four
 * carriers, each carrier's rate call delayed 200 ms by the emulator (fault `latency:200`). The calls
 * run in parallel, so the answer should take one call's time: target ≤ 1.15 × 200 ms. Also measured:
 * one account's /rate under the same delay (what a single call costs through Waybill), and a carrier
 * that answers after 3 s cut at a budget of 1 s (WAYBILL_RATE_SHOP_TIMEOUT_MS).
 * Usage: npx tsx bench/rate-shopping.ts [requests]
 */
import { buildService, fmt, json, runCli, startService, recipient, sender } from './lib.js';

const REQUESTS = Number(process.argv[2] ?? 30);
const DELAY_MS = 200;
const BUDGET_MS = 1000;
const SLOW_MS = 3000;
const CARRIERS = ['carrier_a', 'carrier_b', 'carrier_c', 'carrier_d'] as const;

// Registered as a tenant would, after the emulator has been told of them.
const AUTH: Record<(typeof CARRIERS)[number], Record<string, string>> = {
  carrier_a: { account_number: '740561073', client_id: 'bench-a', client_secret: 'bench-secret-a' },
  carrier_b: { account_number: 'A1B2C3', client_id: 'bench-b', client_secret: 'bench-secret-b' },
  carrier_c: { account_number: '950000000', site_id: 'bench-c', password: 'bench-secret-c' },
  carrier_d: {
    account_number: '1000000001',
    client_id: 'bench-d',
    client_secret: 'bench-secret-d',
    customer_registration_id: 'crid-1',
    mailer_id: '900000001',
    manifest_mid: '900000002',
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;

async function timed(url: string, key: string, body: unknown, n: number): Promise<{ ms: number[]; last: any }> {
  const ms: number[] = [];
  let last: any;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    last = await json('POST', url, body, { zkkey: key });
    ms.push(performance.now() - started);
  }
  return { ms, last };
}

async function main(): Promise<void> {
  buildService();
  const service = await startService({ WAYBILL_RATE_SHOP_TIMEOUT_MS: String(BUDGET_MS) });
  try {
    const key = (await runCli(['keys', 'create', '--tenant', 'bench'], service.env)).trim().split('\n').at(-1)!;
    const accounts: string[] = [];
    for (const carrier of CARRIERS) {
      // The emulator refuses credentials it never issued: these are made known to it first.
      await json('POST', `${service.emulatorUrl}/_emulator/credentials`, { carrier, auth: AUTH[carrier] });
      const created = await json(
        'POST',
        `${service.url}/shippingaccount`,
        { shipping_account: { carrier, country: 'US', test: true, auth: AUTH[carrier] } },
        { zkkey: key },
      );
      accounts.push(created.shipping_account.id);
    }
    const shipment = {
      sender,
      recipient,
      packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
      dim_units: 'IN',
      weight_units: 'LB',
    };
    const shop = { shipment: { ...shipment, shipping_accounts: accounts, select: 'best_value' } };
    const control = (body: unknown) => json('POST', `${service.emulatorUrl}/_emulator/faults`, body);

    // Warm-up without delay: OAuth tokens fetched, connections open, code paths compiled.
    const warm = await timed(`${service.url}/rate`, key, shop, 5);
    if (warm.last.errors.length > 0) throw new Error(`warm-up: ${JSON.stringify(warm.last.errors)}`);
    for (const carrier of CARRIERS)
      await control({ carrier, operation: 'rate', fault: `latency:${DELAY_MS}`, count: 0 });

    const singles: Record<string, number> = {};
    for (const [i, carrier] of CARRIERS.entries()) {
      singles[carrier] = median(
        (await timed(`${service.url}/rate`, key, { shipment: { ...shipment, shipping_account: accounts[i] } }, 10)).ms,
      );
    }
    const shopped = await timed(`${service.url}/rate`, key, shop, REQUESTS);
    if (shopped.last.errors.length > 0) throw new Error(`shopping: ${JSON.stringify(shopped.last.errors)}`);

    await fetch(`${service.emulatorUrl}/_emulator/faults`, { method: 'DELETE' });
    for (const carrier of CARRIERS)
      await control({
        carrier,
        operation: 'rate',
        fault: `latency:${carrier === 'carrier_c' ? SLOW_MS : DELAY_MS}`,
        count: 0,
      });
    const cut = await timed(`${service.url}/rate`, key, shop, 5);
    const cutErrors = cut.last.errors
      .map((e: { carrier: string; error: { code: string } }) => `${e.carrier} ${e.error.code}`)
      .join(', ');

    const slowestSingle = Math.max(...Object.values(singles));
    console.log(
      `rate shopping over ${CARRIERS.length} accounts, every carrier's rate call delayed ${DELAY_MS} ms, ${REQUESTS} requests one after the other`,
    );
    console.log(
      `  one account's /rate, median per carrier: ${CARRIERS.map((c) => `${c} ${fmt(singles[c]!, 0)} ms`).join(', ')}`,
    );
    console.log(
      `  shopping /rate: median ${fmt(median(shopped.ms), 0)} ms, p90 ${fmt(p90(shopped.ms), 0)} ms, ${shopped.last.rates.length} rates`,
    );
    console.log(
      `  ratio to one carrier's ${DELAY_MS} ms: median ${fmt(median(shopped.ms) / DELAY_MS)}x, p90 ${fmt(p90(shopped.ms) / DELAY_MS)}x (target <= 1.15x)`,
    );
    console.log(
      `  ratio to the slowest single-account /rate (${fmt(slowestSingle, 0)} ms): median ${fmt(median(shopped.ms) / slowestSingle)}x`,
    );
    console.log(
      `  carrier_c at ${SLOW_MS} ms with a ${BUDGET_MS} ms budget: median ${fmt(median(cut.ms), 0)} ms (${fmt(median(cut.ms) / BUDGET_MS)}x the budget), errors: ${cutErrors}`,
    );
  } finally {
    await service.stop();
  }
}

await main();
