/** Bad input of any shape gets a 4xx in the spec's error shape: never a 500, never a crash. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, useTestApp } from '../support/app.js';

const s = useTestApp();

function expectClientError(res: { status: number; body: any; raw: string }): void {
  if (res.status < 400 || res.status >= 500)
    throw new Error(`expected a 4xx, got ${res.status} ${res.raw.slice(0, 300)}`);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error.code).toBe('string');
  expect(typeof res.body.error.message).toBe('string');
  expect(typeof res.body.error.detail).toBe('string');
}

describe('malformed requests', () => {
  it('answers malformed JSON with 400, saying where it breaks', async () => {
    for (const body of ['{bad', '{"shipping_account":', '[1,2', 'nul', '"unterminated']) {
      const err = expectError(await s.t.call('POST', '/shippingaccount', s.key, body), 400, 'schema_validation_error');
      expect(err.message).toMatch(/^Body is not valid JSON: /);
      expect(err.message).not.toContain('content-type');
    }
    expect(
      expectError(await s.t.call('POST', '/shippingaccount', s.key, '{"a": 1,}'), 400, 'schema_validation_error')
        .message,
    ).toMatch(/position 8/);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/shippingaccount',
      headers: { zkkey: s.key, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('schema_validation_error');
  });

  it('answers a wrong content type with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/shippingaccount',
        headers: { zkkey: s.key, 'content-type': type },
        payload: 'a=b',
      });
      expect(res.statusCode, type).toBe(415);
      expect(JSON.parse(res.body).error.code).toBe('unsupported_media_type');
    }
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({
      shipping_account: { carrier: 'carrier_a', country: 'US', name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expectError(await s.t.call('POST', '/shippingaccount', s.key, big), 413, 'payload_too_large');
  });

  it('answers unknown routes with 404, and a method a path lacks with 405 and Allow, in the error shape', async () => {
    expectError(await s.t.call('GET', '/nowhere', s.key), 404, 'not_found');
    expectError(await s.t.call('GET', '/nowhere', undefined), 404, 'not_found');
    const rate = await s.t.call('GET', '/rate', s.key);
    expect(expectError(rate, 405, 'method_not_allowed').message).toBe(
      'GET /rate is not an operation; /rate answers POST',
    );
    expect(rate.headers.allow).toBe('POST');
    const put = await s.t.call('PUT', '/shippingaccount', s.key, {});
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers.allow).toBe('GET, POST');
    expect((await s.t.call('DELETE', '/shippingaccount/123', s.key)).status).not.toBe(405);
  });

  it('answers GET / with where to go: the console for a browser, the links for anything else', async () => {
    const links = await s.t.call('GET', '/', undefined);
    expect(links.status).toBe(200);
    expect(links.body).toMatchObject({ console: '/console/', docs: '/docs', openapi: '/openapi.json' });
    const browser = await s.t.call('GET', '/', undefined, undefined, { accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(302);
    expect(browser.headers.location).toBe('/console/');
  });

  it('names the wrong field and its expected type', async () => {
    const err = expectError(
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: 'maybe' },
      }),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('shipping_account.test');
    expect(err.message).toContain('boolean');
  });
});

describe('fuzz: random JSON into every field', () => {
  // Deterministic pseudo-random values so that a failure reproduces.
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const junk = (depth = 0): unknown => {
    const pick = Math.floor(rnd() * 10);
    if (depth > 3) return null;
    return [
      null,
      true,
      -1,
      1e308,
      '',
      'x'.repeat(Math.floor(rnd() * 50)),
      [],
      {},
      [junk(depth + 1)],
      { a: junk(depth + 1), __proto__x: 1 },
    ][pick];
  };
  const fields = [
    'carrier',
    'country',
    'auth',
    'billing_address',
    'defaults',
    'location_id',
    'parent_shipping_account',
    'test',
    'name',
  ];

  it('never answers 5xx for 300 mutated account bodies', async () => {
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = { carrier: 'carrier_a', country: 'US', auth: { account_number: '1' } };
      body[fields[i % fields.length]!] = junk();
      const wrapped = i % 7 === 0 ? junk() : { shipping_account: body };
      const res = await s.t.call('POST', '/shippingaccount', s.key, JSON.stringify(wrapped) ?? 'null');
      if (res.status === 200) continue;
      expectClientError(res);
    }
  });

  it('survives prototype-pollution shaped bodies', async () => {
    const res = await s.t.call(
      'POST',
      '/shippingaccount',
      s.key,
      '{"shipping_account":{"carrier":"carrier_a","country":"US","auth":{"account_number":"1"}},"__proto__":{"polluted":true}}',
    );
    expectClientError(res);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('fuzz: framework-level failures in the error shape', () => {
  const long = (n: number) => 'a'.repeat(n);

  it('answers an over-long id as a 404 of its resource, whatever its length', async () => {
    for (const n of [101, 999, 1001, 5000]) {
      expectError(await s.t.call('GET', `/shippingaccount/${long(n)}`, s.key), 404, 'shipping_account_not_found');
      expectError(await s.t.call('DELETE', `/shippingaccount/${long(n)}`, s.key), 404, 'shipping_account_not_found');
      expectError(await s.t.call('GET', `/labels/${long(n)}`, s.key), 404, 'not_found');
      expectError(await s.t.call('GET', `/meta/carriers/${long(n)}`, s.key), 404, 'not_found');
      expectError(await s.t.call('GET', `/meta/carrier/${long(n)}`, s.key), 404, 'not_found');
    }
  });

  it('answers broken percent-encoding, NUL bytes and odd methods in the error shape', async () => {
    for (const url of [
      '/shippingaccount/%E0%A4%A',
      '/labels/%',
      '/meta/carriers/%zz',
      '/shippingaccount/a%00b',
      '/labels/..%2F..%2Fetc',
      '/%',
      '/shippingaccount?limit=%',
    ]) {
      expectClientError(await s.t.call('GET', url, s.key));
    }
    for (const method of ['PUT', 'PATCH', 'OPTIONS']) expectClientError(await s.t.call(method, '/rate', s.key, {}));
  });

  it('answers bad query parameters in the error shape', async () => {
    for (const q of ['limit=0', 'limit=abc', 'limit=99999', 'offset=-1', 'limit=1&limit=2'])
      expectClientError(await s.t.call('GET', `/shippingaccount?${q}`, s.key));
  });

  it('answers HTTP too malformed to be a request in the error shape', async () => {
    const base = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(base);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
        let out = '';
        socket.on('data', (d) => (out += d));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
      });
    for (const request of [
      'GARBAGE\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 4\d\d /);
      const parsed = JSON.parse(body!);
      expect(Object.keys(parsed)).toEqual(['error']);
      expect(Object.keys(parsed.error)).toEqual(['code', 'message', 'detail']);
    }
  });
});

describe('503s in the error shape', () => {
  it('answers /readyz with service_unavailable when the database is unreachable', async () => {
    const t = await createTestApp();
    try {
      await t.db.database.close();
      const res = expectError(await t.call('GET', '/readyz', undefined), 503, 'service_unavailable');
      expect(res.message).toContain('database');
    } finally {
      // The database is already closed: closing it again may complain.
      await t.close().catch(() => undefined);
    }
  });
});
