/**
 * Fuzzing every endpoint of the running service (`waybill serve`, its embedded emulator on loopback)
 * with dates, numbers and string sizes at their extremes: bodies generated from the OpenAPI document,
 * and valid carrier requests with one value pushed to an extreme. Every request must be answered (a
 * hang once froze the whole process) and never with a 5xx other than the documented carrier codes.
 * A few hundred requests from a fixed seed; a failure names the request so it can be replayed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, startServe, type ServerProcess } from '../support/process.js';
import { generate, mutate, pick, rng, STRINGS, type Json } from './fuzz-values.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

const CARRIER_TIMEOUT_MS = 5_000;
const ANSWER_WITHIN_MS = 6 * CARRIER_TIMEOUT_MS;
/** 5xx codes a carrier's failure may produce (README "Errors"); anything else is a defect. */
const CARRIER_CODES = new Set(['carrier_http_exception', 'carrier_failed_connection', 'carrier_timeout']);

let server: ServerProcess;
let key: string;
const accounts: { id: string; carrier: string; service: string; packaging: string }[] = [];

async function send(
  method: string,
  path: string,
  body?: Json,
): Promise<{ status: number; code?: string } | 'no answer'> {
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { zkkey: key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      // A request still unanswered by then is hanging, not waiting for a carrier: the carrier call is
      // cut at CARRIER_TIMEOUT_MS, and what follows it is bounded by the body (a 200-package booking
      // turns 200 carrier images into PDF pages, about 50 ms each on a busy 2-core machine).
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = JSON.parse(text)?.error?.code;
    } catch {
      code = undefined;
    }
    return { status: res.status, ...(code ? { code } : {}) };
  } catch {
    return 'no answer';
  }
}

const sender = {
  name: 'Ann Sender',
  company: 'Acme',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
  phone: '9015550100',
};
const recipient = {
  name: 'Bob Recipient',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '2125550100',
};
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  const env = {
    WAYBILL_DATA_DIR: tempDir('fuzz'),
    WAYBILL_LOG_LEVEL: 'info',
    WAYBILL_RATE_LIMIT: '0',
    WAYBILL_CARRIER_TIMEOUT_MS: String(CARRIER_TIMEOUT_MS),
  };
  server = await startServe(env);
  key = (await runCli(['keys', 'create', '--tenant', 'fuzz'], env)).stdout.trim().split('\n').at(-1)!;
  const meta = await (await fetch(`${server.url}/meta/carriers`, { headers: { zkkey: key } })).json();
  for (const c of (meta as { carriers: { slug: string; services: string[]; packaging_types: string[] }[] }).carriers) {
    const res = await fetch(`${server.url}/shippingaccount`, {
      method: 'POST',
      headers: { zkkey: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        shipping_account: { carrier: c.slug, country: 'US', test: true, billing_address: sender },
      }),
    });
    const id = ((await res.json()) as { shipping_account?: { id: string } }).shipping_account?.id;
    if (id)
      accounts.push({
        id,
        carrier: c.slug,
        service: c.services[0]!,
        packaging: c.packaging_types.includes('your_packaging') ? 'your_packaging' : c.packaging_types[0]!,
      });
  }
}, 60_000);
afterAll(() => server?.stop());

/** Points every `shipping_account` / `carrier` member at one real account, so that carriers are reached. */
function ground(v: Json, account: (typeof accounts)[number]): Json {
  if (Array.isArray(v)) return v.map((x) => ground(x, account));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v))
    out[k] =
      k === 'shipping_account'
        ? account.id
        : k === 'carrier' && typeof x === 'string'
          ? account.carrier
          : ground(x, account);
  return out;
}

/** Valid requests of each carrier operation, to push one value at a time to an extreme. */
function bases(a: (typeof accounts)[number]): [string, Json][] {
  const shipment = {
    shipping_account: a.id,
    sender,
    recipient,
    packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
    packaging: a.packaging,
    dim_units: 'IN',
    weight_units: 'LB',
    ship_date: today(),
  };
  const location = { ...sender, location_type: 'office' };
  const pickupCommon = {
    shipping_account: a.id,
    carrier: a.carrier,
    location,
    shipments: [{ packages: [{ weight: 5 }] }],
    dim_units: 'IN',
    weight_units: 'LB',
  };
  return [
    ['/rate', { shipment }],
    ['/ship', { shipment: { ...shipment, service: a.service } }],
    ['/track', { track: { shipping_account: a.id, tracking_number: 'TEST100000003', refresh: true } }],
    ['/pickup/availability', { pickup_availability: { ...pickupCommon, start_date: today(), end_date: today() } }],
    ['/pickup', { pickup: { ...pickupCommon, time: { date: today(), ready_time: '10:00', close_time: '17:00' } } }],
    ['/dopu', { dopu: { shipping_account: a.id, location: sender, radius: 10 } }],
  ];
}

/** The document with what it shares (components, by `$ref`) written out where it is used, for the generator. */
function inlined<T extends { components: Record<string, Record<string, unknown>> }>(doc: T): T {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) {
      const [, , kind, name] = ref.split('/');
      return walk(doc.components[kind!]![name!]);
    }
    if (Array.isArray(node)) return node.map(walk);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
  };
  return { ...doc, paths: walk((doc as unknown as { paths: unknown }).paths) } as T;
}

it('answers every extreme request, never with an unexplained 5xx', async () => {
  // A fixed seed by default; WAYBILL_FUZZ_SEED explores others.
  const r = rng(Number(process.env.WAYBILL_FUZZ_SEED ?? 22));
  const doc = inlined(
    (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, any>>;
      components: Record<string, Record<string, unknown>>;
    },
  );
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  const check = async (method: string, path: string, body?: Json) => {
    const res = await send(method, path, body);
    sent += 1;
    const what = `${method} ${path.slice(0, 120)} ${JSON.stringify(body ?? null).slice(0, 300)}`;
    if (res === 'no answer') return void failures.push(`no answer: ${what}`);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500 && !(res.code && CARRIER_CODES.has(res.code)))
      failures.push(`${res.status} ${res.code ?? 'no error body'}: ${what}`);
  };

  // Every operation of the OpenAPI document, with generated path, query and body values.
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (let i = 0; i < 5; i++) {
        const account = pick(r, accounts);
        let path = template.replace(/\{[^}]+\}/g, () =>
          encodeURIComponent(pick(r, ['x', 'lbl_0', 'x'.repeat(1500), '\u0000', ...STRINGS.slice(0, 6)])),
        );
        const query = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query' && r() < 0.6);
        if (query.length > 0)
          path += `?${query.map((p: { name: string; schema: object }) => `${p.name}=${encodeURIComponent(String(generate(r, p.schema)))}`).join('&')}`;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        await check(method.toUpperCase(), path, schema ? ground(generate(r, schema), account) : undefined);
      }
    }
  }
  // Valid carrier requests of every carrier with one value at an extreme.
  for (const account of accounts) {
    for (const [path, body] of bases(account)) {
      for (let i = 0; i < 6; i++) await check('POST', path, mutate(r, body));
    }
  }

  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(250);
  // Requests reached the carriers: some succeeded, not everything was refused at the door.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
  expect((await send('GET', '/healthz')) !== 'no answer').toBe(true);
}, 120_000);
