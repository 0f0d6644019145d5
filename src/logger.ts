/**
 * Structured JSON logs. Secrets are kept out by not logging them: request lines carry method, path
 * and status only, and carrier exchanges are redacted before they are logged (carriers/shared/redact).
 * These exact paths are a second line of defence; wildcard paths would make pino walk every object
 * of every line, which cost more than the rest of a cached request.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Log text held while standard output is not being read (bytes). */
const MAX_BUFFERED_LOG = 16 * 1024 * 1024;

export const REDACT_PATHS = ['req.headers.zkkey', 'req.headers.authorization', 'headers.zkkey', 'headers.authorization', 'auth', 'shipping_account.auth'];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' }, base: { service: 'waybill' } };
  return pino(options, destination ?? stdoutDestination());
}

/**
 * Standard output written asynchronously. pino's default writes synchronously, and when the reader
 * of the pipe falls behind (a busy log shipper) each write waited for room with the event loop
 * blocked: under load the service sat idle half the time. A reader stalled long enough to fill the
 * buffer loses lines rather than the service stalling.
 *
 * Lines are handed over together, FLUSH_MS after the first of them or once FLUSH_BYTES are waiting:
 * each asynchronous write is a round trip to the thread pool, and one per line cost a cached /track
 * about 8 % of its CPU time, one per turn of the event loop still about 5 % (bench/README.md). What
 * is left is written when the process exits; a process killed outright loses at most FLUSH_MS of
 * lines. One writer for the process, whatever the number of loggers: there is one standard output.
 */
const FLUSH_MS = 10;
const FLUSH_BYTES = 64 * 1024;
let stdout: DestinationStream | undefined;

function stdoutDestination(): DestinationStream {
  if (stdout) return stdout;
  const writer = pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_LOG });
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    writer.write(lines.length === 1 ? lines[0]! : lines.join(''));
    lines = [];
    bytes = 0;
  };
  process.once('exit', () => {
    handOver();
    writer.flushSync();
  });
  stdout = {
    write(line: string) {
      lines.push(line);
      bytes += line.length;
      if (bytes >= FLUSH_BYTES) handOver();
      // Unref'd: waiting lines never keep a finished process alive ('exit' writes them).
      else if (timer === undefined) timer = setTimeout(handOver, FLUSH_MS).unref();
    },
  };
  return stdout;
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
