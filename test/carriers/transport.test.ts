/**
 * The transport against real local HTTP servers standing in for carrier edges: every fault the
 * carriers produce in production (slow, refused, reset, throttled, failing) is produced here for real
 * over TCP, and the resulting ApiError codes are the ones DECISIONS.md maps to statuses.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { pino, type Logger } from 'pino';
import { ApiError } from '../../src/domain/errors.js';
import { httpStatus } from '../../src/http/errors.js';
import {
  createTransport,
  type CarrierHttpRequest,
  type Transport,
  type TransportOptions,
} from '../../src/carriers/shared/transport.js';

interface Edge {
  url: string;
  hits: number;
  connections: number;
  bodies: string[];
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function edge(handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void): Promise<Edge> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      e.hits++;
      e.bodies.push(Buffer.concat(chunks).toString('utf8'));
      handler(req, res, e.hits);
    });
  });
  server.on('connection', () => e.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const e: Edge = {
    url: `http://127.0.0.1:${port}`,
    hits: 0,
    connections: 0,
    bodies: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  cleanups.push(e.close);
  return e;
}

/** A transport whose backoff sleeps are recorded instead of waited. */
function transport(opts: Partial<TransportOptions> = {}): { t: Transport; sleeps: number[] } {
  const sleeps: number[] = [];
  const t = createTransport({
    timeoutMs: 5_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...opts,
  });
  cleanups.push(() => t.close());
  return { t, sleeps };
}

function memoryLog(level = 'debug'): { log: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk.toString('utf8'));
      cb();
    },
  });
  const log = pino({ level }, stream);
  const text = (): string => out.join('');
  const lines = (): Record<string, unknown>[] =>
    text()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, lines, text };
}

function call(url: string, over: Partial<CarrierHttpRequest> = {}): CarrierHttpRequest {
  return {
    carrier: 'carrier_a',
    operation: 'rate',
    method: 'GET',
    url,
    idempotent: true,
    debug: false,
    log: pino({ level: 'silent' }),
    ...over,
  };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('transport: answers handed back', () => {
  it('passes a 200 through with its body, lower-case headers, and sends method, headers and body', async () => {
    const e = await edge((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Carrier-Trace': 'tr-1' });
      res.end(JSON.stringify({ method: req.method, path: req.url, h: req.headers['x-custom'] }));
    });
    const { t } = transport();
    const r = await t.request(
      call(`${e.url}/rate/v1/rates/quotes?x=1`, {
        method: 'POST',
        headers: { 'X-Custom': 'yes', 'Content-Type': 'application/json' },
        body: '{"a":1}',
      }),
    );
    expect(r.status).toBe(200);
    expect(r.headers['x-carrier-trace']).toBe('tr-1');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ method: 'POST', path: '/rate/v1/rates/quotes?x=1', h: 'yes' });
    expect(e.bodies).toEqual(['{"a":1}']);
  });

  it('hands back the raw bytes on request: binary parts that text decoding damages survive', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x80, 0xc3]);
    const e = await edge((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'multipart/form-data; boundary=b' });
      res.end(binary);
    });
    const { t } = transport();
    const text = await t.request(call(e.url));
    expect(text.bytes).toBeUndefined();
    // The text body cannot give the bytes back: invalid UTF-8 became U+FFFD.
    expect(Buffer.from(text.body, 'utf8').equals(binary)).toBe(false);
    const raw = await t.request(call(e.url, { binary: true }));
    expect(Buffer.from(raw.bytes ?? new Uint8Array())).toEqual(binary);
  });

  it('passes a 400 through untouched and does not retry it', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"errors":[{"code":"INVALID.INPUT","message":"bad zip"}]}');
    });
    const { t, sleeps } = transport();
    const r = await t.request(call(e.url));
    expect(r).toMatchObject({ status: 400, body: '{"errors":[{"code":"INVALID.INPUT","message":"bad zip"}]}' });
    expect(e.hits).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('reuses keep-alive connections to one origin', async () => {
    const e = await edge((_req, res) => res.end('ok'));
    const { t } = transport();
    for (let i = 0; i < 20; i++) expect((await t.request(call(e.url))).body).toBe('ok');
    expect(e.hits).toBe(20);
    // undici may open a second socket while the first is being released; never one per request.
    expect(e.connections).toBeLessThanOrEqual(2);
  });
});

