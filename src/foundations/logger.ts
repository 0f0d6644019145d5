/**
 * Structured JSON logs. Secrets are kept out by not logging them: request lines carry method, URL
 * (through loggedUrl, below) and status only, and carrier exchanges are redacted before they are
 * logged (carriers/shared/redact). The exact paths of REDACT_PATHS are a second line of defence;
 * wildcard paths would make pino walk every object of every line, which cost more than the rest of
 * a cached request.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Log text held while standard output is not being read (bytes). */
const MAX_BUFFERED_LOG = 16 * 1024 * 1024;

export const REDACTED = '[REDACTED]';

/**
 * Names of members, headers, form fields and XML elements whose values are secrets, in a carrier
 * exchange's log lines and error details (carriers/shared/redact.ts) and in the audit log's entries
 * (services/audit/mask.ts): one list, so what one hides the other hides too.
 */
const SECRET_NAME =
  /secret|password|passwd|passphrase|token|credential|authorization|signature|api[-_]?key|client_?id|license|cookie|private|^key$|^auth$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export const REDACT_PATHS = [
  'req.headers.zkkey',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'headers.zkkey',
  'headers.authorization',
  'headers.cookie',
  'auth',
  'shipping_account.auth',
  'password',
  'session.password',
  'invitation.password',
  'invitation.token',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: REDACTED }, base: { service: 'waybill' } };
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
  // Standard output that cannot be written (redirected to a full disk, a pipe whose reader went)
  // must not end the service, as an 'error' without a listener would: its lines are dropped from
  // then on, which standard error is told once.
  let failed = false;
  writer.on('error', (err: NodeJS.ErrnoException) => {
    if (failed) return;
    failed = true;
    // Marked ended without closing descriptor 1 (which a file opened later would take): pino's own
    // flush at exit skips it, where it would try the failing write again for ever.
    (writer as unknown as { destroyed: boolean }).destroyed = true;
    try {
      process.stderr.write(
        `waybill: standard output cannot be written (${err.code ?? err.message}): log lines are dropped from now on\n`,
      );
    } catch {
      // Nowhere left to say it.
    }
  });
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (failed) lines = [];
    if (lines.length === 0) return;
    writer.write(lines.length === 1 ? lines[0]! : lines.join(''));
    lines = [];
    bytes = 0;
  };
  process.once('exit', () => {
    handOver();
    if (failed) return;
    try {
      writer.flushSync();
    } catch {
      // The process ends anyway; what could not be written is lost.
    }
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

/**
 * Query parameters whose value opens something: a link's signature, a key (`?zkkey=`), a token, a
 * secret. Unanchored, so that a query whose whole text does not match holds none of them.
 */
// `code` alone (single sign-on's authorization code), not every name ending in it (postal_code).
const SECRET_PARAM = /signature|key|token|secret|passw|auth|jwt|session|cookie|credential|(?:^|&)code(?:=|$)/i;
/** Paths that may carry a signed link's token, `<id>.<expiry>.<signature>`: the pages and their data. */
const TOKEN_PATHS = ['/tracking/', '/portal/', '/public/tracking/', '/public/portal/'];
const TOKEN_SEGMENT = /^(\/(?:public\/)?(?:tracking|portal)\/)([^/]*)/;
const isSecretParam = (name: string) => SECRET_PARAM.test(name);

function paramName(raw: string): string {
  if (raw.indexOf('%') === -1 && raw.indexOf('+') === -1) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A URL as a log line may show it: the values of secret-named query parameters and the signature
 * of a link's token in the path replaced by [REDACTED], the rest as it came (a token keeps its id,
 * so a line still says which shipment or portal it was). Every line that carries a URL passes it
 * through here: the request log, and carrier calls with the carrier's own secret names (`secret`).
 * It runs for every request: a URL whose text names no secret and has no escapes (most of them) is
 * answered as it is after a test or two, without splitting it (the service's own names only: a
 * carrier's may be anchored, `^key$`, and never match a whole query).
 */
export function loggedUrl(url: string, secret: (name: string) => boolean = isSecretParam): string {
  const q = url.indexOf('?');
  // startsWith, not a regular expression: this runs for every request, `/track` first of all.
  const tokenPath = TOKEN_PATHS.some((p) => url.startsWith(p));
  const plain =
    q === -1 || (secret === isSecretParam && url.indexOf('%', q) === -1 && !SECRET_PARAM.test(url.slice(q + 1)));
  if (plain && !tokenPath) return url;
  let path = q === -1 ? url : url.slice(0, q);
  if (tokenPath) {
    path = path.replace(TOKEN_SEGMENT, (_m, page: string, token: string) => {
      if (token === '') return page;
      const id = /^[\w-]+(?=\.)/.exec(token)?.[0];
      return id === undefined ? `${page}${REDACTED}` : `${page}${id}.${REDACTED}`;
    });
  }
  if (q === -1) return path;
  // A loop over the parameters: a replace() with a callback took five times as long.
  let out = `${path}?`;
  for (let start = q + 1; start <= url.length;) {
    const amp = url.indexOf('&', start);
    const end = amp === -1 ? url.length : amp;
    const eq = url.indexOf('=', start);
    out +=
      eq !== -1 && eq < end && secret(paramName(url.slice(start, eq)))
        ? `${url.slice(start, eq + 1)}${REDACTED}`
        : url.slice(start, end);
    if (end < url.length) out += '&';
    start = end + 1;
  }
  return out;
}

/** The logging a use case or carrier needs: pino's and Fastify's request loggers both fit. */
export type Log = Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
