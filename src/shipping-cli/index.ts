/**
 * The shipping commands of `waybill`, on @waybill/client: loaded by cli.ts only when one of them
 * runs, so that `waybill serve` never loads them. Exit codes (README "Client and CLI"):
 *   0 done; 1 the service failed (5xx) or something unexpected; 2 bad input (usage, or the service
 *   refused the request: validation, not found, conflict); 3 the carrier refused or failed, or a
 *   batch finished with failed items; 4 the service is unreachable or unavailable; 5 no key was
 *   given, or the service refused it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, WaybillConnectionError, WaybillError } from '../../packages/client/src/index.js';
import type { Context, Flags } from './context.js';
import { accounts, batch, webhooks } from './resources.js';
import { SHIPPING_NAMES, usageErrorOf } from '../cli-usage.js';
import { loadSettings, MissingKeyError, UsageError } from './settings.js';
import { cancel, labels, rate, ship, track } from './shipments.js';

export const SHIPPING_COMMANDS = SHIPPING_NAMES;

const COMMANDS: Record<(typeof SHIPPING_COMMANDS)[number], (ctx: Context) => Promise<number | void>> = {
  rate,
  ship,
  track,
  cancel,
  labels,
  batch,
  accounts,
  webhooks,
};

const CARRIER_CODES = new Set(['no_qualifying_rate', 'address_invalid', 'master_test_shipping_account_not_found']);

/** The exit code that says what went wrong, for scripts that branch on it. */
export function exitCodeOf(err: unknown): number {
  if (err instanceof UsageError) return 2;
  if (err instanceof MissingKeyError) return 5;
  if (err instanceof WaybillConnectionError) return 4;
  if (!(err instanceof WaybillError)) return 1;
  if (err.code === 'missing_api_key' || err.code === 'wrong_api_key' || err.code === 'forbidden') return 5;
  if (err.code.startsWith('carrier_') || CARRIER_CODES.has(err.code)) return 3;
  if (err.status === 503) return 4;
  return err.status < 500 ? 2 : 1;
}

function describe(err: unknown): string {
  if (err instanceof WaybillError) return `${err.code}: ${err.message}${err.detail ? ` (${err.detail})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

export async function runShippingCommand(command: (typeof SHIPPING_COMMANDS)[number], args: string[]): Promise<number> {
  const err = process.stderr;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        profile: { type: 'string' },
        account: { type: 'string' },
        service: { type: 'string' },
        out: { type: 'string' },
        watch: { type: 'boolean' },
        interval: { type: 'string' },
        format: { type: 'string' },
        events: { type: 'string' },
        packaging: { type: 'string' },
        'label-type': { type: 'string' },
        'dim-units': { type: 'string' },
        'weight-units': { type: 'string' },
        reference: { type: 'string' },
        'idempotency-key': { type: 'string' },
      },
    }) as { values: Flags & { profile?: string }; positionals: string[] };
    const settings = loadSettings(process.env, { profile: values.profile }, (line) => err.write(`${line}\n`));
    const client = createClient({
      baseUrl: settings.url,
      apiKey: settings.key,
      retry: { retries: Number(process.env.WAYBILL_RETRIES ?? 3) },
    });
    const ctx: Context = {
      client,
      flags: values,
      positionals,
      account: values.account ?? settings.account,
      out: (text) => void process.stdout.write(`${text}\n`),
      err,
      readInput: (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
      writeFile: (path, bytes) => {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, bytes);
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    };
    return (await COMMANDS[command](ctx)) ?? 0;
  } catch (e) {
    const failure = usageErrorOf(e, command);
    // A refused option's line names the command already.
    err.write(failure !== e ? `${describe(failure)}\n` : `waybill ${command}: ${describe(e)}\n`);
    return exitCodeOf(failure);
  }
}
