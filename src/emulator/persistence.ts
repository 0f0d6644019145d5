/**
 * What the emulated carriers remember across a restart when the emulator has a state directory (the
 * data directory of `waybill serve`), as a carrier would: bookings, pickups, accounts and balances
 * (every Map and list a carrier's state holds), the credentials it issued, and its clock. Tokens and
 * faults are not kept: a carrier's tokens outlive no restart of the client's either, and a fault is a test's.
 *
 * What a request changed is on disk before it is answered, as a carrier's booking is: a label the
 * emulator answered with is still known after any stop, a `kill -9` included (a write that waited a
 * moment after the answer was lost to a stop that came first). A write holds what changed, not the
 * whole state (which grows with every booking): one line appended to a journal for the requests
 * answered together (one write at a time; what changes meanwhile waits for the next), found by
 * watching the parts (state-changes.ts). The journal is folded into a snapshot of the whole state
 * once it is larger than the snapshot, and when the emulator closes; a snapshot starts a new
 * generation, and records of another are not read, so a stop between the two loses nothing and
 * replays nothing twice. A value shared by two keys (a shipment under each package's tracking
 * number) is written as one object with one id, and a record naming that id changes it in place
 * when read back, so it stays shared. A write that fails (a full disk) is reported, its answers are
 * let go, and the next write, a little later, is the whole state; it never ends the process, and the
 * carriers keep what they hold. A state file written before the journal (no generation) still loads.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShiftableClock } from './clock.js';
import type { CredentialBook, KnownCredential } from './credentials.js';
import { StateChanges, type Part } from './state-changes.js';
import { decode, encode, ObjectIds, type Encoded } from './state-codec.js';

/** The whole state as of the last fold. */
export const STATE_FILE = 'emulator-state.json';
/** What changed since, a line for each write. */
export const JOURNAL_FILE = 'emulator-state.journal';
/** After a failed write: a full disk is seldom freed within a second. */
const RETRY_DELAY_MS = 5_000;
/** A journal is not folded into the snapshot before it holds this much (a small state's folds would be most writes). */
const MIN_FOLD_BYTES = 1 << 20;

type Parts = { states: Record<string, object>; clock: ShiftableClock; credentials: CredentialBook };

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
  parts: Parts,
  /** Told of a write that failed (it is tried again later). */
  onWriteError: (err: unknown) => void = () => {},
  /** The least journal folded into the snapshot (smaller in tests). */
  foldBytes = MIN_FOLD_BYTES,
): StatePersistence {
  const file = join(dir, STATE_FILE);
  const journal = join(dir, JOURNAL_FILE);
  const ids = new ObjectIds();
  const restored = restore(dir, parts, ids);
  /** The snapshot's generation: records of another are not read (the snapshot written after them holds them). */
  let generation = restored.generation;
  let snapshotBytes = restored.snapshotBytes;
  let journalBytes = restored.journalBytes;
  const changes = new StateChanges();
  /** Every remembered part by its carrier and name, the list behind its proxy. */
  const named = new Map<Part, { slug: string; name: string }>();
  for (const [slug, state] of Object.entries(parts.states))
    for (const [name, part] of partsOf(state)) {
      named.set(part, { slug, name });
      if (part instanceof Map) changes.watchMap(part);
      else (state as Record<string, unknown>)[name] = changes.watchList(part);
    }
  /** Something changed since the last write began. */
  let dirty = false;
  /** The next write is the whole state: a record was lost, or the journal outgrew the snapshot. */
  let fold = false;
  /** This process added records since the last snapshot: closing folds them in. */
  let appended = false;
  /** What the last write held of the clock and the credentials (records hold them when they changed). */
  let written = { clock: NaN, credentials: '' };
  /** The write under way, if any. */
  let writing: Promise<void> | undefined;
  /** The write that takes what changed since `writing` began: every request that changed something meanwhile waits for it. */
  let next: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let writes = 0;
  let closed = false;

  function clockAndCredentials(): { clock: number; credentials: string; list: Encoded[] } {
    const list = parts.credentials.all() as unknown as Encoded[];
    return { clock: parts.clock.offsetMs, credentials: JSON.stringify(list), list };
  }

  /** The whole state as the snapshot's text, taken at once: what changes later goes into the next write. */
  function snapshot(): string {
    dirty = false;
    changes.take();
    generation++;
    const carriers: Record<string, Record<string, Part>> = {};
    for (const [part, { slug, name }] of named) (carriers[slug] ??= {})[name] = part;
    const now = clockAndCredentials();
    written = now;
    return JSON.stringify(
      encode({ generation, clock_offset_ms: now.clock, credentials: now.list, carriers }, ids, new Set()),
    );
  }

  /** What changed since the last write as one journal line, taken at once; nothing when nothing did (a rate's POST). */
  function record(): string | undefined {
    dirty = false;
    const seen = new Set<object>();
    const enc = (v: unknown) => encode(v, ids, seen);
    const ops: Encoded[] = [];
    for (const [part, change] of changes.take()) {
      const { slug, name } = named.get(part)!;
      if (part instanceof Map) {
        if (change.whole) {
          const pairs: Encoded[] = [];
          for (const [k, v] of Map.prototype.entries.call(part)) pairs.push([enc(k), enc(v)]);
          ops.push({ op: 'map', slug, name, pairs });
        } else
          for (const k of change.keys)
            ops.push(
              Map.prototype.has.call(part, k)
                ? { op: 'set', slug, name, key: enc(k), value: enc(Map.prototype.get.call(part, k)) }
                : { op: 'delete', slug, name, key: enc(k) },
            );
      } else {
        const from = change.whole ? 0 : Math.min(change.from, part.length);
        if (change.whole || from < part.length)
          ops.push({ op: change.whole ? 'list' : 'push', slug, name, from, items: part.slice(from).map(enc) });
      }
    }
    const line: Record<string, Encoded> = { g: generation, ops };
    const now = clockAndCredentials();
    if (now.clock !== written.clock) line.clock_offset_ms = now.clock;
    if (now.credentials !== written.credentials) line.credentials = now.list;
    written = now;
    if (!ops.length && line.clock_offset_ms === undefined && !line.credentials) return undefined;
    // Each record begins a line of its own: a record cut short by a stop mid-write (never answered)
    // is a line that does not parse, and what is appended after it still starts clean.
    return `\n${JSON.stringify(line)}`;
  }
  // A temporary name of each write's own: a write never renames another's half-written file.
  const tmpName = () => `${file}.${process.pid}.${++writes}.tmp`;

  async function write(): Promise<void> {
    const tmp = tmpName();
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // The journal is folded in once it is larger than the snapshot: every byte of a fold is paid
      // for by as many bytes of records, so the disk written stays in proportion to what changed.
      if (fold || journalBytes > Math.max(foldBytes, snapshotBytes)) {
        fold = true;
        const text = snapshot();
        // 0600: it holds the credentials the emulator issued.
        await writeFile(tmp, text, { mode: 0o600 });
        await rename(tmp, file);
        fold = appended = false;
        snapshotBytes = text.length;
        // The records before are of the generation before: emptying the journal only saves reading them.
        await writeFile(journal, '', { mode: 0o600 });
        journalBytes = 0;
      } else {
        const text = record();
        if (text === undefined) return;
        await appendFile(journal, text, { mode: 0o600 });
        appended = true;
        journalBytes += text.length;
      }
    } catch (err) {
      // The previous snapshot stays whole (the new one was to replace it only once written), and a
      // record that did not reach the disk is in memory only: the next write is the whole state.
      // A temporary file that cannot be removed either is left for the next write to replace: this
      // runs from a retry timer too, where a rejection would end the process.
      await rm(tmp, { force: true }).catch(() => undefined);
      dirty = fold = true;
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
      if (!dirty && !appended && !fold) return;
      const text = snapshot();
      const tmp = tmpName();
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(tmp, text, { mode: 0o600 });
        renameSync(tmp, file);
        writeFileSync(journal, '', { mode: 0o600 });
      } catch (err) {
        rmSync(tmp, { force: true });
        onWriteError(err);
      }
    },
  };
}

