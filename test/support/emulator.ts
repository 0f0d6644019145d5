/** The carrier emulator on a free loopback port, with its control API as plain functions. */
import { createEmulator, type Emulator } from '../../src/emulator/server.js';

export interface TestEmulator {
  emulator: Emulator;
  url: string;
  fault(carrier: string, operation: string, fault: string, count?: number): Promise<void>;
  clearFaults(): Promise<void>;
  advance(ms: number): Promise<void>;
  resetClock(): Promise<void>;
  close(): Promise<void>;
}

async function control(url: string, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${url}/_emulator/${path}`, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) });
  if (!res.ok) throw new Error(`emulator control ${method} ${path}: ${res.status} ${await res.text()}`);
}

export async function startTestEmulator(): Promise<TestEmulator> {
  const emulator = await createEmulator({ port: 0 });
  const url = emulator.url;
  return {
    emulator,
    url,
    fault: (carrier, operation, fault, count = 1) => control(url, 'POST', 'faults', { carrier, operation, fault, count }),
    clearFaults: () => control(url, 'DELETE', 'faults'),
    advance: (ms) => control(url, 'POST', 'clock', { advance_ms: ms }),
    resetClock: () => control(url, 'DELETE', 'clock'),
    close: () => emulator.close(),
  };
}
