/**
 * What `waybill` says about its own use: the usage of every command (`waybill --help`, `waybill help
 * <command>`, `waybill <command> --help`, all on standard output with exit 0), and a command line it
 * cannot read said in one line naming what it could not read (standard error, exit 2) rather than
 * Node's stack. Only text and node:util here: cli.ts loads it before it knows which command runs.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad input on the command line: its message is printed alone, and the exit code is 2. */
export class UsageError extends Error {}

const SERVICE_USAGE: Record<string, string> = {
  serve: `  serve                                   start the HTTP service (and its carrier emulator, unless WAYBILL_CARRIERS=live)`,
  migrate: `  migrate                                 bring the database schema up to date`,
  keys: `  keys create --tenant NAME [--expires-in 30d] [--scope read|ship|admin] [--name TEXT]
                                          issue an API key (printed once, last line)
  keys list [--tenant NAME]               list keys (never the keys themselves)
  keys revoke <id>                        revoke a key`,
  users: `  users create --tenant NAME --email ADDRESS --role owner|admin|shipper|viewer [--name TEXT] [--with-password]
                                          a console user: prints an invitation link, or a password
  users reset-password --email ADDRESS    a new password (printed once, last line); the user's sessions end
  users list --tenant NAME                the tenant's users`,
  tenants: `  tenants create NAME [--platform]        a tenant; --platform: it may create merchants (POST /tenants)
  tenants set-platform NAME               an existing tenant becomes a platform`,
  emulator: `  emulator                                run the carrier emulator alone (WAYBILL_EMULATOR_PORT, 8081)`,
};

/** The shipping commands, each line starting with the command it is about. */
export const SHIPPING_USAGE = `  rate <shipment.json> [--account ID] [--service S]     rates a shipment ({shipment} or bare, - for stdin)
  ship <shipment.json> [--account ID] [--service S] [--idempotency-key K]   books it
  track <number> [--account ID]          its tracking stage and checkpoints
  cancel <number> [--account ID]         voids it with the carrier
  labels <shipment id> [--out DIR]       downloads its labels
  batch upload <csv> --account ID [--service S] [--packaging P] [--label-type T] [--dim-units U]
               [--weight-units U] [--reference R] [--idempotency-key K] [--watch] [--interval MS]
  batch status <id> [--watch] | batch labels <id> [--format pdf|zpl|epl] [--out FILE]
  accounts                               shipping accounts
  accounts price-list [show|upload <csv>|remove] --account ID   its uploaded price list
  webhooks [list] | webhooks create <url> [--events a,b] | webhooks delete <id>`;

const SHIPPING_NOTE = `  every shipping command: --json for scripts; WAYBILL_URL, WAYBILL_KEY and WAYBILL_SHIPPING_ACCOUNT,
  or --profile NAME of the profile file; exit 2 bad input, 3 carrier error, 4 unreachable, 5 no or wrong key`;

/** The shipping commands' names, here so that no other command loads shipping-cli/. */
export const SHIPPING_NAMES = ['rate', 'ship', 'track', 'cancel', 'labels', 'batch', 'accounts', 'webhooks'] as const;

export const USAGE = `usage: waybill <command> [options]     (waybill <command> --help: that command alone)
operating the service:
${Object.values(SERVICE_USAGE).join('\n')}
shipping, against a running service:
${SHIPPING_USAGE}
${SHIPPING_NOTE}`;

/** One command's usage, or undefined for a command there is none. */
export function usageOf(command: string): string | undefined {
  if (command === 'shipping') return `usage: waybill <command> [options]\n${SHIPPING_USAGE}\n${SHIPPING_NOTE}`;
  const service = SERVICE_USAGE[command];
  if (service) return `usage: waybill ${command} …\n${service}`;
  if (!(SHIPPING_NAMES as readonly string[]).includes(command)) return undefined;
  const lines = SHIPPING_USAGE.split('\n');
  // A command's lines, with the continuation lines (deeper indented) that follow them.
  const own = lines.filter(
    (line, i) =>
      line.startsWith(`  ${command} `) ||
      line.trimEnd() === `  ${command}` ||
      (/^ {4,}\S/.test(line) && lines[i - 1]!.startsWith(`  ${command} `)),
  );
  return `usage: waybill ${command} …\n${own.join('\n')}\n${SHIPPING_NOTE}`;
}

/** Whether the command line asks for help: --help or -h before any `--`. */
export function asksHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** What node:util's parseArgs refused, as one line naming it; anything else unchanged. */
export function usageErrorOf(err: unknown, command: string): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) return err;
  const message = (err as Error).message;
  const named = /'([^']+)'/.exec(message)?.[1] ?? '';
  const help = `(waybill ${command} --help lists what it takes)`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(`waybill ${command}: unknown option ${named} ${help}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UsageError(
      `waybill ${command}: option ${named.split(' ')[0]} ${/argument missing/.test(message) ? 'needs a value' : 'takes no value'} ${help}`,
    );
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`waybill ${command}: unexpected argument ${named} ${help}`);
  return new UsageError(`waybill ${command}: ${message.split('\n')[0]}`);
}

/** node:util's parseArgs, a refusal as a UsageError of one line. */
export function parseOptions<T extends ParseArgsConfig>(command: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw usageErrorOf(err, command);
  }
}
