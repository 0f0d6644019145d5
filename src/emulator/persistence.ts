/**
 * What the emulated carriers remember across a restart when the emulator has a state directory (the
 * data directory of `waybill serve`), as a carrier would: bookings, pickups, accounts and balances
 * (every Map a carrier's state holds), the credentials it issued, and its clock. Tokens and faults
 * are not kept: a carrier's tokens outlive no restart of the client's either, and a fault is a test's.
 *
 * What a request changed is on disk before it is answered, as a carrier's booking is: a label the
 * emulator answered with is still known after any stop, a `kill -9` included (a write that waited a
 * moment after the answer was lost to a stop that came first). Requests answered together share one
 * write (the file is written whole, one write at a time; what changes meanwhile waits for the next),
 * and the emulator writes once more when it closes. A value shared by two keys (a shipment under
 * each package's tracking number) is written once and shared again when read. A write that fails
 * (a full disk) is reported, its answers are let go, and it is tried again a little later; it never
 * ends the process, and the carriers keep what they hold.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShiftableClock } from './clock.js';
import type { CredentialBook } from './credentials.js';

export const STATE_FILE = 'emulator-state.json';
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
  // Plain loops and assignments: the whole state is encoded before every write, and entries, filter,
  // map and fromEntries made it twice as slow (42 against 21 ms of CPU for the state of 2,020 bookings).
  if (value instanceof Map) {
    const pairs: Encoded[] = [];
    for (const [k, v] of value) pairs.push([encode(k, seen), encode(v, seen)]);
    return { $id: id, $map: pairs };
  }
  if (Array.isArray(value)) {
    const list: Encoded[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) list[i] = encode(value[i], seen);
    return { $id: id, $array: list };
  }
  const members: { [k: string]: Encoded } = {};
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    // An assignment to __proto__ would set the prototype, not a member.
    if (k === '__proto__')
      Object.defineProperty(members, k, {
        value: encode(v, seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else members[k] = encode(v, seen);
  }
  return { $id: id, $object: members };
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
  /** Something changed: resolves once it is on disk (or once writing it failed, which is reported and tried again later). */
  changed(): Promise<void>;
  /** Writes what is not written yet, after the write under way (on close); a failure is reported, not tried again. */
  flush(): Promise<void>;
}

export function persistState(
  dir: string,
  parts: { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook },
  /** Told of a write that failed (it is tried again later). */
  onWriteError: (err: unknown) => void = () => {},
): StatePersistence {
  const file = join(dir, STATE_FILE);
  restore(file, parts);
  /** Something changed since the last write began. */
  let dirty = false;
  /** The write under way, if any. */
  let writing: Promise<void> | undefined;
  /** The write that takes what changed since `writing` began: every request that changed something meanwhile waits for it. */
  let next: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let writes = 0;
  let closed = false;

  /** The state as the file's text, taken at once so that what changes later goes into the next write. */
  function snapshot(): string {
    dirty = false;
    const carriers = Object.fromEntries(
      Object.entries(parts.states).map(([slug, state]) => [slug, Object.fromEntries(partsOf(state))]),
    );
    return JSON.stringify(
      encode({ clock_offset_ms: parts.clock.offsetMs, credentials: parts.credentials.all(), carriers }, new Map()),
    );
  }
  // A temporary name of each write's own: a write never renames another's half-written file.
  const tmpName = () => `${file}.${process.pid}.${++writes}.tmp`;

  async function write(): Promise<void> {
    const tmp = tmpName();
    try {
      const text = snapshot();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // 0600: it holds the credentials the emulator issued.
      await writeFile(tmp, text, { mode: 0o600 });
      await rename(tmp, file);
    } catch (err) {
      // The previous file stays whole (the new one was to replace it only once written).
      // A temporary file that cannot be removed either is left for the next write to replace: this
      // runs from a retry timer too, where a rejection would end the process.
      await rm(tmp, { force: true }).catch(() => undefined);
      dirty = true;
      onWriteError(err);
      if (!closed && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void changed();
        }, RETRY_DELAY_MS);
        retry.unref();
      }
    }
  }

  function changed(): Promise<void> {
    dirty = true;
    next ??= (async () => {
      await writing;
      // Answers that changed something in the same turn share this write.
      await new Promise<void>((resolve) => setImmediate(resolve));
      next = undefined;
      const current = write();
      writing = current;
      await current;
      if (writing === current) writing = undefined;
    })();
    return next;
  }

  return {
    changed,
    async flush() {
      closed = true;
      clearTimeout(retry);
      retry = undefined;
      await next;
      await writing;
      if (!dirty) return;
      const text = snapshot();
      const tmp = tmpName();
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(tmp, text, { mode: 0o600 });
        renameSync(tmp, file);
      } catch (err) {
        rmSync(tmp, { force: true });
        onWriteError(err);
      }
    },
  };
}

function restore(
  file: string,
  parts: { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook },
): void {
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
