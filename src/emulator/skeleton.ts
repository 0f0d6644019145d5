/**
 * What every emulated carrier does the same way: its plugin sets an error handler and a not-found
 * handler that answer in the carrier's own error bodies, registers the carrier's routes, and its
 * fault responses follow one pattern (a server error, throttling with Retry-After, refused
 * credentials, a reply cut off). A carrier folder's index.ts hands `emulatedCarrier` only what
 * differs: its body shapes, its route registrars and its replies' first bytes.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CarrierSlug } from '../carriers/carrier.js';
import type {
  CarrierFaultKind,
  EmulatedBooking,
  EmulatedCarrier,
  EmulatedCarrierModule,
  FaultResponse,
} from './carrier.js';
import { statusCodeOf } from './json.js';

/** An error answer: status, body (objects go out as JSON) and, unless JSON, its content type. */
export interface ErrorReply {
  status: number;
  body: unknown;
  contentType?: string;
}

/** The carrier's error bodies for what goes wrong outside its route handlers' own answers. */
export interface CarrierErrorReplies {
  /** The answer to a failure the carrier's routes throw on purpose; undefined for any other error. */
  known(err: unknown, request: FastifyRequest): ErrorReply | undefined;
  /** An unreadable request: unparsable body, wrong content type, oversized body. */
  unreadable(request: FastifyRequest): ErrorReply;
  /** A failure of the emulator itself. */
  internal(request: FastifyRequest): ErrorReply;
  notFound(request: FastifyRequest): ErrorReply;
}

/** The carrier's bodies for injected faults (faults.ts decides when; these say what). */
export interface CarrierFaultBodies {
  /** Content type of the carrier's error bodies. */
  contentType: string;
  /** Error bodies per fault and operation; strings go out as they are, anything else as JSON. */
  http_500(operation: string): unknown;
  http_429(operation: string): unknown;
  auth(operation: string): unknown;
  /** Carriers that refuse credentials inside a normal reply say so here (default 401, contentType). */
  authReply?: { status: number; contentType: string };
  /** The operation's reply cut off: what a `malformed` fault returns with status 200. */
  malformed(operation: string): string;
  /** Content type of the cut-off reply (default JSON). */
  malformedType?: string;
}

export interface CarrierSpec<S, C> {
  slug: CarrierSlug;
  operations: readonly string[];
  state: S;
  /** What the carrier's route modules share (state, clock, route tags), handed to each registrar. */
  ctx: C;
  /** The carrier's parsers, auth and routes, registered in this order inside its plugin. */
  routes: ReadonlyArray<(app: FastifyInstance, ctx: C) => void>;
  errors: CarrierErrorReplies;
  faults: CarrierFaultBodies;
  /** The carrier's bookings for the control API, where its state keeps them by reference. */
  bookings?: () => EmulatedBooking[];
}

const JSON_TYPE = 'application/json';

function send(reply: FastifyReply, answer: ErrorReply): FastifyReply {
  reply.code(answer.status);
  if (answer.contentType) reply.type(answer.contentType);
  return reply.send(answer.body);
}

/** A per-operation table of replies' first bytes as a `malformed` body (an unknown operation gets `{`). */
export function cutReplies(table: Record<string, string>): (operation: string) => string {
  return (operation) => table[operation] ?? '{';
}

/** Methods that carry no body: a JSON content type on them announces nothing to parse. */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/**
 * Fastify's JSON parser (with its prototype-poisoning checks), except that a bodiless GET or
 * DELETE sent with `content-type: application/json` has no body rather than an unparsable one:
 * the carriers void and track such calls (connectors send the header on every call). An empty
 * POST or PUT stays unreadable, as the carriers answer it.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '' && BODILESS.has(request.method)) return done(null, undefined);
    return parse(request, text, done);
  });
}

export function emulatedCarrier<S, C>(spec: CarrierSpec<S, C>): EmulatedCarrierModule<S> {
  const { errors, faults } = spec;

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.setErrorHandler((err, request, reply) => {
      const known = errors.known(err, request);
      if (known) return send(reply, known);
      const status = statusCodeOf(err) ?? 500;
      if (status >= 400 && status < 500) return send(reply, errors.unreadable(request));
      request.log.error({ err }, `${spec.slug} emulator failure`);
      return send(reply, errors.internal(request));
    });
    app.setNotFoundHandler((request, reply) => send(reply, errors.notFound(request)));
    registerJsonParser(app);
    for (const register of spec.routes) register(app, spec.ctx);
  };

  const answer = (
    status: number,
    body: unknown,
    contentType = faults.contentType,
    headers?: Record<string, string>,
  ): FaultResponse => ({
    status,
    contentType,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(headers ? { headers } : {}),
  });

  const carrier: EmulatedCarrier = {
    slug: spec.slug,
    operations: spec.operations,
    plugin,
    ...(spec.bookings ? { bookings: spec.bookings } : {}),
    faultResponse(kind: CarrierFaultKind, operation: string, retryAfterSeconds: number): FaultResponse {
      switch (kind) {
        case 'http_500':
          return answer(500, faults.http_500(operation));
        case 'http_429':
          return answer(429, faults.http_429(operation), undefined, { 'retry-after': String(retryAfterSeconds) });
        case 'auth':
          return answer(faults.authReply?.status ?? 401, faults.auth(operation), faults.authReply?.contentType);
        case 'malformed':
          return { status: 200, contentType: faults.malformedType ?? JSON_TYPE, body: faults.malformed(operation) };
      }
    },
  };
  return { carrier, state: spec.state };
}
