/**
 * The password hash (argon2, a native module) loads with the first sign-in, not at start: the
 * compiled service that has only answered /healthz has not mapped it, and a sign-in then works
 * (the bundle imports the CommonJS package dynamically, where only its default export may come).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli, startServe } from '../support/process.js';

const argon2Mapped = (pid: number) =>
  readFileSync(`/proc/${pid}/maps`, 'utf8')
    .split('\n')
    .some((l) => l.endsWith('.node') && l.includes('argon2'));

it.skipIf(!existsSync('/proc/self/maps'))(
  'the compiled service loads argon2 with the first sign-in, and the sign-in works',
  async () => {
    const env = { WAYBILL_DATA_DIR: mkdtempSync(join(tmpdir(), 'waybill-first-sign-in-')), WAYBILL_LOG_LEVEL: 'info' };
    const served = await startServe(env);
    try {
      expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
      expect(argon2Mapped(served.child.pid!)).toBe(false);
      const made = await runCli(
        ['users', 'create', '--tenant', 'acme', '--email', 'ann@example.com', '--role', 'owner', '--with-password'],
        env,
      );
      const password = made.stdout.trim().split('\n').at(-1)!;
      const signIn = (pw: string) =>
        fetch(`${served.url}/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session: { email: 'ann@example.com', password: pw } }),
        });
      expect((await signIn(`${password}-wrong`)).status).toBe(401);
      expect((await signIn(password)).status).toBe(200);
      expect(argon2Mapped(served.child.pid!)).toBe(true);
    } finally {
      await served.stop();
    }
  },
  60_000,
);