describe('transport: 5xx', () => {
  const failing = (): Promise<Edge> =>
    edge((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          errors: [
            {
              code: 'SYSTEM.UNAVAILABLE',
              message: 'The service is down',
              stack: 'Error: x\n    at f (/srv/app.js:1:1)',
            },
          ],
        }),
      );
    });

  it('retries an idempotent call `retries` times with growing backoff, then answers carrier_http_exception', async () => {
    const e = await failing();
    const { t, sleeps } = transport();
    const err = await failure(t.request(call(e.url)));
    expect(err.code).toBe('carrier_http_exception');
    expect(httpStatus(err)).toBe(502);
    expect(err.message).toContain('503');
    expect(err.message).toContain('The service is down');
    expect(err.message).toContain('127.0.0.1');
    expect(err.detail).toBe('HTTP 503 SYSTEM.UNAVAILABLE');
    expect(`${err.message} ${err.detail}`).not.toContain('app.js');
    expect(e.hits).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
    expect(sleeps[1]).toBeGreaterThanOrEqual(100);
    expect(sleeps[1]).toBeLessThanOrEqual(200);
  });

  it('honours the retries option', async () => {
    const e = await failing();
    const { t } = transport({ retries: 4 });
    await failure(t.request(call(e.url)));
    expect(e.hits).toBe(5);
  });

  it('never retries a non-idempotent POST', async () => {
    const e = await failing();
    const { t, sleeps } = transport();
    const err = await failure(
      t.request(call(e.url, { method: 'POST', body: '{}', idempotent: false, operation: 'ship' })),
    );
    expect(err.code).toBe('carrier_http_exception');
    expect(e.hits).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('returns the answer of a retry that succeeds', async () => {
    const e = await edge((_req, res, hit) => {
      res.writeHead(hit === 1 ? 500 : 200);
      res.end(hit === 1 ? 'oops' : 'fine');
    });
    const { t } = transport();
    expect(await t.request(call(e.url))).toMatchObject({ status: 200, body: 'fine' });
    expect(e.hits).toBe(2);
  });

  it('names the status without an excerpt for an HTML error page', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Bad Gateway</h1><pre>at Object.handler (/opt/x.js:1)</pre></body></html>');
    });
    const { t } = transport({ retries: 0 });
    const err = await failure(t.request(call(e.url)));
    expect(err.message).toBe(`Carrier carrier_a (${new URL(e.url).host}) answered HTTP 502`);
    expect(err.detail).toBe('HTTP 502');
  });

  it('takes the message of an XML (SOAP) fault', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/xml' });
      res.end(
        '<soap:Envelope><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring></soap:Fault></soap:Body></soap:Envelope>',
      );
    });
    const { t } = transport({ retries: 0 });
    const err = await failure(t.request(call(e.url)));
    expect(err.message).toContain('HTTP 500: Server was unable to process request.');
    expect(err.detail).toBe('HTTP 500 soap:Server');
  });
});

describe('transport: 429', () => {
  it('answers carrier_throttling with the Retry-After seconds and does not wait 7 s to retry', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(429, { 'retry-after': '7' });
      res.end('slow down');
    });
    const { t, sleeps } = transport();
    const err = await failure(t.request(call(e.url)));
    expect(err.code).toBe('carrier_throttling');
    expect(httpStatus(err)).toBe(429);
    expect(err.retryAfter).toBe(7);
    expect(e.hits).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('retries an idempotent call after a short Retry-After, waiting what the carrier asked', async () => {
    const e = await edge((_req, res, hit) => {
      if (hit === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.end('ok');
    });
    const { t, sleeps } = transport();
    expect((await t.request(call(e.url))).body).toBe('ok');
    expect(sleeps).toEqual([1000]);
  });

  it('reads an HTTP-date Retry-After and defaults to 1 s without one', async () => {
    const e = await edge((_req, res, hit) => {
      if (hit === 1) res.writeHead(429, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }).end();
      else res.writeHead(429).end();
    });
    const { t } = transport({ retries: 0 });
    const dated = await failure(t.request(call(e.url)));
    expect(dated.retryAfter).toBeGreaterThanOrEqual(28);
    expect(dated.retryAfter).toBeLessThanOrEqual(31);
    const bare = await failure(t.request(call(e.url, { idempotent: false })));
    expect(bare.retryAfter).toBe(1);
  });
});

