/**
 * Fault injection shared by every emulated carrier (README.md "The carrier emulator"): a test or a
 * benchmark asks, through `POST /_emulator/faults`, that the next calls of one carrier operation
 * misbehave. Rules are kept in insertion order; a call takes the first rule whose carrier matches
 * and whose operation is the call's operation or `*`.
 *
 * Rule `count`: how many following matching calls the rule applies to. Absent → 1. `0` → every
 * matching call until `DELETE /_emulator/faults` (a "sticky" fault).
 *
 * Fault kinds:
 * - `latency:<ms>`   answer normally, ms after the call arrived (0..600000): the carrier's work is
 *                    done at once (a booking is made), only the answer waits, so the emulator's own
 *                    time on a shared core is not added to every call's latency
 * - `timeout`        never answer; the connection is held until the client gives up or the
 *                    emulator closes (no timer is involved, so nothing leaks)
 * - `http_500`       the carrier's own 500 body
 * - `http_429` or `http_429:<s>`  the carrier's throttling body with `Retry-After: s` (default 1)
 * - `auth`           the carrier's own 401 body
 * - `malformed`      200 with a truncated body
 * - `reset`          the socket is destroyed without an answer
 * - `drop` or `drop:<ms>`  crash simulation on a booking: the carrier's work is done (the shipment is
 *                    booked and kept), then, ms later (default 0), the connection is dropped without
 *                    an answer, as the caller of a booking sees a process or network that died mid-call
 * - `hidden:<ms>`    on a lookup by reference: bookings made less than ms ago (emulator clock) are not
 *                    found yet, as a carrier whose search index lags its bookings answers
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatedCarrier } from './carrier.js';

export const FAULT_KINDS = [
  'latency',
  'timeout',
  'http_500',
  'http_429',
  'auth',
  'malformed',
  'reset',
  'drop',
  'hidden',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const MAX_LATENCY_MS = 600_000;

export interface FaultRule {
  id: number;
  carrier: string;
  operation: string;
  /** The fault as asked for, e.g. `latency:250`. */
  fault: string;
  kind: FaultKind;
  /** Milliseconds for `latency`, `drop` and `hidden`, seconds of Retry-After for `http_429`. */
  param: number;
  /** As asked for: 0 means until cleared. */
  count: number;
  /** Calls still to be hit; null when the rule is sticky. */
  remaining: number | null;
  /** Calls this rule has hit so far. */
  hits: number;
}

/** A fault request the control API refuses (answered with 400). */
export class FaultRequestError extends Error {}

export class FaultStore {
  readonly #operations: ReadonlyMap<string, readonly string[]>;
  #rules: FaultRule[] = [];
  #nextId = 1;
  /** Pending latency waits and held connections, released by close(). */
  readonly #pending = new Set<() => void>();

  constructor(operations: ReadonlyMap<string, readonly string[]>) {
    this.#operations = operations;
  }

