/** @waybill/client against the real service and its carrier emulator over loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, WaybillConnectionError, WaybillError, type Waybill } from '../../packages/client/src/index.js';
import { shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
});

/** A client whose waits are recorded and skipped, and whose requests are recorded. */
function recordingClient(opts: { timeoutMs?: number; retries?: number; baseUrl?: string } = {}) {
  const waits: number[] = [];
  const sent: { method: string; url: string; key: string | null }[] = [];
  const client: Waybill = createClient({
    baseUrl: opts.baseUrl ?? baseUrl,
    apiKey: s.key,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    retry: { retries: opts.retries ?? 3 },
    sleep: async (ms) => void waits.push(ms),
    fetch: (input, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        key: new Headers(init?.headers).get('idempotency-key'),
      });
      return fetch(input, init);
    },
  });
  return { client, waits, sent };
}

const body = (overrides: Record<string, unknown> = {}) =>
  shipment(s.account, { service: 'carrier_a_ground', ...overrides }) as never;

/** How many shipments the account has with this customer reference. */
async function bookedWith(reference: string): Promise<number> {
  const { client } = recordingClient();
  const page = await client.page('listShipments', { query: { shipping_account: s.account, search: reference } });
  return page.total ?? page.items.length;
}

describe('@waybill/client', () => {
  it('rates, ships, tracks and cancels; a refusal is a WaybillError with its code', async () => {
    const { client, sent } = recordingClient();
    const { rates } = await client.op.rateShipment({ body: body() });
    expect(rates[0]!.total_cost).toMatch(/^\d+\.\d{2}$/);
    const booked = await client.op.createShipment({ body: body() });
    const tracking = booked.shipment.tracking_number;
    const tracked = await client.op.trackShipment({
      body: { track: { shipping_account: s.account, tracking_number: tracking } },
    });
    expect(Array.isArray(tracked) ? undefined : tracked.tracking_stage).toBe('CREATED');
    await client.op.cancelShipment({ body: { cancel: { shipping_account: s.account, tracking_number: tracking } } });
    const again = await client.op
      .cancelShipment({ body: { cancel: { shipping_account: s.account, tracking_number: tracking } } })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(WaybillError);
    expect(again).toMatchObject({ status: 409, code: 'conflict' });
    // Every POST had a key of its own; the GET-less flow sent none twice.
    const keys = sent.filter((r) => r.method === 'POST').map((r) => r.key);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends the Idempotency-Key it is given, and the service replays the first booking for it', async () => {
    const { client } = recordingClient();
    const first = await client.request('createShipment', {
      body: body({ references: [{ type: 'customer_reference', value: 'given-key' }] }),
      idempotencyKey: 'order-given-key',
    });
    const second = await client.request('createShipment', {
      body: body({ references: [{ type: 'customer_reference', value: 'given-key' }] }),
      idempotencyKey: 'order-given-key',
    });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.data.shipment.tracking_number).toBe(first.data.shipment.tracking_number);
    expect(await bookedWith('given-key')).toBe(1);
  });

  it('retries a carrier 429 after its Retry-After under the same key, and books once', async () => {
    await s.em.fault('carrier_a', 'ship', 'http_429', 1);
    const { client, waits, sent } = recordingClient();
    const booked = await client.op.createShipment({
      body: body({ references: [{ type: 'customer_reference', value: 'after-429' }] }),
    });
    expect(booked.shipment.tracking_number).toBeTruthy();
    const posts = sent.filter((r) => r.url.endsWith('/ship'));
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(await bookedWith('after-429')).toBe(1);
  });

  it('retries a try that timed out while the carrier booked: the same key gets that booking, never a second one', async () => {
    await s.em.fault('carrier_a', 'ship', 'latency:1500', 1);
    // Real waits here: the retry must reach the service while, and after, the first try runs.
    const client = createClient({
      baseUrl,
      apiKey: s.key,
      timeoutMs: 400,
      retry: { retries: 20, baseDelayMs: 200, maxDelayMs: 400 },
    });
    const booked = await client.op.createShipment({
      body: body({ references: [{ type: 'customer_reference', value: 'after-timeout' }] }),
    });
    expect(booked.shipment.tracking_number).toBeTruthy();
    expect(await bookedWith('after-timeout')).toBe(1);
  }, 30_000);

  it('does not retry an answer the service keeps under the key (a carrier failure), and books nothing', async () => {
    await s.em.fault('carrier_a', 'ship', 'http_500', 0);
    try {
      const { client, sent } = recordingClient();
      const err = await client.op
        .createShipment({ body: body({ references: [{ type: 'customer_reference', value: 'after-500' }] }) })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WaybillError);
      expect((err as WaybillError).status).toBe(502);
      expect((err as WaybillError).idempotencyKey).toBe(sent[0]!.key);
      // The second try got the first one's answer, replayed: asking again would give it again.
      expect(sent.filter((r) => r.url.endsWith('/ship'))).toHaveLength(2);
      expect(await bookedWith('after-500')).toBe(0);
    } finally {
      await s.em.clearFaults();
    }
  });

  it('gives up on an unreachable service with a WaybillConnectionError after its retries', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { client, waits, sent } = recordingClient({ baseUrl: `http://127.0.0.1:${port}`, retries: 2 });
    const err = await client.op.listShippingAccounts().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaybillConnectionError);
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('pages a list by Link and X-Total-Count', async () => {
    const { client } = recordingClient();
    for (let i = 0; i < 3; i++)
      await client.op.createShipment({
        body: body({ references: [{ type: 'customer_reference', value: 'paged-list' }] }),
      });
    const first = await client.page('listShipments', { query: { search: 'paged-list', pageSize: 2 } });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const all: string[] = [];
    for await (const item of client.all('listShipments', { query: { search: 'paged-list', pageSize: 2 } }))
      all.push(item.tracking_number);
    expect(new Set(all).size).toBe(3);
  });
});

describe('a newer service', () => {
  let proxy: Server;
  let proxyUrl: string;

  // The service as a later version would answer: a tracking stage and a member this client's
  // schema does not know. The answer is passed on as the service sent it, then rewritten.
  beforeAll(async () => {
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = Object.fromEntries(
        ['authorization', 'content-type', 'idempotency-key'].flatMap((h) =>
          req.headers[h] ? [[h, String(req.headers[h])]] : [],
        ),
      );
      const upstream = await fetch(baseUrl + req.url, {
        method: req.method!,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const answer = (await upstream.json()) as Record<string, unknown>;
      if (req.url === '/track')
        Object.assign(answer, { tracking_stage: 'HELD_BY_CUSTOMS', customs_hold: { reason: 'documents' } });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => proxy.close(r)));

  it('is read as it answers: an unknown enum value and a new member pass through', async () => {
    const { client } = recordingClient({ baseUrl: proxyUrl });
    const booked = await client.op.createShipment({ body: body() });
    const tracked = await client.op.trackShipment({
      body: { track: { shipping_account: s.account, tracking_number: booked.shipment.tracking_number } },
    });
    expect(tracked).toMatchObject({
      tracking_stage: 'HELD_BY_CUSTOMS',
      customs_hold: { reason: 'documents' },
      tracking_number: booked.shipment.tracking_number,
    });
  });
});
