/**
 * The Waybill client: every operation of the service's OpenAPI document by its operationId, over
 * `fetch` alone (Node 20+, browsers, workers). Answers are read as the service sends them, never
 * checked against the schema: a value or member a newer service adds passes through.
 */
import { errorOf, WaybillConnectionError, WaybillError } from './errors.js';
import { linkTarget, totalCount } from './links.js';
import { OPERATIONS } from './operations.js';
import { defaultRetryPolicy, delayMs, retryable, retryAfterMs, type RetryPolicy } from './retry.js';
import type { Answer, Input, InputArgs, Item, ListOperationId, OperationId, Page } from './types.js';

export interface ClientOptions {
  /** The service's address, e.g. `https://waybill.example.com`. */
  baseUrl: string;
  /** An API key (`waybill keys create`) or a JWT; sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Another fetch, e.g. one with a proxy; the global one by default. */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Each try's time limit; a try that runs out is retried like a lost connection. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** How the client waits between tries (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** An answer with what its headers said. */
export interface Response<T> {
  data: T;
  status: number;
  headers: Headers;
}

type Operations = { [K in OperationId]: (...args: InputArgs<K>) => Promise<Answer<K>> };

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh Idempotency-Key; randomUUID needs a secure context in browsers, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function pathOf(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function decode(res: globalThis.Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return undefined;
  if (type.includes('json')) {
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }
  if (type.startsWith('text/')) return res.text();
  return new Uint8Array(await res.arrayBuffer());
}

export class Waybill {
  readonly baseUrl: string;
  /** Every operation as a method, named by its operationId: `waybill.op.createShipment({ body })`. */
  readonly op: Operations;
  private readonly fetch: typeof fetch;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  /**
   * The options, with the API key and any headers, in a private field: JSON.stringify, util.inspect
   * and console.log of a client (in an error report, a debug line) show neither.
   */
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#options = options;
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.policy = { ...defaultRetryPolicy, ...options.retry };
    this.sleep = options.sleep ?? sleepFor;
    const op: Record<string, (input?: Input<OperationId>) => Promise<unknown>> = {};
    for (const id of Object.keys(OPERATIONS) as OperationId[])
      op[id] = (input) => this.call(id, ...([input] as InputArgs<typeof id>));
    this.op = op as unknown as Operations;
  }

  /** Calls one operation and returns its answer; throws WaybillError or WaybillConnectionError. */
  async call<K extends OperationId>(id: K, ...[input]: InputArgs<K>): Promise<Answer<K>> {
    return (await this.request(id, ...([input] as InputArgs<K>))).data;
  }

  /** Calls one operation and returns its answer with status and headers. */
  async request<K extends OperationId>(id: K, ...[input]: InputArgs<K>): Promise<Response<Answer<K>>> {
    const [method, template] = OPERATIONS[id];
    const given = (input ?? {}) as Input<OperationId> & {
      path?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    return this.send<Answer<K>>(method, pathOf(template, given.path) + queryOf(given.query), given);
  }

  /** One page of a paged list; `next` is the query of the following page, when there is one. */
  async page<K extends ListOperationId>(id: K, ...[input]: InputArgs<K>): Promise<Page<Item<K>>> {
    const res = await this.request(id, ...([input] as InputArgs<K>));
    const next = linkTarget(res.headers.get('link'), 'next');
    return {
      items: res.data as Item<K>[],
      total: totalCount(res.headers.get('x-total-count')),
      next: next ? new URL(next).search : undefined,
    };
  }

  /** Every item of a paged list, page after page as the `Link` header leads. */
  async *all<K extends ListOperationId>(id: K, ...[input]: InputArgs<K>): AsyncGenerator<Item<K>, void, undefined> {
    const [method, template] = OPERATIONS[id];
    const given = (input ?? {}) as Input<OperationId> & {
      path?: Record<string, unknown>;
      query?: Record<string, unknown>;
    };
    const path = pathOf(template, given.path);
    let search: string | undefined = queryOf(given.query);
    while (search !== undefined) {
      const res = await this.send<Item<K>[]>(method, path + search, given);
      yield* res.data;
      const next = linkTarget(res.headers.get('link'), 'next');
      search = next ? new URL(next).search : undefined;
    }
  }

  private async send<T>(
    method: string,
    target: string,
    input: Input<OperationId> & { body?: unknown },
  ): Promise<Response<T>> {
    const idempotencyKey = method === 'POST' ? (input.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const headers: Record<string, string> = {
      accept: 'application/json, */*',
      ...this.#options.headers,
      ...input.headers,
    };
    if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let body: string | undefined;
    if (input.body !== undefined) {
      const text = typeof input.body === 'string';
      body = text ? (input.body as string) : JSON.stringify(input.body);
      headers['content-type'] = input.contentType ?? (text ? 'text/csv' : 'application/json');
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= this.policy.retries;
      let res: globalThis.Response;
      try {
        res = await this.once(method, target, headers, body, input.signal);
      } catch (err) {
        if (input.signal?.aborted) throw err;
        if (last)
          throw new WaybillConnectionError(
            `Waybill at ${this.baseUrl} did not answer ${method} ${target.split('?')[0]}: ${(err as Error).message}`,
            idempotencyKey,
            { cause: err },
          );
        await this.sleep(delayMs(this.policy, attempt + 1, undefined));
        continue;
      }
      const data = await decode(res).catch(() => undefined);
      if (res.ok) return { data: data as T, status: res.status, headers: res.headers };
      const error = errorOf(res.status, data, idempotencyKey, res.headers.get('x-request-id') ?? undefined);
      const wait = retryAfterMs(res.headers.get('retry-after'), Date.now());
      if (
        last ||
        !retryable(res.status, error.code, res.headers.get('idempotent-replayed') === 'true') ||
        (wait ?? 0) > this.policy.maxRetryAfterMs
      )
        throw error;
      await this.sleep(delayMs(this.policy, attempt + 1, wait));
    }
  }

  private async once(
    method: string,
    target: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<globalThis.Response> {
    const signals = [signal, this.#options.timeoutMs ? AbortSignal.timeout(this.#options.timeoutMs) : undefined].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    const combined = signals.length > 1 ? anySignal(signals) : signals[0];
    return this.fetch(this.baseUrl + target, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(combined ? { signal: combined } : {}),
    });
  }
}

/** AbortSignal.any where it exists (Node 20.3+, current browsers), else by hand. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const s of signals) s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  return controller.signal;
}

export function createClient(options: ClientOptions): Waybill {
  return new Waybill(options);
}

export { WaybillError };