describe('transport: timeouts', () => {
  it('answers carrier_timeout within timeoutMs when the carrier never answers, without retrying', async () => {
    const e = await edge(() => {
      /* never answers */
    });
    const { t } = transport({ timeoutMs: 200 });
    const started = performance.now();
    const err = await failure(t.request(call(e.url)));
    const elapsed = performance.now() - started;
    expect(err.code).toBe('carrier_timeout');
    expect(httpStatus(err)).toBe(504);
    expect(err.message).toContain('200 ms');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    // Bounds, not speed: without the timeout the call would wait for the test's own limit.
    expect(elapsed).toBeLessThan(3_000);
    expect(e.hits).toBe(1);
  });

  it('bounds the whole answer, not only the headers: a body that stalls times out too', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      const tick = setInterval(() => res.write('x'), 50); // trickles, so no idle timer ever fires
      res.on('close', () => clearInterval(tick));
    });
    const { t } = transport({ timeoutMs: 300 });
    const started = performance.now();
    const err = await failure(t.request(call(e.url)));
    expect(err.code).toBe('carrier_timeout');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('bounds a call still waiting for a connection, which then never reaches the carrier', async () => {
    const e = await edge((_req, res, hit) => {
      // The first call is held; later ones are answered.
      if (hit > 1) res.writeHead(200).end(`answer ${hit}`);
    });
    // One connection: the second call queues behind the first.
    const { t } = transport({ timeoutMs: 300, connections: 1 });
    const first = t.request(call(e.url)).then(
      (r) => r.body,
      (err: ApiError) => err.code,
    );
    const started = performance.now();
    const err = await failure(t.request(call(e.url, { idempotent: false })));
    expect(err.code).toBe('carrier_timeout');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await first).toBe('carrier_timeout');
    // The pool goes on, and the call given up while queued was never sent.
    expect((await t.request(call(e.url))).body).toBe('answer 2');
    expect(e.hits).toBe(2);
  });

  it('keeps retries inside the same budget (real backoff, failing carrier)', async () => {
    const e = await edge((_req, res) => setTimeout(() => res.writeHead(500).end(), 60));
    const t = createTransport({ timeoutMs: 250, retries: 10 });
    cleanups.push(() => t.close());
    const started = performance.now();
    const err = await failure(t.request(call(e.url)));
    expect(err.code).toBe('carrier_http_exception');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(e.hits).toBeGreaterThanOrEqual(1);
    expect(e.hits).toBeLessThan(5);
  });
});

