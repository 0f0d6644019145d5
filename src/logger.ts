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
 * blocked: under load the service sat idle half the time. Lines written while a write is under way
 * go out together with the next one; a reader stalled long enough to fill the buffer loses lines
 * rather than the service stalling. pino flushes what is left when the process exits.
 */
function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_LOG });
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
