/** What every shipping command is handed: the client, its flags, and where to write. */
import type { Waybill } from '../../packages/client/src/index.js';
import { UsageError } from './settings.js';

export interface Flags {
  json?: boolean;
  account?: string;
  service?: string;
  out?: string;
  watch?: boolean;
  interval?: string;
  format?: string;
  events?: string;
  packaging?: string;
  'label-type'?: string;
  'dim-units'?: string;
  'weight-units'?: string;
  reference?: string;
  'idempotency-key'?: string;
}

export interface Context {
  client: Waybill;
  flags: Flags;
  positionals: string[];
  /** The account of --account, else the settings' default one. */
  account: string | undefined;
  out(text: string): void;
  err: NodeJS.WriteStream;
  readInput(path: string): string;
  writeFile(path: string, bytes: Uint8Array): void;
  sleep(ms: number): Promise<void>;
}

export function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  return value;
}

export function accountOf(ctx: Context): string {
  return required(ctx.account, "--account (or WAYBILL_SHIPPING_ACCOUNT, or the profile's account)");
}
