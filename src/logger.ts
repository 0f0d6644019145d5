/**
 * Structured JSON logs. Secrets are kept out by not logging them: request lines carry method, path
 * and status only, and carrier exchanges are redacted before they are logged (carriers/shared/redact).
 * These exact paths are a second line of defence; wildcard paths would make pino walk every object
 * of every line, which cost more than the rest of a cached request.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACT_PATHS = ['req.headers.zkkey', 'req.headers.authorization', 'headers.zkkey', 'headers.authorization', 'auth', 'shipping_account.auth'];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' }, base: { service: 'waybill' } };
  return destination ? pino(options, destination) : pino(options);
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
