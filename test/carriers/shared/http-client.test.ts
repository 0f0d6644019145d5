/**
 * The shared carrier client against a real local HTTP server standing in for a carrier, over the
 * real transport, with tokens kept in the real token store on SQLite: each auth kind puts the
 * credentials where its carriers expect them, each codec writes and reads its body, and a refused
 * answer becomes the carrier's error.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarrierCall } from '../../../src/carriers/carrier.js';
import type { Endpoint } from '../../../src/carriers/shared/endpoint.js';
import {
  createHttpClient,
  formCodec,
  jsonCodec,
  xmlCodec,
  xmlFormCodec,
  type ClientAuth,
  type Codec,
  type HttpCarrier,
} from '../../../src/carriers/shared/http-client.js';
import { clientCredentialsOf, passwordTokenRequest, tokenKey } from '../../../src/carriers/shared/oauth.js';
import { createTransport } from '../../../src/carriers/shared/transport.js';
import { ApiError } from '../../../src/domain/errors.js';
import { createSealer } from '../../../src/storage/sealing.js';
import { createTokenStore } from '../../../src/storage/token-store.js';
import { createTestDatabase } from '../../support/databases.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A carrier edge answering each request with `answer`; what it was sent is in `seen`. */
async function edge(answer: (req: Seen, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      answer(s, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function send(res: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
}

/** The client's dependencies: the real transport and token store, and a log to read. */
async function deps(url: string) {
  const transport = createTransport({ timeoutMs: 5_000, sleep: async () => {} });
  const t = await createTestDatabase('sqlite');
  cleanups.push(
    () => transport.close(),
    () => t.drop(),
  );
  const tokens = createTokenStore({
    db: t.database.db,
    sealer: createSealer(randomBytes(32)),
    clock: { now: () => new Date('2026-11-28T12:00:00Z') },
  });
  const out: string[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({ write: (chunk: Buffer, _enc, cb) => (out.push(chunk.toString('utf8')), cb()) }),
  );
  return { transport, tokens, baseUrl: () => url, log, logged: () => out.join('') };
}

const call = (log: CarrierCall['log'], auth: Record<string, string>, debug = false): CarrierCall => ({
  auth,
  test: true,
  debug,
  country: 'DE',
  log,
});

/** The carrier's error parser, recording how it was asked. */
function carrier<E extends Endpoint, D>(
  auth: ClientAuth,
  codec: Codec<E, D>,
  more: Partial<HttpCarrier<E, D>> = {},
): HttpCarrier<E, D> & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    carrier: 'carrier_a',
    auth,
    codec,
    parseErrorResponse: (status, body, opts) => {
      asked.push({ status, body, ...opts });
      return new ApiError(
        opts.auth || status === 401
          ? 'carrier_authentication'
          : opts.notFound && status === 404
            ? 'carrier_no_shipment_found'
            : 'carrier_exception',
        `refused (${status})`,
      );
    },
    unexpectedBody: (what) => new ApiError('carrier_http_exception', `unexpected ${what}`),
    asked,
    ...more,
  };
}

const RATE: Endpoint = { operation: 'rate', method: 'POST', path: '/rates', idempotent: true };
const TRACK: Endpoint = { operation: 'track', method: 'GET', path: '/track', idempotent: true, notFound: true };
const TOKEN: Endpoint = { operation: 'oauth', method: 'POST', path: '/token', idempotent: true };

describe('OAuth password grant', () => {
  it('asks a token with the client and the customer, keeps it, and renews it once when refused', async () => {
    let issued = 0;
    const e = await edge((req, res) => {
      if (req.url === '/token')
        return send(res, 200, JSON.stringify({ access_token: `t${++issued}`, expires_in: '1799' }));
      // The first token is refused once, as a token another instance replaced would be.
      if (req.headers.authorization === 'Bearer t1') return send(res, 401, '{}');
      send(res, 200, '{"ok":true}');
    });
    const d = await deps(e.url);
    const auth: ClientAuth = {
      kind: 'oauth',
      token: TOKEN,
      tokenRequest: (c, base) => {
        const client = clientCredentialsOf('carrier_a', c.auth);
        const user = { username: c.auth.username!, password: c.auth.password! };
        return passwordTokenRequest(
          client,
          user,
          tokenKey('carrier_a', base, client.clientId, client.clientSecret, user.username, user.password),
        );
      },
    };
    const client = createHttpClient(d, carrier(auth, jsonCodec()));
    const c = call(d.log, { client_id: 'cid', client_secret: 'csecret', username: 'user 1', password: 'p&ss' });

    expect(await client.send(c, { endpoint: RATE, body: { weight: 1 } })).toEqual({ ok: true });
    expect(await client.send(c, { endpoint: RATE, body: { weight: 2 } })).toEqual({ ok: true });

    const tokenCalls = e.seen.filter((s) => s.url === '/token');
    expect(tokenCalls).toHaveLength(2);
    expect(Object.fromEntries(new URLSearchParams(tokenCalls[0]!.body))).toEqual({
      grant_type: 'password',
      username: 'user 1',
      password: 'p&ss',
      client_id: 'cid',
      client_secret: 'csecret',
    });
    expect(tokenCalls[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // Refused with t1, repeated with t2; the second call used the kept t2 without asking again.
    expect(e.seen.filter((s) => s.url === '/rates').map((s) => [s.headers.authorization, s.body])).toEqual([
      ['Bearer t1', '{"weight":1}'],
      ['Bearer t2', '{"weight":1}'],
      ['Bearer t2', '{"weight":2}'],
    ]);
  });

  it('takes a refused token request as the carrier refusing the credentials', async () => {
    const e = await edge((_req, res) => send(res, 400, '{"error":"invalid_grant"}'));
    const d = await deps(e.url);
    const spec = carrier(
      {
        kind: 'oauth',
        token: TOKEN,
        tokenRequest: (c) =>
          passwordTokenRequest(clientCredentialsOf('carrier_a', c.auth), { username: 'u', password: 'wrong' }, 'k'),
      },
      jsonCodec(),
    );
    const client = createHttpClient(d, spec);
    await expect(
      client.send(call(d.log, { client_id: 'a', client_secret: 'b' }), { endpoint: RATE, body: {} }),
    ).rejects.toMatchObject({ code: 'carrier_authentication' });
    expect(spec.asked).toEqual([{ status: 400, body: '{"error":"invalid_grant"}', auth: true }]);
    expect(e.seen.map((s) => s.url)).toEqual(['/token']);
  });
});

describe('OAuth token requests', () => {
  it('builds the token request once per credential set and base URL, and asks each set its own token', async () => {
    const e = await edge((req, res) => {
      if (req.url === '/token') {
        const id = new URLSearchParams(req.body).get('client_id');
        return send(res, 200, JSON.stringify({ access_token: `token-of-${id}`, expires_in: 3600 }));
      }
      send(res, 200, JSON.stringify({ bearer: req.headers.authorization }));
    });
    const d = await deps(e.url);
    const built: string[] = [];
    const auth: ClientAuth = {
      kind: 'oauth',
      token: TOKEN,
      tokenRequest: (c, base) => {
        const client = clientCredentialsOf('carrier_a', c.auth);
        built.push(client.clientId);
        return passwordTokenRequest(
          client,
          { username: 'u', password: 'p' },
          tokenKey('carrier_a', base, client.clientId, client.clientSecret),
        );
      },
    };
    const client = createHttpClient(d, carrier(auth, jsonCodec()));
    const one = call(d.log, { client_id: 'one', client_secret: 's1' });
    const two = call(d.log, { client_id: 'two', client_secret: 's2' });

    for (const c of [one, two, one, two, one])
      expect(await client.send(c, { endpoint: RATE, body: {} })).toEqual({
        bearer: `Bearer token-of-${c.auth.client_id}`,
      });
    expect(built).toEqual(['one', 'two']);
    expect(e.seen.filter((s) => s.url === '/token')).toHaveLength(2);
    // Credentials missing a member are refused on every call, none of them kept.
    const broken = call(d.log, { client_id: 'three' });
    for (let i = 0; i < 2; i++)
      await expect(client.send(broken, { endpoint: RATE, body: {} })).rejects.toMatchObject({
        code: 'carrier_authentication',
      });
  });
});

describe('HTTP Basic with header keys, JSON', () => {
  it('sends Basic auth, the account header, the query and the JSON body, and keeps the secret out of the debug log', async () => {
    const e = await edge((_req, res) => send(res, 200, '{"rates":[]}'));
    const d = await deps(e.url);
    const auth: ClientAuth = {
      kind: 'basic',
      credentials: (c) => ({ username: c.auth.username!, password: c.auth.password! }),
      keys: (c) => ({ 'account-number': c.auth.account_number! }),
    };
    const client = createHttpClient(
      d,
      carrier(auth, jsonCodec(), { headers: { accept: 'application/json' }, apiPath: '/api/v1' }),
    );
    const c = call(d.log, { username: 'merchant', password: 'pa55word-secret', account_number: '0123' }, true);

    expect(
      await client.send(c, {
        endpoint: RATE,
        query: [
          ['from', 'AU'],
          ['to', 'NZ'],
        ],
        body: { weight: 1 },
      }),
    ).toEqual({ rates: [] });
    const [seen] = e.seen;
    expect(seen!.url).toBe('/api/v1/rates?from=AU&to=NZ');
    expect(seen!.headers.authorization).toBe(`Basic ${Buffer.from('merchant:pa55word-secret').toString('base64')}`);
    expect(seen!.headers['account-number']).toBe('0123');
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.body).toBe('{"weight":1}');
    expect(d.logged()).toContain('carrier request');
    expect(d.logged()).not.toContain(Buffer.from('merchant:pa55word-secret').toString('base64'));
  });

  it("hands a refused answer to the carrier with the endpoint's notFound, and an answer not JSON to unexpectedBody", async () => {
    const e = await edge((req, res) =>
      req.url === '/track' ? send(res, 404, '{"detail":"none"}') : send(res, 200, '<html>', 'text/html'),
    );
    const d = await deps(e.url);
    const spec = carrier({ kind: 'keys', keys: () => ({ 'x-api-key': 'k' }) }, jsonCodec());
    const client = createHttpClient(d, spec);
    const c = call(d.log, {});
    await expect(client.send(c, { endpoint: TRACK }, { transactionId: 'x1' })).rejects.toMatchObject({
      code: 'carrier_no_shipment_found',
    });
    expect(spec.asked).toEqual([{ status: 404, body: '{"detail":"none"}', notFound: true, transactionId: 'x1' }]);
    await expect(client.send(c, { endpoint: RATE, body: {} })).rejects.toMatchObject({
      code: 'carrier_http_exception',
      message: 'unexpected rate response (not JSON)',
    });
    expect(e.seen[0]!.headers['x-api-key']).toBe('k');
    expect(e.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('reads an empty answer as what the carrier means by it, when told', async () => {
    const e = await edge((_req, res) => send(res, 200, ''));
    const d = await deps(e.url);
    const client = createHttpClient(d, carrier({ kind: 'none' }, jsonCodec({ emptyAs: {} })));
    expect(await client.send(call(d.log, {}), { endpoint: { ...RATE, method: 'DELETE' } })).toEqual({});
    expect(e.seen[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('a call told when its answer is read', () => {
  it('is told before the answer is decoded, and the decoding waits for what that started meanwhile', async () => {
    const e = await edge((_req, res) => send(res, 200, '{"ok":true}'));
    const d = await deps(e.url);
    const order: string[] = [];
    const json = jsonCodec();
    const codec: typeof json = { ...json, decode: (...args) => (order.push('decoded'), json.decode(...args)) };
    const client = createHttpClient(d, carrier({ kind: 'none' }, codec));
    // What a freed place starts (the next call of a batch) is written to its socket from an immediate.
    const answered = () => {
      order.push('answered');
      setImmediate(() => order.push('an immediate queued then'));
    };
    expect(await client.send({ ...call(d.log, {}), answered }, { endpoint: RATE, body: {} })).toEqual({ ok: true });
    expect(order).toEqual(['answered', 'an immediate queued then', 'decoded']);
  });
});

describe('XML codecs', () => {
  it("writes the endpoint's document under its media type and hands back the answer's text", async () => {
    const e = await edge((_req, res) => send(res, 200, '<rates><rate>1</rate></rates>', 'application/xml'));
    const d = await deps(e.url);
    const client = createHttpClient(
      d,
      carrier({ kind: 'basic', credentials: () => ({ username: 'u', password: 'p' }) }, xmlCodec),
    );
    const endpoint = { ...RATE, root: 'mailing-scenario', contentType: 'application/vnd.example.rate-v4+xml' };
    expect(await client.send(call(d.log, {}), { endpoint, body: { weight: '1', name: 'A & B' } })).toBe(
      '<rates><rate>1</rate></rates>',
    );
    expect(e.seen[0]!.headers['content-type']).toBe('application/vnd.example.rate-v4+xml');
    expect(e.seen[0]!.body).toBe('<mailing-scenario><weight>1</weight><name>A &amp; B</name></mailing-scenario>');
  });

  it('posts the document in its form field, and takes only the statuses it is told as answers', async () => {
    const e = await edge((req, res) =>
      send(res, req.body.includes('Second') ? 201 : 200, '<R><Status>0</Status></R>', 'text/xml'),
    );
    const d = await deps(e.url);
    const spec = carrier({ kind: 'none' }, xmlFormCodec, { ok: (status) => status === 200 });
    const client = createHttpClient(d, spec);
    const endpoint = { ...RATE, field: 'requestXML', root: 'Req' };
    expect(await client.send(call(d.log, {}), { endpoint, body: { Name: 'First' } })).toBe('<R><Status>0</Status></R>');
    expect(e.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(e.seen[0]!.body).get('requestXML')).toBe('<Req><Name>First</Name></Req>');
    await expect(client.send(call(d.log, {}), { endpoint, body: { Name: 'Second' } })).rejects.toMatchObject({
      code: 'carrier_exception',
    });
    expect(spec.asked).toMatchObject([{ status: 201 }]);
  });

  it('posts plain form fields', async () => {
    const e = await edge((_req, res) => send(res, 200, 'ok', 'text/plain'));
    const d = await deps(e.url);
    const client = createHttpClient(d, carrier({ kind: 'none' }, formCodec));
    expect(await client.send(call(d.log, {}), { endpoint: RATE, body: { a: '1', b: 'x y' } })).toBe('ok');
    expect(e.seen[0]!.body).toBe('a=1&b=x+y');
  });
});

describe('a second token in a header', () => {
  it('rides along from the store and is fetched again once when the call is refused with its status', async () => {
    let fetched = 0;
    const e = await edge((req, res) =>
      req.headers['x-payment'] === 'pay-1' ? send(res, 403, '{}') : send(res, 200, '{"label":1}'),
    );
    const d = await deps(e.url);
    const client = createHttpClient(d, carrier({ kind: 'none' }, jsonCodec()));
    const token = {
      key: 'payment-k',
      header: 'x-payment',
      refusedWith: 403,
      fetch: async () => ({ access_token: `pay-${++fetched}`, expires_in: 3600 }),
    };
    const res = await client.answer(call(d.log, {}), { endpoint: RATE, body: {}, token });
    expect(JSON.parse(res.body)).toEqual({ label: 1 });
    expect(e.seen.map((s) => s.headers['x-payment'])).toEqual(['pay-1', 'pay-2']);
  });
});
