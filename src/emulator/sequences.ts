/**
 * The emulator's number sequences (tracking numbers, pickup and form numbers). In memory they start
 * at 0 in every instance, which keeps numbers predictable for tests. With a state directory (the
 * embedded emulator of `waybill serve` gets the data directory) they survive a restart: the service
 * stores the numbers the emulator handed out, and a number handed out again after a restart would
 * collide with a stored shipment.
 *
 * The file holds, per sequence, the first number not yet reserved. Numbers are reserved in blocks so
 * that the file is written once per block, not once per label; a restart skips what is left of the
 * block, which no sequence's number format notices.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sequences {
  /** The next value of the named sequence: 0, 1, 2, … for the life of its store. */
  take(name: string): number;
}

export const SEQUENCES_FILE = 'emulator-sequences.json';
const BLOCK = 100;

export function memorySequences(): Sequences {
  const next = new Map<string, number>();
  return {
    take(name) {
      const value = next.get(name) ?? 0;
      next.set(name, value + 1);
      return value;
    },
  };
}

/** Sequences reserved in `<dir>/emulator-sequences.json`, which is created when missing. */
export function fileSequences(dir: string): Sequences {
  const file = join(dir, SEQUENCES_FILE);
  const reserved = new Map<string, number>(Object.entries(readReserved(file)));
  // Whatever an earlier run reserved may have been handed out: start past it.
  const next = new Map(reserved);
  const save = (): void => {
    // The service's data directory when it runs the emulator: owner only, as the service makes it.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(reserved), null, 2)}\n`);
    renameSync(tmp, file);
  };
  return {
    take(name) {
      const value = next.get(name) ?? 0;
      if (value >= (reserved.get(name) ?? 0)) {
        reserved.set(name, value + BLOCK);
        save();
      }
      next.set(name, value + 1);
      return value;
    },
  };
}

function readReserved(file: string): Record<string, number> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: not a JSON object`);
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error(`${file}: ${name} is not a count`);
    out[name] = value as number;
  }
  return out;
}
