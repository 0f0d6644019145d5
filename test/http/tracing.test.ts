/**
 * OpenTelemetry traces (src/foundations/tracing.ts) as a collector receives them: the app runs with an OTLP
 * endpoint set, over real HTTP, against the carrier emulator (behind a proxy that records what the
 * carriers are sent), and every export the SDK makes is decoded by a local OTLP/HTTP receiver.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/foundations/logger.js';
import { loadTracing } from '../../src/foundations/tracing.js';
import type { Tracing } from '../../src/foundations/tracing.js';
import { shipment } from '../contract/support.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { startReceiver, waitFor, type Receiver } from '../support/webhook-receiver.js';
import { FAST } from '../webhooks/support.js';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** Forwards everything to the emulator and keeps the headers of each carrier request. */
async function startCarrierProxy(
  target: string,
): Promise<{ url: string; headers: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const headers: IncomingHttpHeaders[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    headers.push(req.headers);
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const tenant = 'traced-tenant-kx';
let otlp: OtlpReceiver;
let em: TestEmulator;
let proxy: Awaited<ReturnType<typeof startCarrierProxy>>;
let hooks: Receiver;
let tracing: Tracing;
let t: TestApp;
let base: string;
let key: string;
let account: string;
/** Numbers and ids the suite handled: none may reach the collector. */
const handled: string[] = [];

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { zkkey: key, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The body sent a while after the headers, as a slow client does: it then arrives through the socket's own events. */
function postLate(path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          zkkey: key,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    setTimeout(() => req.end(text), 100);
  });
}

async function exported(): Promise<ReceivedSpan[]> {
  await tracing.flush();
  return otlp.spans;
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.parentSpanId === parent.spanId && s.traceId === parent.traceId);

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  em = await startTestEmulator();
  proxy = await startCarrierProxy(em.url);
  hooks = await startReceiver();
  // The SDK reads its settings from the process environment, as it does in `waybill serve`.
  vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', otlp.url);
  vi.stubEnv('OTEL_EXPORTER_OTLP_HEADERS', 'x-collector-token=collector-token-value');
  vi.stubEnv('OTEL_RESOURCE_ATTRIBUTES', 'deployment.environment.name=tracing-test');
  vi.stubEnv('OTEL_SERVICE_NAME', undefined);
  tracing = (await loadTracing({ log: createLogger('silent') }))!;
  t = await createTestApp({ emulatorUrl: proxy.url, tracing, background: true, env: FAST });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  key = await t.key(tenant);
  handled.push(key);
  const res = await post('/shippingaccount', { shipping_account: { carrier: 'carrier_a', country: 'US', test: true } });
  account = res.body.shipping_account.id;
  handled.push(account);
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
  await Promise.all([hooks?.close(), proxy?.close(), em?.close(), otlp?.close()]);
  vi.unstubAllEnvs();
});

