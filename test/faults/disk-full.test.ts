/**
 * SQLite's disk full under `waybill serve`, on a small filesystem of the test's own (tmpfs, mounted
 * as root): /ship is answered 503 service_unavailable naming storage, with Retry-After, never a 500;
 * /readyz fails in the same words while writes cannot succeed; the process lives (the embedded
 * emulator's state file cannot be written either, which once ended it); once room is freed /readyz
 * is ready and /ship books again, and the database is intact.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '../../src/storage/faults.js';
import { runCli, startServe } from '../support/process.js';
import { waitFor } from '../support/webhook-receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'waybill-disk-full-'));
/** Why no small filesystem could be made here, if none could. */
const unavailable: string | undefined = (() => {
  if (process.getuid?.() !== 0) return 'mounting a small filesystem needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (err) {
    return `tmpfs could not be mounted: ${(err as { stderr?: Buffer }).stderr?.toString().trim() || String(err)}`;
  }
})();

afterAll(() => {
  if (!unavailable) execFileSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a file until the filesystem has no room left; removing it frees the room. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(unavailable !== undefined)(
  `SQLite's disk full${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('answers 503 naming storage, fails /readyz until room is freed, lives, and books again after', async () => {
      const env = { WAYBILL_DATA_DIR: dir, WAYBILL_LOG_LEVEL: 'info' };
      const server = await startServe(env);
      try {
        const key = (await runCli(['keys', 'create', '--tenant', 'acme'], env)).stdout.trim().split('\n').at(-1)!;
        const call = async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${server.url}${path}`, {
            method,
            headers: { zkkey: key, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
        };
        const account = (
          await call('POST', '/shippingaccount', {
            shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
          })
        ).body.shipping_account.id;
        const address = {
          name: 'Ann',
          phone: '9015550100',
          street1: '1 Main St',
          city: 'Memphis',
          state: 'TN',
          postal_code: '38117',
          country: 'US',
        };
        const ship = () =>
          call('POST', '/ship', {
            shipment: {
              shipping_account: account,
              sender: address,
              recipient: { ...address, city: 'New York', state: 'NY', postal_code: '10001' },
              packages: [{ weight: 2 }],
              packaging: 'your_packaging',
              weight_units: 'LB',
              service: 'carrier_a_ground',
            },
          });
        expect((await ship()).status).toBe(200);

        const filler = join(dir, 'filler');
        fill(filler);
        // What SQLite's log file already holds may take a few bookings before a write needs room.
        const answers: Awaited<ReturnType<typeof ship>>[] = [];
        const refused = await waitFor(
          async () => {
            const a = await ship();
            answers.push(a);
            return a.status !== 200 && a;
          },
          'a booking refused for want of room',
          60_000,
        );
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.body.error).toMatchObject({ code: 'service_unavailable', message: STORAGE_FULL });
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
        const ready = await call('GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body.error).toMatchObject({ code: 'service_unavailable', message: STORAGE_FULL });
        // Reads still work.
        expect((await call('GET', '/shipments')).status).toBe(200);
        // The emulator's state file could not be written either (a change to it, here clearing its
        // faults, is written before it is answered): that was said, the answer still came, and nothing ended.
        const emulatorUrl = /carrier emulator listening on (http:\/\/[\d.:]+)/.exec(server.output())![1]!;
        expect((await fetch(`${emulatorUrl}/_emulator/faults`, { method: 'DELETE' })).status).toBe(200);
        await waitFor(
          () => server.output().includes('the emulator could not write its state file'),
          'the emulator to report its failed write',
        );
        expect(server.child.exitCode).toBeNull();

        rmSync(filler);
        expect((await call('GET', '/readyz')).body).toEqual({ status: 'ready' });
        expect((await ship()).status).toBe(200);
        expect(server.output()).not.toContain('cannot rollback');
        expect(server.output()).not.toContain('FST_ERR_FAILED_ERROR_SERIALIZATION');
      } finally {
        await server.stop();
      }
      const db = new SqliteDatabase(join(dir, 'waybill.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    }, 120_000);
  },
);
