/**
 * The request log: one line per request, written when it completes (method, URL, status, time). The
 * URL is logged without the signatures, tokens and keys it may carry (loggedUrl, src/foundations/logger.ts).
 * Fastify's default adds an "incoming request" line too, which doubles the logging cost of every call.
 *
 * Fastify gives every request a child logger carrying its id, and pino makes a child by copying its
 * parent's bindings and level methods: a cost paid on every request, though most never log more
 * than this line. So the child is made when something first logs through it (`lazyRequestLogger`),
 * and the completion line is written for the service's logger with the id as its first member, which
 * is the line the child would have written. A call below the logger's level makes no child either.
 * Measured on cached /track, where logging had been about a fifth of the CPU time: bench/README.md.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import { loggedUrl } from '../foundations/logger.js';

/** What pino puts around a line's own members, read from the logger (pino.symbols are its public handles). */
export interface LineParts {
  /** `{"level":30` for info. */
  level: string;
  /** `,"time":…` */
  time: () => string;
  /** The logger's bindings, `,"service":"waybill"`. */
  bindings: string;
  stream: { write(line: string): void };
}

export function lineParts(logger: Logger): LineParts {
  const internals = logger as unknown as Record<symbol, unknown>;
  const { chindingsSym, lsCacheSym, streamSym, timeSym } = pino.symbols;
  return {
    level: (internals[lsCacheSym] as Record<number, string>)[logger.levels.values.info!]!,
    time: internals[timeSym] as () => string,
    bindings: internals[chindingsSym] as string,
    stream: internals[streamSym] as LineParts['stream'],
  };
}

export class RequestLog extends LogController {
  readonly #logger: Logger;
  readonly #parts: LineParts;
  readonly #completed: ((request: FastifyRequest, reply: FastifyReply) => void) | undefined;

  /**
   * `logger`: the service's logger, without Fastify's serializers (the line below needs none);
   * `completed`: what else is noted of every answer once it has gone out, before its line (the
   * request histogram, http/metrics.ts).
   */
  constructor(logger: Logger, completed?: (request: FastifyRequest, reply: FastifyReply) => void) {
    super();
    this.#logger = logger;
    this.#parts = lineParts(logger);
    this.#completed = completed;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.#completed?.(request, reply);
    if (error) {
      this.#logger.error(
        { ...members(request, reply), responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
    } else if (this.#logger.isLevelEnabled('info')) {
      this.#parts.stream.write(
        completionLine(
          this.#parts,
          request.id,
          request.method,
          loggedUrl(request.url),
          reply.statusCode,
          reply.elapsedTime,
        ),
      );
    }
  }

  // Fastify's own versions log the whole request through its serializer, URL and all.
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    this.#logger[reply.statusCode >= 500 ? 'error' : 'info']({ ...members(request, reply), err: error }, error.message);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    this.#logger.warn({ ...members(request, reply), err: error }, error.message);
  }
}

/** What a line about a request says of it: its id, method and URL (without secrets), and its status. */
function members(request: FastifyRequest, reply: FastifyReply) {
  return {
    reqId: request.id,
    req: { method: request.method, url: loggedUrl(request.url) },
    res: { statusCode: reply.statusCode },
  };
}

/**
 * The line `logger.info({ reqId, req: { method, url }, res: { statusCode }, responseTime }, 'request
 * completed')` writes, made directly: pino's general path (members walked, strings escaped one by
 * one, redaction paths checked) took about 4 µs a line against 1 µs for this, on every request
 * (bench/README.md). Level, time and bindings come from the logger itself, so the line is pino's to
 * the byte (test/http/request-log.test.ts compares the two).
 */
export function completionLine(
  parts: LineParts,
  id: string,
  method: string,
  url: string,
  status: number,
  ms: number,
): string {
  return `${parts.level}${parts.time()}${parts.bindings},"reqId":${JSON.stringify(id)},"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"statusCode":${status}},"responseTime":${ms},"msg":"request completed"}\n`;
}

type Method = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** pino's level numbers: a call below the logger's level writes nothing, so it makes no child. */
const RANK: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** A request's logger that becomes the real child of `parent` the first time it is used. */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real.level = level;
  }

  #call(method: Method, args: unknown[]): void {
    // Carrier clients log their calls at debug: at the usual info level that must cost nothing.
    if (this.#child === undefined && RANK[method]! < (RANK[this.level] ?? 0)) return;
    (this.#real[method] as (...a: unknown[]) => void)(...args);
  }

  trace(...args: unknown[]): void {
    this.#call('trace', args);
  }
  debug(...args: unknown[]): void {
    this.#call('debug', args);
  }
  info(...args: unknown[]): void {
    this.#call('info', args);
  }
  warn(...args: unknown[]): void {
    this.#call('warn', args);
  }
  error(...args: unknown[]): void {
    this.#call('error', args);
  }
  fatal(...args: unknown[]): void {
    this.#call('fatal', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
