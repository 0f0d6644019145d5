/**
 * What the emulated carriers remember across a restart when the emulator has a state directory (the
 * data directory of `waybill serve`), as a carrier would: bookings, pickups, accounts and balances
 * (every Map a carrier's state holds), the credentials it issued, and its clock. Tokens and faults
 * are not kept: a carrier's tokens outlive no restart of the client's either, and a fault is a test's.
 *
 * The file is written a moment after the request that changed something (many bookings, one write)
 * and when the emulator closes; a value shared by two keys (a shipment under each package's tracking
 * number) is written once and shared again when read.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShiftableClock } from './clock.js';
import type { CredentialBook } from './credentials.js';

export const STATE_FILE = 'emulator-state.json';
const WRITE_DELAY_MS = 200;

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

/** A carrier state's remembered parts: its own Map members (private fields are not enumerable). */
function mapsOf(state: object): [string, Map<unknown, unknown>][] {
  return Object.entries(state).filter((e): e is [string, Map<unknown, unknown>] => e[1] instanceof Map);
}

export interface StatePersistence {
  /** Something changed: written shortly. */
  changed(): void;
  /** Writes what is pending now (on close). */
  flush(): void;
}

export function persistState(dir: string, parts: { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook }): StatePersistence {
  const file = join(dir, STATE_FILE);
  restore(file, parts);
  let timer: NodeJS.Timeout | undefined;
  const write = (): void => {
    timer = undefined;
    const carriers = Object.fromEntries(Object.entries(parts.states).map(([slug, state]) => [slug, Object.fromEntries(mapsOf(state))]));
    const snapshot = { clock_offset_ms: parts.clock.offsetMs, credentials: parts.credentials.all(), carriers };
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    // 0600: it holds the credentials the emulator issued.
    writeFileSync(tmp, JSON.stringify(encode(snapshot, new Map())), { mode: 0o600 });
    renameSync(tmp, file);
  };
  return {
    changed() {
      if (timer) return;
      timer = setTimeout(write, WRITE_DELAY_MS);
      timer.unref();
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      write();
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
    carriers?: Record<string, Record<string, Map<unknown, unknown>>>;
  };
  if (saved.clock_offset_ms) parts.clock.advance(saved.clock_offset_ms);
  for (const c of saved.credentials ?? []) parts.credentials.add(c);
  for (const [slug, state] of Object.entries(parts.states)) {
    for (const [name, map] of mapsOf(state)) {
      for (const [k, v] of saved.carriers?.[slug]?.[name] ?? []) map.set(k, v);
    }
  }
}
