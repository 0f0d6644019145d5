/**
 * A webhook receiver on loopback, as an integrator would write one: it verifies every request's
 * signature with exactly the code the README shows, and records what arrived.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

// ---- README "Verifying a delivery", verbatim ----
function verifyWaybillSignature(rawBody: string, header: string, secrets: string[], toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, sig]) =>
      secrets.some((secret) => {
        const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
        const given = Buffer.from(sig ?? '', 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      }),
    );
}
// ---- end of README code ----

export { verifyWaybillSignature };

export interface Received {
  path: string;
  eventId: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; created: string; data: any };
  /** Which of the receiver's secrets verify the signature. */
  verifiedWith: string[];
  /** Date.now() when the request arrived. */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Secrets the receiver knows (its copy of the webhook's secret). */
  secrets: string[];
  /** Status to answer a request with (default 200); may wait, to play a slow endpoint. */
  respond: (r: Received, req: IncomingMessage) => number | Promise<number>;
  /** Requests that arrived for one path prefix. */
  at(path: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [] as Received[], secrets: [] as string[], respond: () => 200 } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', async () => {
      const signature = String(req.headers['waybill-signature'] ?? '');
      const r: Received = {
        path: req.url ?? '/',
        eventId: String(req.headers['waybill-event-id'] ?? ''),
        signature,
        raw,
        body: JSON.parse(raw),
        verifiedWith: receiver.secrets.filter((s) => verifyWaybillSignature(raw, signature, [s])),
        at: Date.now(),
      };
      receiver.received.push(r);
      const status = await receiver.respond(r, req);
      res.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${address.port}`;
  receiver.at = (path) => receiver.received.filter((r) => r.path.startsWith(path));
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Polls `check` every few milliseconds until it returns a value other than undefined/false. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
