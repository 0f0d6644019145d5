/**
 * GET /metrics: the Prometheus text format, parsed line by line, carries the families operators
 * watch, and no label value is tenant data (tenant, key, account, tracking number, address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipment } from '../contract/support.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition format: # HELP / # TYPE lines, then `name{label="value",...} number`. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.e+-]+|NaN|\+Inf|-Inf))$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const m = sampleLine.exec(line);
    if (!m) throw new Error(`not a line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(labelPair)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { types, samples };
}

let em: TestEmulator;
let t: TestApp;
let key: string;
const tenant = 'metrics-tenant-zq';

beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url, metrics: true, background: true });
  key = await t.key(tenant);
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

describe('GET /metrics', () => {
  it('exposes requests, carrier calls, the tracking cache, webhooks, jobs and the process, without tenant data', async () => {
    const account = (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id as string;
    const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status).toBe(200);
    const number = booked.body.shipment.tracking_number as string;
    const track = { track: { shipping_account: account, tracking_number: number } };
    expect((await t.call('POST', '/track', key, { track: { ...track.track, refresh: true } })).status).toBe(200);
    expect((await t.call('POST', '/track', key, track)).status).toBe(200);
    expect((await t.call('GET', `/shippingaccount/${account}`, key)).status).toBe(200);
    expect((await t.call('GET', '/no/such/route/123', key)).status).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parseExposition(res.body);

    expect(types.get('waybill_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('waybill_carrier_call_duration_seconds')).toBe('histogram');
    expect(types.get('waybill_tracking_cache_total')).toBe('counter');
    expect(types.get('waybill_webhook_delivery_duration_seconds')).toBe('histogram');
    expect(types.get('waybill_webhook_deliveries_failed_total')).toBe('counter');
    expect(types.get('waybill_webhook_deliveries_pending')).toBe('gauge');
    expect(types.get('waybill_background_jobs_in_flight')).toBe('gauge');
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');

    const count = (name: string, labels: Record<string, string>) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((n, s) => n + s.value, 0);
    expect(
      count('waybill_http_request_duration_seconds_count', { method: 'POST', route: '/track', status: '200' }),
    ).toBe(2);
    expect(
      count('waybill_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(
      count('waybill_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/shippingaccount/:id',
        status: '200',
      }),
    ).toBe(1);
    expect(
      count('waybill_carrier_call_duration_seconds_count', { carrier: 'carrier_a', operation: 'ship', outcome: 'ok' }),
    ).toBe(1);
    expect(count('waybill_carrier_call_duration_seconds_count', { carrier: 'carrier_a' })).toBeGreaterThanOrEqual(2);
    expect(count('waybill_tracking_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'waybill_webhook_deliveries_pending')).toBe(true);

    // Label values are patterns, fixed names and codes: nothing a tenant sent or owns.
    const values = samples.flatMap((s) => Object.values(s.labels));
    for (const secret of [
      tenant,
      key,
      account,
      number,
      booked.body.shipment.id,
      'Memphis',
      '5 Fifth Ave',
      '/no/such/route',
    ]) {
      expect(values.filter((v) => v.includes(secret))).toEqual([]);
      expect(res.body).not.toContain(secret);
    }
  });

  it('is absent when WAYBILL_METRICS=false', async () => {
    const off = await createTestApp({ env: { WAYBILL_METRICS: 'false' } });
    try {
      expect(off.config.metrics).toBe(false);
      expect((await off.call('GET', '/metrics', undefined)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
