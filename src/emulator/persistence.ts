/**
 * What the emulated carriers remember across a restart when the emulator has a state directory (the
 * data directory of `waybill serve`), as a carrier would: bookings, pickups, accounts and balances
 * (every Map a carrier's state holds), the credentials it issued, and its clock. Tokens and faults
 * are not kept: a carrier's tokens outlive no restart of the client's either, and a fault is a test's.
 *
 * The file is written a moment after the request that changed something (many bookings, one write)
 * and when the emulator closes; a value shared by two keys (a shipment under each package's tracking
 * number) is written once and shared again when read. A write that fails (a full disk) is reported
 * and tried again a little later; it never ends the process, and the carriers keep what they hold.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShiftableClock } from './clock.js';
import type { CredentialBook } from './credentials.js';

export const STATE_FILE = 'emulator-state.json';
const WRITE_DELAY_MS = 200;
/** After a failed write: a full disk is seldom freed within a second. */
const RETRY_DELAY_MS = 5_000;

type Encoded = null | boolean | number | string | Encoded[] | { [k: string]: Encoded };

function encode(value: unknown, seen: Map<object, number>): Encoded {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (value === null || typeof value !== 'object') return (value ?? null) as Encoded;
  const ref = seen.get(value);
  if (ref !== undefined) return { $ref: ref };
  const id = seen.size;
  seen.set(value, id);
  if (value instanceof Map) return { $id: id, $map: [...value].map(([k, v]) => [encode(k, seen), encode(v, seen)]) };
  if (Array.isArray(value)) return { $id: id, $array: value.map((v) => encode(v, seen)) };
  return { $id: id, $object: Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, encode(v, seen)])) };
}

function decode(value: Encoded, made: Map<number, unknown>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (typeof value.$date === 'string') return new Date(value.$date);
  if (typeof value.$bytes === 'string') return Buffer.from(value.$bytes, 'base64');
  if (typeof value.$ref === 'number') return made.get(value.$ref);
  const id = value.$id as number;
  if (Array.isArray(value.$map)) {
    const map = new Map();
    made.set(id, map);
    for (const pair of value.$map as Encoded[][]) map.set(decode(pair[0]!, made), decode(pair[1]!, made));
    return map;
  }
  if (Array.isArray(value.$array)) {
    const list: unknown[] = [];
    made.set(id, list);
    for (const v of value.$array) list.push(decode(v, made));
    return list;
  }
  const out: Record<string, unknown> = {};
  made.set(id, out);
  for (const [k, v] of Object.entries(value.$object as Record<string, Encoded>)) out[k] = decode(v, made);
  return out;
}

type Part = Map<unknown, unknown> | unknown[];

/** A carrier state's remembered parts: its own Map and list members (private fields are not enumerable). */
function partsOf(state: object): [string, Part][] {
  return Object.entries(state).filter((e): e is [string, Part] => e[1] instanceof Map || Array.isArray(e[1]));
}

export interface StatePersistence {
  /** Something changed: written shortly. */
  changed(): void;
  /** Writes what is pending now (on close). */
  flush(): void;
}

export function persistState(
  dir: string,
  parts: { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook },
  /** Told of a write that failed (it is tried again later). */
  onWriteError: (err: unknown) => void = () => {},
): StatePersistence {
  const file = join(dir, STATE_FILE);
  restore(file, parts);
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(write, ms);
    timer.unref();
  };
  function write(): void {
    timer = undefined;
    const carriers = Object.fromEntries(Object.entries(parts.states).map(([slug, state]) => [slug, Object.fromEntries(partsOf(state))]));
    const snapshot = { clock_offset_ms: parts.clock.offsetMs, credentials: parts.credentials.all(), carriers };
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // 0600: it holds the credentials the emulator issued.
      writeFileSync(tmp, JSON.stringify(encode(snapshot, new Map())), { mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      // The previous file stays whole (the new one was to replace it only once written).
      rmSync(tmp, { force: true });
      onWriteError(err);
      schedule(RETRY_DELAY_MS);
    }
  }
  return {
    changed() {
      if (!timer) schedule(WRITE_DELAY_MS);
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      write();
      // Closing: what could not be written now is not tried again.
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function restore(file: string, parts: { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook }): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const saved = decode(JSON.parse(text) as Encoded, new Map()) as {
    clock_offset_ms?: number;
    credentials?: Parameters<CredentialBook['add']>[0][];
    carriers?: Record<string, Record<string, Part>>;
  };
  if (saved.clock_offset_ms) parts.clock.advance(saved.clock_offset_ms);
  for (const c of saved.credentials ?? []) parts.credentials.add(c);
  for (const [slug, state] of Object.entries(parts.states)) {
    for (const [name, part] of partsOf(state)) {
      const kept = saved.carriers?.[slug]?.[name];
      if (part instanceof Map) for (const [k, v] of kept instanceof Map ? kept : []) part.set(k, v);
      else if (Array.isArray(kept)) part.push(...(kept as unknown[]));
    }
  }
}
