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
 * The lines of one turn of the event loop are handed over together when the turn ends: each
 * asynchronous write is a round trip to the thread pool, and one per line cost a cached /track
 * about 8 % of its CPU time (bench/README.md). What is left is written when the process exits.
 * One writer for the process, whatever the number of loggers: there is one standard output.
 */
let stdout: DestinationStream | undefined;

function stdoutDestination(): DestinationStream {
  if (stdout) return stdout;
  const writer = pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_LOG });
  let lines: string[] = [];
  const handOver = () => {
    if (lines.length === 0) return;
    writer.write(lines.length === 1 ? lines[0]! : lines.join(''));
    lines = [];
  };
  process.once('exit', () => {
    handOver();
    writer.flushSync();
  });
  stdout = {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(handOver);
    },
  };
  return stdout;
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
