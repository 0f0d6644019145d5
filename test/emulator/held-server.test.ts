/**
 * The embedded emulator's port is bound before the service listens and its code loaded by the first
 * request there (src/foundations/held-server.ts, src/main.ts): what reaches the port meanwhile is
 * answered once the emulator is up, and a close lets go of the port.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { holdServer, type HeldServer } from '../../src/foundations/held-server.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('a held server', () => {
  it('loads the emulator with the first request, answers what came meanwhile in it, then closes its port', async () => {
    let emulator: Promise<Emulator> | undefined;
    let loads = 0;
    const held: HeldServer = await holdServer('127.0.0.1', 0, () => {
      loads++;
      emulator = createEmulator({ server: held });
    });
    expect(held.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator).toBeUndefined();
    const early = fetch(`${held.url}/_emulator`);
    const early2 = fetch(`${held.url}/carrier_a/nope`, { method: 'POST', body: '{}' });
    const answer = await early;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { carriers: unknown[] }).carriers.length).toBeGreaterThan(0);
    expect((await early2).status).toBe(404);
    expect((await fetch(`${held.url}/_emulator/clock`)).status).toBe(200);
    expect(loads).toBe(1);
    expect((await emulator!).url).toBe(held.url);
    await (await emulator!).close();
    expect(await portFree(Number(new URL(held.url).port))).toBe(true);
  });

  it('answers 503 with why when no handler will come', async () => {
    const held = await holdServer('127.0.0.1', 0);
    const early = fetch(`${held.url}/anything`);
    held.fail('the carrier emulator could not start: its state file is unreadable');
    const answer = await early;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: { code: 'unavailable', message: 'the carrier emulator could not start: its state file is unreadable' },
    });
    expect((await fetch(`${held.url}/later`)).status).toBe(503);
    await held.close();
  });

  it('refuses a taken port as listen does', async () => {
    const first = await holdServer('127.0.0.1', 0);
    const port = Number(new URL(first.url).port);
    await expect(holdServer('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await first.close();
  });
});