describe('OpenTelemetry traces', () => {
  it('makes a server span per request, continuing the caller trace, with its carrier calls as client spans under it', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const rated = await post('/rate', shipment(account), { traceparent: `00-${traceId}-${callerSpan}-01` });
    expect(rated.status).toBe(200);

    const spans = await exported();
    const server = spans.find((s) => s.name === 'POST /rate' && s.traceId === traceId)!;
    expect(server).toBeDefined();
    expect(server.kind).toBe(SERVER);
    expect(server.parentSpanId).toBe(callerSpan);
    expect(server.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/rate',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
    });
    expect(server.status).toBe(0);
    expect(server.scope).toBe('waybill');

    const calls = childrenOf(spans, server);
    const rate = calls.find((s) => s.name === 'POST carrier_a rate')!;
    expect(rate).toBeDefined();
    expect(rate.kind).toBe(CLIENT);
    expect(rate.attributes).toEqual({
      'http.request.method': 'POST',
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(proxy.url).port),
      'waybill.carrier.name': 'carrier_a',
      'waybill.carrier.operation': 'rate',
      'http.response.status_code': 200,
    });
    // Every span of the request is its child (the carrier's OAuth token call too, the first time).
    expect(calls.map((s) => s.name).sort()).toEqual(
      calls.some((s) => s.name === 'POST carrier_a oauth')
        ? ['POST carrier_a oauth', 'POST carrier_a rate']
        : ['POST carrier_a rate'],
    );
    expect(
      spans.filter(
        (s) => s.name === 'POST carrier_a rate' && s.parentSpanId !== server.spanId && s.traceId === traceId,
      ),
    ).toEqual([]);
  });

  it('keeps the carrier calls under their request when the body arrives after the headers', async () => {
    const traceId = '5cf92f3577b34da6a3ce929d0e0e4737';
    expect(await postLate('/rate', shipment(account), { traceparent: `00-${traceId}-00f067aa0ba902b8-01` })).toBe(200);
    const spans = await exported();
    const server = spans.find((s) => s.name === 'POST /rate' && s.traceId === traceId)!;
    expect(childrenOf(spans, server).map((s) => s.name)).toEqual(['POST carrier_a rate']);
  });

  it('gives /track its own trace, and each attempt of a retried carrier call a span, the retry with its resend count', async () => {
    const booked = await post('/ship', shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status).toBe(200);
    const number = booked.body.shipment.tracking_number as string;
    handled.push(number, booked.body.shipment.id);
    await em.fault('carrier_a', 'track', 'http_500', 1);
    const tracked = await post('/track', {
      track: { shipping_account: account, tracking_number: number, refresh: true },
    });
    expect(tracked.status).toBe(200);

    const spans = await exported();
    const server = spans.find((s) => s.name === 'POST /track')!;
    expect(server).toBeDefined();
    expect(server.parentSpanId).toBeUndefined();
    expect(server.attributes['http.response.status_code']).toBe(200);
    const attempts = childrenOf(spans, server).filter((s) => s.name === 'POST carrier_a track');
    expect(attempts).toHaveLength(2);
    const [failed, retried] = attempts.sort(
      (a, b) =>
        Number(a.attributes['http.request.resend_count'] ?? 0) - Number(b.attributes['http.request.resend_count'] ?? 0),
    );
    expect(failed!.attributes).toMatchObject({
      'http.response.status_code': 500,
      'error.type': 'carrier_http_exception',
    });
    expect(failed!.attributes['http.request.resend_count']).toBeUndefined();
    expect(failed!.status).toBe(ERROR);
    expect(retried!.attributes).toMatchObject({
      'http.response.status_code': 200,
      'http.request.resend_count': 1,
      'waybill.carrier.operation': 'track',
    });
    expect(retried!.attributes['error.type']).toBeUndefined();
    expect(retried!.status).toBe(0);
  });

  it('fails the span of a 5xx answer with its error code, and names an unmatched route by its method', async () => {
    await em.fault('carrier_a', 'rate', 'http_500', 3);
    const rated = await post('/rate', shipment(account), {
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(rated.status).toBe(502);
    expect((await fetch(`${base}/no/such/route/ZX123`, { headers: { zkkey: key } })).status).toBe(404);

    const spans = await exported();
    const server = spans.find((s) => s.name === 'POST /rate' && s.traceId === '0af7651916cd43dd8448eb211c80319c')!;
    expect(server.attributes).toMatchObject({
      'http.response.status_code': 502,
      'error.type': 'carrier_http_exception',
    });
    expect(server.status).toBe(ERROR);
    expect(
      childrenOf(spans, server)
        .filter((s) => s.name === 'POST carrier_a rate')
        .map((s) => s.attributes['http.request.resend_count'] ?? 0),
    ).toEqual([0, 1, 2]);

    const unmatched = spans.find((s) => s.kind === SERVER && s.name === 'GET')!;
    expect(unmatched.attributes['http.response.status_code']).toBe(404);
    expect(unmatched.attributes['http.route']).toBeUndefined();
    // A 4xx is the client's: the server span does not fail.
    expect(unmatched.status).toBe(0);
  });

  it('gives a webhook delivery a client span of its own trace', async () => {
    const hook = await post('/webhooks', {
      webhook: { url: `${hooks.url}/traced-hook-path`, events: ['shipment.created'] },
    });
    expect(hook.status).toBe(200);
    const booked = await post('/ship', shipment(account, { service: 'carrier_a_ground' }));
    handled.push(booked.body.shipment.tracking_number, booked.body.shipment.id);
    await waitFor(() => hooks.at('/traced-hook-path').length > 0, 'the delivery');

    const delivery = await waitFor(
      async () => (await exported()).find((s) => s.name === 'POST webhook'),
      'the delivery span',
    );
    expect(delivery.kind).toBe(CLIENT);
    expect(delivery.parentSpanId).toBeUndefined();
    expect(delivery.attributes).toEqual({
      'http.request.method': 'POST',
      'waybill.event.type': 'shipment.created',
      'http.response.status_code': 200,
    });
  });

  it("books a batch's items in traces of their own, not under the request that queued them", async () => {
    const queued = await post('/batches', {
      batch: { shipments: [shipment(account, { service: 'carrier_a_ground' }).shipment] },
    });
    expect(queued.status).toBe(202);
    const id = queued.body.batch.id as string;
    const status = async () =>
      (
        (await (await fetch(`${base}/batches/${id}`, { headers: { zkkey: key } })).json()) as {
          batch: { status: string };
        }
      ).batch.status;
    await waitFor(async () => (await status()) === 'completed', 'the batch');

    const spans = await exported();
    const request = spans.find((s) => s.name === 'POST /batches')!;
    expect(request.attributes['http.response.status_code']).toBe(202);
    expect(childrenOf(spans, request)).toEqual([]);
    const shipRequests = new Set(spans.filter((s) => s.name === 'POST /ship').map((s) => s.spanId));
    const booking = spans.filter((s) => s.name === 'POST carrier_a ship' && !shipRequests.has(s.parentSpanId!));
    expect(booking).toHaveLength(1);
    expect(booking[0]!.parentSpanId).toBeUndefined();
  });

  it('exports to the configured collector, with its headers and resource, and nothing of a tenant; carriers get no trace headers', async () => {
    const spans = await exported();
    expect(otlp.exports.length).toBeGreaterThan(0);
    for (const e of otlp.exports) {
      expect(e.path).toBe('/v1/traces');
      expect(e.headers['x-collector-token']).toBe('collector-token-value');
    }
    expect(spans[0]!.resource).toMatchObject({
      'service.name': 'waybill',
      'deployment.environment.name': 'tracing-test',
      'telemetry.sdk.name': 'opentelemetry',
    });

    const raw = otlp.exports.map((e) => e.raw).join('\n');
    const secrets = [
      tenant,
      ...handled,
      'Memphis',
      '1 Main St',
      'Fifth Ave',
      '38117',
      'traced-hook-path',
      'ZX123',
      'zkkey',
      'test-us',
    ];
    expect(secrets.filter((s) => raw.includes(s))).toEqual([]);
    // Carrier URLs (their paths and queries) stay out: only the host and port are named.
    expect(raw).not.toMatch(/\/v1\/|\/rate\/|\/track\//);
    expect(
      new Set(
        spans.filter((s) => s.kind === CLIENT && s.name !== 'POST webhook').map((s) => s.attributes['server.address']),
      ),
    ).toEqual(new Set(['127.0.0.1']));

    expect(proxy.headers.length).toBeGreaterThan(0);
    expect(proxy.headers.filter((h) => 'traceparent' in h || 'tracestate' in h || 'baggage' in h)).toEqual([]);
    expect(hooks.received.length).toBeGreaterThan(0);
  });
});