describe('transport: connection failures', () => {
  it('classifies a destroyed socket as carrier_failed_connection and retries it when idempotent', async () => {
    const e = await edge((req) => req.socket.destroy());
    const { t } = transport();
    const err = await failure(t.request(call(e.url)));
    expect(err.code).toBe('carrier_failed_connection');
    expect(httpStatus(err)).toBe(502);
    expect(err.message).toContain(new URL(e.url).host);
    expect(err.detail).toBe('UND_ERR_SOCKET');
    expect(e.hits).toBe(3);
  });

  it('never retries a non-idempotent POST on a reset', async () => {
    const e = await edge((req) => req.socket.destroy());
    const { t, sleeps } = transport();
    const err = await failure(t.request(call(e.url, { method: 'POST', body: 'x', idempotent: false })));
    expect(err.code).toBe('carrier_failed_connection');
    expect(e.hits).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('reports ECONNREFUSED for a closed port, naming the host', async () => {
    const e = await edge(() => undefined);
    await e.close();
    const { t, sleeps } = transport();
    const err = await failure(t.request(call(`${e.url}/track`)));
    expect(err.code).toBe('carrier_failed_connection');
    expect(err.detail).toBe('ECONNREFUSED');
    expect(err.message).toBe(`Could not reach carrier carrier_a at ${new URL(e.url).host}: connection refused`);
    expect(sleeps).toHaveLength(2);
  });
});

describe('transport: body cap', () => {
  for (const chunked of [false, true]) {
    it(`refuses an answer over maxBodyBytes (${chunked ? 'chunked' : 'content-length'})`, async () => {
      const e = await edge((_req, res) => {
        const big = 'a'.repeat(4096);
        if (!chunked) res.setHeader('content-length', String(big.length));
        res.end(big);
      });
      const { t } = transport({ maxBodyBytes: 1024 });
      const err = await failure(t.request(call(e.url)));
      expect(err.code).toBe('carrier_http_exception');
      expect(err.message).toContain('larger than 1024 bytes');
      expect(e.hits).toBe(1);
    });
  }
});

describe('transport: logging', () => {
  const LABEL = Buffer.alloc(3000, 7).toString('base64');

  it('without debug logs one debug line per attempt with method, host, path, status, duration and no bodies', async () => {
    const e = await edge((_req, res) => res.end('{"secretThing":"zzz"}'));
    const { log, lines, text } = memoryLog();
    const { t } = transport();
    await t.request(
      call(`${e.url}/ship/v1/shipments?q=1`, { method: 'POST', body: '{"client_secret":"s3cr3t"}', log }),
    );
    const all = lines();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      level: 20,
      method: 'POST',
      host: new URL(e.url).host,
      path: '/ship/v1/shipments',
      status: 200,
      carrier: 'carrier_a',
    });
    expect(typeof all[0]?.duration_ms).toBe('number');
    expect(text()).not.toContain('s3cr3t');
    expect(text()).not.toContain('zzz');
  });

  it('with debug logs request and response at info, redacting JSON secrets, Authorization and labels', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=cookieval' });
      res.end(
        JSON.stringify({
          output: {
            transactionShipments: [
              {
                masterTrackingNumber: '794699999999',
                pieceResponses: [{ packageDocuments: [{ encodedLabel: LABEL }] }],
              },
            ],
          },
          access_token: 'tok-abc',
        }),
      );
    });
    const { log, lines, text } = memoryLog('info');
    const { t } = transport();
    await t.request(
      call(`${e.url}/ship/v1/shipments`, {
        method: 'POST',
        debug: true,
        log,
        headers: {
          Authorization: 'Bearer eyJhbGciOi.secretjwt',
          'Content-Type': 'application/json',
          'X-Api-Key': 'key-123',
        },
        body: JSON.stringify({
          accountNumber: { value: '740561073' },
          credentials: { password: 'hunter2', client_secret: 'cs-999' },
          recipient: { city: 'Memphis' },
        }),
      }),
    );
    const all = lines();
    expect(all.map((l) => l.msg)).toEqual(['carrier request', 'carrier response']);
    expect(all.every((l) => l.level === 30)).toBe(true);
    const out = text();
    for (const secret of [
      'eyJhbGciOi',
      'secretjwt',
      'key-123',
      'hunter2',
      'cs-999',
      'tok-abc',
      'cookieval',
      LABEL.slice(0, 100),
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('Memphis');
    expect(out).toContain('740561073');
    expect(out).toContain('794699999999');
    expect(out).toContain('[label: 3000 bytes]');
    const response = all[1]?.response as { status: number; duration_ms: number };
    expect(response.status).toBe(200);
    expect(typeof response.duration_ms).toBe('number');
  });

  it('with debug keeps streets, phones, e-mail addresses and people’s names out of the info lines, in JSON, XML and the query', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(
        '<AddressValidateResponse><Address><Address2>4417 WISTERIA LN</Address2><City>NEW YORK</City><Zip5>10001</Zip5></Address><Contact><Phone><Number>2125559876</Number></Phone></Contact></AddressValidateResponse>',
      );
    });
    const { log, text } = memoryLog('info');
    const { t } = transport();
    const body = {
      recipients: [
        {
          contact: {
            personName: 'Rosalind Quist',
            phoneNumber: '2125559876',
            emailAddress: 'rosalind@example.com',
            companyName: 'Quist Ltd',
          },
          address: {
            streetLines: ['4417 Wisteria Lane', 'Apt 9'],
            city: 'New York',
            postalCode: '10001',
            countryCode: 'US',
          },
        },
      ],
      ShipTo: { AttentionName: 'R. Quist', AddressLine: ['4417 Wisteria Lane'], Phone: { Number: '2125559876' } },
    };
    await t.request(
      call(`${e.url}/addresses/v3/address?streetAddress=4417%20Wisteria%20Lane&city=New%20York&ZIPCode=10001`, {
        method: 'POST',
        debug: true,
        log,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const out = text();
    for (const personal of ['Wisteria', 'WISTERIA', 'Apt 9', '2125559876', 'rosalind@', 'Rosalind', 'R. Quist'])
      expect(out).not.toContain(personal);
    for (const visible of ['New York', 'NEW YORK', '10001', 'Quist Ltd', 'ZIPCode=10001'])
      expect(out).toContain(visible);
  });

  it('with debug redacts form-encoded and XML exchanges (an XML request inside a form field)', async () => {
    const e = await edge((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(
        `<LabelRequestResponse><Status>0</Status><Base64LabelImage>\n${LABEL.match(/.{1,76}/g)?.join('\n')}\n</Base64LabelImage><TrackingNumber>9422123456789123456783</TrackingNumber></LabelRequestResponse>`,
      );
    });
    const { log, text } = memoryLog('info');
    const { t } = transport();
    const xml =
      '<LabelRequest Test="YES"><RequesterID>abcd</RequesterID><AccountID>123456</AccountID><PassPhrase>samplePassPhrase</PassPhrase><ToCity>Palo Alto</ToCity></LabelRequest>';
    await t.request(
      call(`${e.url}/LabelService/EwsLabelService.asmx/GetPostageLabelXML`, {
        method: 'POST',
        debug: true,
        log,
        idempotent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          labelRequestXML: xml,
          client_id: 'cid-1',
          client_secret: 'csec-2',
          grant_type: 'client_credentials',
        }).toString(),
      }),
    );
    const out = text();
    for (const secret of ['samplePassPhrase', 'cid-1', 'csec-2', LABEL.slice(0, 76)]) expect(out).not.toContain(secret);
    for (const visible of ['123456', 'abcd', 'Palo Alto', 'client_credentials', '9422123456789123456783'])
      expect(out).toContain(visible);
  });
});
