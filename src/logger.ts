/** Structured JSON logs. Secrets are redacted here as a second line of defence behind not logging them. */
import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACT_PATHS = [
  'req.headers.zkkey',
  'req.headers.authorization',
  'headers.zkkey',
  'headers.authorization',
  '*.auth',
  '*.password',
  '*.client_secret',
  '*.passphrase',
  'auth',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' }, base: { service: 'waybill' } };
  return destination ? pino(options, destination) : pino(options);
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
