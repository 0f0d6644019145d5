/**
 * One HTTP server hosting every emulated carrier (README.md "The carrier emulator"). Each carrier
 * lives under its own prefix at its real API paths, so a carrier's base URL is
 * `<emulator url>/<slug>` (e.g. `http://127.0.0.1:8081/<slug>`) and the adapter appends the
 * carrier's real paths. The carriers come from registry.ts. The control API lives under
 * `/_emulator/` (control.ts).
 *
 * All state lives in the object createEmulator returns; two emulators in one process share nothing.
 */
import type { RequestListener } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../foundations/clock.js';
import type { HeldServer } from '../foundations/held-server.js';
import type { CarrierSlug } from '../carriers/carrier.js';
import { renderInvoicePdf, renderLabel } from '../documents/drawing/index.js';
import type { Drawing, EmulatedCarrier } from './carrier.js';
import { ShiftableClock } from './clock.js';
import { registerControl } from './control.js';
import { FaultStore, faultHook, latencyHook } from './faults.js';
import { statusCodeOf } from './json.js';
import { createEmulatedCarriers, CREDENTIAL_MEMBERS, type CarrierStates } from './registry.js';
import { fileSequences, memorySequences } from './sequences.js';
import { CredentialBook, type KnownCredential } from './credentials.js';
import { persistState } from './persistence.js';

export interface EmulatorOptions {
  /** Base clock; the control API shifts it. Defaults to the system clock. */
  clock?: Clock;
  /** A pino-compatible logger; logging is off without one. */
  logger?: FastifyBaseLogger;
  /** Defaults to 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** Directory of the emulator's durable state (number sequences, bookings, credentials, clock); in memory without one. */
  stateDir?: string;
  /** Credentials the carriers know besides the service's emulator test credentials. */
  credentials?: readonly KnownCredential[];
  /**
   * A server already listening (the service binds the embedded emulator's port before it starts,
   * main.ts): its requests, those it held included, come here once the routes are ready. Without
   * one the emulator listens on host and port itself.
   */
  server?: HeldServer;
  /** How labels and invoices are drawn; by default on the drawing threads. */
  drawing?: Drawing;
}

/** The shared clock and faults, plus each registered carrier's state under its slug. */
export type EmulatorState = CarrierStates & {
  clock: ShiftableClock;
  faults: FaultStore;
};

export interface Emulator {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:8081 */
  url: string;
  state: EmulatorState;
  /** The carriers this emulator plays, each under `/<slug>`. */
  carriers: CarrierSlug[];
  /** A carrier's base URL, e.g. http://127.0.0.1:8081/<slug> */
  carrierUrl(slug: CarrierSlug): string;
  close(): Promise<void>;
}

/** Label and document payloads make booking bodies large; requests stay small but allow margin. */
const BODY_LIMIT = 5 * 1024 * 1024;

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = new ShiftableClock(options.clock ?? systemClock);
  const sequences = options.stateDir ? fileSequences(options.stateDir) : memorySequences();
  const credentials = new CredentialBook(CREDENTIAL_MEMBERS, options.credentials);
  const { carriers, states } = createEmulatedCarriers({
    clock,
    sequences,
    credentials,
    drawing: options.drawing ?? { renderLabel, renderInvoicePdf },
  });
  const bySlug = new Map<string, EmulatedCarrier>(carriers.map((c) => [c.slug, c]));
  const faults = new FaultStore(new Map(carriers.map((c) => [c.slug, c.operations])));
  const persistence = options.stateDir
    ? persistState(options.stateDir, { states, clock, credentials }, (err) =>
        options.logger?.error({ err }, 'the emulator could not write its state file; trying again shortly'),
      )
    : undefined;

  // forceCloseConnections: close() must not wait for connections a `timeout` fault holds open.
  const held = options.server;
  let handler: RequestListener | undefined;
  const common = {
    forceCloseConnections: true,
    bodyLimit: BODY_LIMIT,
    ...(held ? { serverFactory: (h: RequestListener) => ((handler = h), held.server) } : {}),
  } as const;
  const app: FastifyInstance = options.logger
    ? Fastify({ ...common, loggerInstance: options.logger })
    : Fastify({ ...common, logger: false });

  app.addHook('onRequest', faultHook(faults, bySlug));
  app.addHook('onSend', latencyHook(faults));
  if (persistence) {
    // Whatever is not a read may have changed what the carrier remembers: it is on disk before the answer leaves.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await persistence.changed();
      return payload;
    });
  }
  app.setErrorHandler((err, _request, reply) => {
    const code = statusCodeOf(err);
    const status = code !== undefined && code >= 400 && code < 500 ? 400 : 500;
    const message = err instanceof Error ? err.message : 'unexpected error';
    return reply.code(status).send({ error: { code: status === 400 ? 'invalid_request' : 'emulator_error', message } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: { code: 'not_found', message: `no emulator route ${request.method} ${request.url}` } }),
  );
  registerControl(app, { clock, faults, carriers, credentials });
  for (const carrier of carriers) await app.register(carrier.plugin, { prefix: `/${carrier.slug}` });

  const url = held
    ? await serveHeld(app, held, handler!)
    : await listen(app, options.host ?? '127.0.0.1', options.port);

  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    state: { ...states, clock, faults },
    carriers: carriers.map((c) => c.slug),
    carrierUrl: (slug) => `${url}/${slug}`,
    close() {
      closing ??= (async () => {
        faults.close();
        await app.close();
        // Fastify closes only a server it listened on itself.
        await held?.close();
        await persistence?.flush();
      })();
      return closing;
    },
  };
}

async function listen(app: FastifyInstance, host: string, port = 0): Promise<string> {
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
}

async function serveHeld(app: FastifyInstance, held: HeldServer, handler: RequestListener): Promise<string> {
  await app.ready();
  held.serve(handler);
  return held.url;
}

/** For the CLI (`waybill emulator`): the emulator on a fixed loopback port, 8081 by default. */
export function startEmulator(
  options: { host?: string; port?: number; logger?: FastifyBaseLogger; stateDir?: string } = {},
): Promise<Emulator> {
  return createEmulator({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 8081,
    logger: options.logger,
    stateDir: options.stateDir,
  });
}