type Op =
  | { op: 'map'; slug: string; name: string; pairs: Encoded[][] }
  | { op: 'set' | 'delete'; slug: string; name: string; key: Encoded; value?: Encoded }
  | { op: 'list' | 'push'; slug: string; name: string; from: number; items: Encoded[] };

/** What the directory holds, put into the carriers' parts (before they are watched). */
function restore(dir: string, parts: Parts, ids: ObjectIds) {
  const made = new Map<number, unknown>();
  const text = readIfThere(join(dir, STATE_FILE));
  const saved = (text ? decode(JSON.parse(text) as Encoded, made, ids) : {}) as {
    generation?: number;
    clock_offset_ms?: number;
    credentials?: KnownCredential[];
    carriers?: Record<string, Record<string, Part>>;
  };
  const generation = saved.generation ?? 0;
  if (saved.clock_offset_ms) parts.clock.advance(saved.clock_offset_ms);
  for (const c of saved.credentials ?? []) parts.credentials.add(c);
  const live = new Map<string, Part>();
  for (const [slug, state] of Object.entries(parts.states)) {
    for (const [name, part] of partsOf(state)) {
      live.set(`${slug}\n${name}`, part);
      const kept = saved.carriers?.[slug]?.[name];
      if (part instanceof Map) for (const [k, v] of kept instanceof Map ? kept : []) part.set(k, v);
      else if (Array.isArray(kept)) for (const v of kept as unknown[]) part.push(v); // not spread: a long list overflowed the stack
    }
  }
  const journal = readIfThere(join(dir, JOURNAL_FILE)) ?? '';
  for (const line of journal.split('\n')) {
    let entry: { g: number; ops: Op[]; clock_offset_ms?: number; credentials?: KnownCredential[] };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // empty, or cut short by a stop during its write: it was never answered
    }
    if (entry.g !== generation) continue;
    if (entry.clock_offset_ms !== undefined) parts.clock.advance(entry.clock_offset_ms - parts.clock.offsetMs);
    if (entry.credentials) {
      const now = new Set(entry.credentials.map((c) => `${c.carrier}\n${c.id}\n${c.secret}`));
      for (const c of parts.credentials.all())
        if (!now.has(`${c.carrier}\n${c.id}\n${c.secret}`)) parts.credentials.forget(c);
      for (const c of entry.credentials) parts.credentials.add(c);
    }
    for (const op of entry.ops) {
      const part = live.get(`${op.slug}\n${op.name}`);
      const read = (v: Encoded) => decode(v, made, ids);
      if (part instanceof Map) {
        if (op.op === 'map') {
          part.clear();
          for (const [k, v] of op.pairs) part.set(read(k!), read(v!));
        } else if (op.op === 'set') part.set(read(op.key), read(op.value!));
        else if (op.op === 'delete') part.delete(read(op.key));
      } else if (Array.isArray(part) && (op.op === 'list' || op.op === 'push')) {
        part.length = op.from;
        for (const v of op.items) part.push(read(v));
      }
    }
  }
  return { generation, snapshotBytes: text?.length ?? 0, journalBytes: journal.length };
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
