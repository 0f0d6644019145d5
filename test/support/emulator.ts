/** The carrier emulator on a free loopback port, with its control API as plain functions. */
import type { CarrierSlug } from '../../src/carriers/carrier.js';
import type { Clock } from '../../src/foundations/clock.js';
import { credentialsOf } from '../../src/emulator/credentials.js';
import { CREDENTIAL_MEMBERS } from '../../src/emulator/registry.js';
import type { Drawing } from '../../src/emulator/carrier.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { validAuth } from './accounts.js';

/** The carriers know the credentials the suites register accounts with (validAuth). */
export const knownTestCredentials = Object.entries(validAuth).flatMap(([carrier, auth]) =>
  credentialsOf(carrier as CarrierSlug, CREDENTIAL_MEMBERS[carrier as CarrierSlug], auth),
);

export interface TestEmulator {
  emulator: Emulator;
  url: string;
  fault(carrier: string, operation: string, fault: string, count?: number): Promise<void>;
  clearFaults(): Promise<void>;
  advance(ms: number): Promise<void>;
  resetClock(): Promise<void>;
  /** Makes the carrier know these credentials, as its developer portal issuing them would. */
  knowCredentials(carrier: string, auth: Record<string, string>): Promise<void>;
  /** Makes the carrier revoke these credentials and the tokens issued to them. */
  forgetCredentials(carrier: string, auth: Record<string, string>): Promise<void>;
  /** What the carrier booked, through GET /_emulator/bookings: what tests count bookings by. */
  bookings(
    carrier: string,
  ): Promise<{ tracking_number: string; references: string[]; booked_at: string; cancelled: boolean }[]>;
  close(): Promise<void>;
}

async function control(url: string, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${url}/_emulator/${path}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`emulator control ${method} ${path}: ${res.status} ${await res.text()}`);
}

/**
 * `clock`: the carrier's base clock (a suite that fixes the day sets the service's to the same);
 * `drawing`: how the carriers draw their documents (a suite holds one to see what a carrier keeps meanwhile).
 */
export async function startTestEmulator(opts: { clock?: Clock; drawing?: Drawing } = {}): Promise<TestEmulator> {
  const emulator = await createEmulator({
    port: 0,
    credentials: knownTestCredentials,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.drawing ? { drawing: opts.drawing } : {}),
  });
  const url = emulator.url;
  return {
    emulator,
    url,
    fault: (carrier, operation, fault, count = 1) =>
      control(url, 'POST', 'faults', { carrier, operation, fault, count }),
    clearFaults: () => control(url, 'DELETE', 'faults'),
    advance: (ms) => control(url, 'POST', 'clock', { advance_ms: ms }),
    resetClock: () => control(url, 'DELETE', 'clock'),
    knowCredentials: (carrier, auth) => control(url, 'POST', 'credentials', { carrier, auth }),
    forgetCredentials: (carrier, auth) => control(url, 'DELETE', 'credentials', { carrier, auth }),
    bookings: async (carrier) =>
      (
        (await (await fetch(`${url}/_emulator/bookings?carrier=${carrier}`)).json()) as {
          bookings: Record<string, never[]>;
        }
      ).bookings[carrier] ?? [],
    close: () => emulator.close(),
  };
}

/**
 * Runs `run` with an emulator of its own, closed after: a case whose faults and bookings are apart
 * from the others' can run at the same time as them (describe.concurrent).
 */
export async function withTestEmulator(run: (em: TestEmulator) => Promise<void>): Promise<void> {
  const em = await startTestEmulator();
  try {
    await run(em);
  } finally {
    await em.close();
  }
}
