import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { at, errorCodes, rateRequest, shipRequest, startClient, trackRequest, type Client } from './support.js';

describe('fault injection', () => {
  let api: Client;
  let token: string;
  beforeAll(async () => {
    api = await startClient();
    token = await api.token();
  });
  afterEach(async () => {
    await api.control('DELETE', '/_emulator/faults');
  });
  afterAll(() => api.close());

  const fault = (body: Record<string, unknown>) =>
    api.control('POST', '/_emulator/faults', { carrier: 'carrier_a', ...body });
  const rate = (signal?: AbortSignal) => api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token, signal });
  const track = () => api.call('POST', '/track/v1/trackingnumbers', trackRequest('123456789012'), { token });
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await fn();
    return [value, performance.now() - started];
  };

  it('adds latency to the targeted operation only, for `count` calls', async () => {
    const created = await fault({ operation: 'rate', fault: 'latency:400', count: 1 });
    expect(created.status).toBe(201);
    expect(at(created.json, 'fault')).toMatchObject({ operation: 'rate', kind: 'latency', param: 400, remaining: 1 });
    const [quick] = await timed(track);
    expect(quick.status).toBe(200);
    const [slow, slowMs] = await timed(() => rate());
    expect(slow.status).toBe(200);
    expect(slowMs).toBeGreaterThanOrEqual(390);
    const [normal, normalMs] = await timed(() => rate());
    expect(normal.status).toBe(200);
    expect(normalMs).toBeLessThan(300);
  });

  it('does the work of a delayed call at once and holds only the answer', async () => {
    await fault({ operation: 'ship', fault: 'latency:60000', count: 1 });
    const booked = () => api.emulator.state.carrier_a.shipments.size;
    const before = booked();
    const abort = new AbortController();
    let answered = false;
    const call = api.call('POST', '/ship/v1/shipments', shipRequest(), { token, signal: abort.signal }).then(
      () => (answered = true),
      () => undefined,
    );
    // The carrier booked it while its answer is still held back.
    for (let i = 0; i < 200 && booked() === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(booked()).toBeGreaterThan(before);
    expect(answered).toBe(false);
    abort.abort();
    await call;
  });

  it('answers 500 with FedEx INTERNAL.SERVER.ERROR, then recovers when the count runs out', async () => {
    await fault({ operation: 'rate', fault: 'http_500', count: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await rate();
      expect(reply.status).toBe(500);
      expect(errorCodes(reply)).toEqual(['INTERNAL.SERVER.ERROR']);
    }
    expect((await rate()).status).toBe(200);
    expect(at((await api.control('GET', '/_emulator/faults')).json, 'faults')).toEqual([]);
  });

  it('answers 429 with Retry-After', async () => {
    await fault({ operation: 'track', fault: 'http_429:7' });
    const reply = await track();
    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('7');
    expect(errorCodes(reply)).toEqual(['TOO.MANY.REQUESTS']);
    await fault({ operation: 'track', fault: 'http_429' });
    expect((await track()).headers['retry-after']).toBe('1');
  });

  it('answers 401 with the carrier auth body even for a valid token, and on the token endpoint', async () => {
    await fault({ operation: 'rate', fault: 'auth' });
    const reply = await rate();
    expect(reply.status).toBe(401);
    expect(errorCodes(reply)).toEqual(['NOT.AUTHORIZED.ERROR']);
    await fault({ operation: 'oauth', fault: 'auth' });
    await expect(api.token()).rejects.toThrow(/401/);
    expect(typeof (await api.token())).toBe('string');
  });

  it('answers 200 with a body that does not parse', async () => {
    await fault({ operation: 'rate', fault: 'malformed' });
    const reply = await rate();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(() => JSON.parse(reply.text)).toThrow();
    expect(reply.text).toContain('rateReplyDetails');
  });

  it('drops the connection without an answer on reset', async () => {
    await fault({ operation: 'rate', fault: 'reset' });
    await expect(rate()).rejects.toThrow();
    expect((await rate()).status).toBe(200);
  });

  it('never answers on timeout, until the client gives up', async () => {
    await fault({ operation: 'rate', fault: 'timeout' });
    const [outcome, ms] = await timed(() =>
      rate(AbortSignal.timeout(300)).then(
        () => 'answered',
        (err: Error) => err.name,
      ),
    );
    expect(outcome).toBe('TimeoutError');
    expect(ms).toBeGreaterThanOrEqual(280);
    expect((await rate()).status).toBe(200);
  });

  it('keeps a count-0 fault until cleared and matches every operation with *', async () => {
    await fault({ operation: '*', fault: 'http_500', count: 0 });
    for (let i = 0; i < 3; i++) expect((await rate()).status).toBe(500);
    expect((await track()).status).toBe(500);
    const listed = at((await api.control('GET', '/_emulator/faults')).json, 'faults.0');
    expect(listed).toMatchObject({ operation: '*', count: 0, remaining: null, hits: 4 });
    expect(at((await api.control('DELETE', '/_emulator/faults')).json, 'cleared')).toBe(1);
    expect((await rate()).status).toBe(200);
  });

  it('rejects invalid fault requests with a clear 400', async () => {
    const bad: Array<Record<string, unknown>> = [
      { carrier: 'carrier_z', operation: 'rate', fault: 'http_500' },
      { operation: 'teleport', fault: 'http_500' },
      { operation: 'rate', fault: 'explode' },
      { operation: 'rate', fault: 'latency' },
      { operation: 'rate', fault: 'latency:-5' },
      { operation: 'rate', fault: 'http_500:3' },
      { operation: 'rate', fault: 'http_500', count: -1 },
      { operation: 'rate', fault: 'http_500', count: 1.5 },
    ];
    for (const body of bad) {
      const reply = await api.control('POST', '/_emulator/faults', { carrier: 'carrier_a', ...body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(at(reply.json, 'error.code')).toBe('invalid_fault');
      expect(String(at(reply.json, 'error.message')).length).toBeGreaterThan(10);
    }
    expect(at((await api.control('GET', '/_emulator/faults')).json, 'faults')).toEqual([]);
  });
});

describe('closing the emulator with faults in flight', () => {
  it('releases held connections and pending latency at once, leaving no timers behind', async () => {
    const api = await startClient();
    const token = await api.token();
    await api.control('POST', '/_emulator/faults', { carrier: 'carrier_a', operation: 'rate', fault: 'timeout' });
    await api.control('POST', '/_emulator/faults', {
      carrier: 'carrier_a',
      operation: 'track',
      fault: 'latency:60000',
    });
    const held = api.call('POST', '/rate/v1/rates/quotes', rateRequest(), { token }).then(
      () => 'answered',
      () => 'dropped',
    );
    const slow = api.call('POST', '/track/v1/trackingnumbers', trackRequest('123456789012'), { token }).then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const started = performance.now();
    await api.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await held).toBe('dropped');
    expect(await slow).toBe('dropped');
    const timersAfter = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    expect(timersAfter).toBeLessThan(timersBefore);
  });
});
