/**
 * An HTTP server that listens before it has a handler: the requests that arrive meanwhile are held
 * (not read, not answered) and handed over, in order, once one is given; the first one held says
 * so (`firstRequest`), so that the handler can be loaded then. main.ts binds the embedded
 * emulator's port this way, every carrier pointed at it from the start, and loads the emulator
 * itself (every carrier's routes and state, the label drawing: a third of a start's CPU and 14 MB
 * of an idle instance, bench/README.md) with the first call that reaches it.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldServer {
  server: Server;
  /** e.g. http://127.0.0.1:8081 */
  url: string;
  /** From now on requests go to the handler, those held first. */
  serve(handler: RequestListener): void;
  /** No handler will come: held and later requests are answered 503 with why. */
  fail(reason: string): void;
  /** Stops listening and closes every connection, held requests' included. */
  close(): Promise<void>;
}

export async function holdServer(host: string, port: number, firstRequest?: () => void): Promise<HeldServer> {
  const held: [IncomingMessage, ServerResponse][] = [];
  let handle: RequestListener = (req, res) => {
    held.push([req, res]);
    if (held.length === 1) firstRequest?.();
  };
  const server = createServer((req, res) => handle(req, res));
  // What Fastify sets on a server it makes itself (it made the emulator's before): connections kept
  // 72 s, longer than a client's pool keeps them idle, and no deadline for a request.
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const handOver = (handler: RequestListener) => {
    handle = handler;
    for (const [req, res] of held.splice(0)) handler(req, res);
  };
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    serve: handOver,
    fail: (reason) =>
      handOver((_req, res) => {
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ error: { code: 'unavailable', message: reason } }));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