  add(input: unknown): FaultRule {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new FaultRequestError('body must be a JSON object {carrier, operation, fault, count}');
    }
    const body = input as Record<string, unknown>;
    const carrier = body.carrier;
    const known = [...this.#operations.keys()];
    if (typeof carrier !== 'string' || !this.#operations.has(carrier)) {
      throw new FaultRequestError(`carrier must be one of: ${known.join(', ')}`);
    }
    const operations = this.#operations.get(carrier) ?? [];
    const operation = body.operation ?? '*';
    if (typeof operation !== 'string' || (operation !== '*' && !operations.includes(operation))) {
      throw new FaultRequestError(`operation for ${carrier} must be one of: ${[...operations, '*'].join(', ')}`);
    }
    const { kind, param } = parseFault(body.fault);
    const count = body.count ?? 1;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      throw new FaultRequestError('count must be an integer >= 0 (0 = until DELETE /_emulator/faults)');
    }
    const rule: FaultRule = {
      id: this.#nextId++,
      carrier,
      operation,
      fault: body.fault as string,
      kind,
      param,
      count,
      remaining: count === 0 ? null : count,
      hits: 0,
    };
    this.#rules.push(rule);
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.#rules.map((r) => ({ ...r }));
  }

  /** Removes every rule (or those of one carrier); returns how many were removed. */
  clear(carrier?: string): number {
    const before = this.#rules.length;
    this.#rules = carrier === undefined ? [] : this.#rules.filter((r) => r.carrier !== carrier);
    return before - this.#rules.length;
  }

  /** The rule that applies to this call, consuming one use of it. */
  take(carrier: string, operation: string): FaultRule | undefined {
    const rule = this.#rules.find((r) => r.carrier === carrier && (r.operation === '*' || r.operation === operation));
    if (!rule) return undefined;
    rule.hits += 1;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.#rules = this.#rules.filter((r) => r !== rule);
    }
    return { ...rule };
  }

  /** Waits ms; resolves false when the emulator closed meanwhile. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const release = (): void => {
        clearTimeout(timer);
        this.#pending.delete(release);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.#pending.delete(release);
        resolve(true);
      }, ms);
      this.#pending.add(release);
    });
  }

  /** Holds a connection without answering until the peer closes it or the emulator closes. */
  hold(socket: Socket): Promise<void> {
    if (socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const release = (): void => {
        this.#pending.delete(release);
        socket.off('close', release);
        if (!socket.destroyed) socket.destroy();
        resolve();
      };
      this.#pending.add(release);
      socket.once('close', release);
    });
  }

  /** Releases every pending wait and held connection (called when the emulator closes). */
  close(): void {
    for (const release of [...this.#pending]) release();
  }
}

function parseFault(fault: unknown): { kind: FaultKind; param: number } {
  const usage = `fault must be one of: latency:<ms>, timeout, http_500, http_429[:<seconds>], auth, malformed, reset, drop[:<ms>], hidden:<ms>`;
  if (typeof fault !== 'string') throw new FaultRequestError(usage);
  const [name, arg, extra] = fault.split(':');
  if (extra !== undefined || !(FAULT_KINDS as readonly string[]).includes(name ?? ''))
    throw new FaultRequestError(usage);
  const kind = name as FaultKind;
  if (kind === 'latency' || kind === 'hidden' || (kind === 'drop' && arg !== undefined)) {
    const ms = Number(arg);
    if (arg === undefined || arg === '' || !Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS) {
      throw new FaultRequestError(`${kind} needs whole milliseconds 0..${MAX_LATENCY_MS}, e.g. ${kind}:250`);
    }
    return { kind, param: ms };
  }
  if (kind === 'http_429' && arg !== undefined) {
    const seconds = Number(arg);
    if (arg === '' || !Number.isInteger(seconds) || seconds < 0 || seconds > 3600) {
      throw new FaultRequestError('http_429 takes Retry-After seconds 0..3600, e.g. http_429:2');
    }
    return { kind, param: seconds };
  }
  if (arg !== undefined) throw new FaultRequestError(usage);
  return { kind, param: kind === 'http_429' ? 1 : 0 };
}

/** When a delayed answer may leave (latency faults), per request. */
const answerAt = new WeakMap<FastifyRequest, number>();
/** Requests whose answer is never sent (drop faults): the connection goes instead. */
const dropped = new WeakSet<FastifyRequest>();
/** How long bookings stay out of this lookup's sight (hidden faults), per request. */
const hiddenMs = new WeakMap<FastifyRequest, number>();

/** For a lookup route: bookings younger than this many milliseconds are not found yet (0: all are). */
export function hiddenFor(request: FastifyRequest): number {
  return hiddenMs.get(request) ?? 0;
}

/**
 * The onSend hook of latency faults: holds the answer until its time. A carrier at 200 ms a call
 * answers 200 ms after each call, however many arrive together; doing the work after the wait
 * would queue every call's work behind the others' on the emulator's one thread.
 */
export function latencyHook(store: FaultStore) {
  return async function holdAnswer(request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
    const at = answerAt.get(request);
    if (at === undefined) return payload;
    const wait = at - performance.now();
    // Released early (the emulator closing): the connection is dropped, never answered early.
    if (wait > 0 && !(await store.sleep(wait))) request.raw.socket.destroy();
    // The work is done and kept; the answer never leaves.
    if (dropped.has(request)) request.raw.socket.destroy();
    return payload;
  };
}

/**
 * The onRequest hook that applies faults to tagged routes. It runs before the carrier's own hooks
 * (authentication included), as a failing network or gateway would.
 */
export function faultHook(store: FaultStore, carriers: ReadonlyMap<string, EmulatedCarrier>) {
  return async function applyFault(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const tag = request.routeOptions.config.emulator;
    if (!tag) return;
    const rule = store.take(tag.carrier, tag.operation);
    if (!rule) return;
    const socket = request.raw.socket;
    switch (rule.kind) {
      case 'latency':
        answerAt.set(request, performance.now() + rule.param);
        return;
      case 'timeout':
        reply.hijack();
        await store.hold(socket);
        return;
      case 'reset':
        reply.hijack();
        socket.destroy();
        return;
      case 'drop':
        dropped.add(request);
        answerAt.set(request, performance.now() + rule.param);
        return;
      case 'hidden':
        hiddenMs.set(request, rule.param);
        return;
      default: {
        const carrier = carriers.get(tag.carrier);
        if (!carrier) return;
        const res = carrier.faultResponse(rule.kind, tag.operation, rule.param);
        reply.code(res.status).type(res.contentType);
        if (res.headers) reply.headers(res.headers);
        return reply.send(res.body);
      }
    }
  };
}
