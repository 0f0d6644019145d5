/**
 * Where the shipping commands find the service: WAYBILL_URL, WAYBILL_KEY and
 * WAYBILL_SHIPPING_ACCOUNT, else a profile of the profile file, else nothing (a usage error).
 *
 * The profile file is JSON, `{"<name>": {"url", "key", "account"?}}`, at WAYBILL_PROFILE_FILE or
 * `$XDG_CONFIG_HOME/waybill/profiles.json` (`~/.config/…`); `--profile` or WAYBILL_PROFILE picks
 * one, "default" otherwise. It holds a key: the commands warn when others may read it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import { UsageError } from '../cli-usage.js';

export { UsageError };

/** No key to call the service with: exit code 5, as for a key the service refuses. */
export class MissingKeyError extends Error {}

export interface Settings {
  url: string;
  key: string;
  account: string | undefined;
}

interface Profile {
  url?: string;
  key?: string;
  account?: string;
}

export function profileFile(env: NodeJS.ProcessEnv): string {
  return (
    env.WAYBILL_PROFILE_FILE || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'waybill', 'profiles.json')
  );
}

function readProfile(env: NodeJS.ProcessEnv, name: string | undefined, warn: (line: string) => void): Profile {
  const file = profileFile(env);
  if (!existsSync(file)) {
    if (name) throw new UsageError(`no profile file ${file} for profile ${name}`);
    return {};
  }
  if ((statSync(file).mode & 0o077) !== 0)
    warn(`warning: ${file} holds API keys and others may read it (chmod 600 ${file})`);
  let profiles: Record<string, Profile>;
  try {
    profiles = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Profile>;
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${(err as Error).message}`);
  }
  const chosen = name ?? 'default';
  const profile = profiles[chosen];
  if (!profile && name) throw new UsageError(`${file} has no profile "${name}"`);
  return profile ?? {};
}

/** The service's URL and key, the environment's over the profile's. */
export function loadSettings(
  env: NodeJS.ProcessEnv,
  flags: { profile?: string | undefined },
  warn: (line: string) => void,
): Settings {
  const name = flags.profile ?? (env.WAYBILL_PROFILE || undefined);
  const profile = env.WAYBILL_URL && env.WAYBILL_KEY && !name ? {} : readProfile(env, name, warn);
  const url = env.WAYBILL_URL || profile.url;
  const key = env.WAYBILL_KEY || profile.key;
  if (!key)
    throw new MissingKeyError(
      'no API key: set WAYBILL_KEY (and WAYBILL_URL), or give a profile (README "Client and CLI")',
    );
  if (!url) throw new UsageError('no service to call: set WAYBILL_URL, or give a profile (README "Client and CLI")');
  return { url, key, account: env.WAYBILL_SHIPPING_ACCOUNT || profile.account };
}
