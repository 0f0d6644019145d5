/**
 * The emulator's state on disk is a snapshot and a journal of what changed since: each write appends
 * what the requests it answers changed, not the whole state. These tests open the state directory
 * again without closing the first (what a `kill -9` right after an answer leaves) and check that what
 * was answered is all there: values changed in place, values shared by two keys and a list, a record
 * cut short, a stop between a fold and the journal's emptying, and a state file from before the journal.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { systemClock } from '../../src/foundations/clock.js';
import { ShiftableClock } from '../../src/emulator/clock.js';
import { CredentialBook } from '../../src/emulator/credentials.js';
import { JOURNAL_FILE, persistState, STATE_FILE } from '../../src/emulator/persistence.js';
import { CREDENTIAL_MEMBERS } from '../../src/emulator/registry.js';
import { tempDirs } from '../support/temp-dir.js';

const tempDir = tempDirs();

interface Shipment {
  number: string;
  bookedAt: Date;
  label: Buffer;
  cancelledAt?: Date;
  pieces: { weight: number }[];
}

/** A carrier's state as the emulated carriers keep theirs: Maps and a list of the same shipments. */
class ShopState {
  readonly shipments = new Map<string, Shipment>();
  readonly byReference = new Map<string, Shipment[]>();
  readonly booked: Shipment[] = [];
}

/** A fresh state, opened on `dir` as a starting emulator opens it. */
function open(dir: string, foldBytes?: number) {
  const shop = new ShopState();
  const clock = new ShiftableClock(systemClock);
  const credentials = new CredentialBook(CREDENTIAL_MEMBERS);
  const persistence = persistState(dir, { states: { shop }, clock, credentials }, undefined, foldBytes);
  return { shop, clock, credentials, persistence };
}

let made = 0;
/** Books a shipment of two pieces as a carrier does: under each piece's number, in the list, by reference. */
function book(shop: ShopState, reference = 'ref'): Shipment {
  const n = ++made;
  const s: Shipment = {
    number: `S${n}`,
    bookedAt: new Date(Date.UTC(2026, 10, 2, 10, n)),
    label: Buffer.from(`label ${n}`),
    pieces: [{ weight: n }],
  };
  shop.shipments.set(`S${n}-1`, s);
  shop.shipments.set(`S${n}-2`, s);
  shop.booked.push(s);
  const list = shop.byReference.get(reference);
  if (list) list.push(s);
  else shop.byReference.set(reference, [s]);
  return s;
}

it('appends what each write changed, and an emulator opened after it (as after a kill -9) knows every answer', async () => {
  const dir = tempDir('journal');
  const first = open(dir);
  const sizes: number[] = [];
  for (let i = 0; i < 40; i++) {
    // A reference of each its own: a list under one key is written whole with each shipment added to it.
    book(first.shop, `ref-${i}`);
    await first.persistence.changed();
    sizes.push(statSync(join(dir, JOURNAL_FILE)).size);
  }
  // A write's size does not grow with the state: the 40th record is no larger than the 2nd.
  const grew = sizes.map((s, i) => s - (sizes[i - 1] ?? 0));
  expect(grew[39]).toBeLessThanOrEqual(grew[1]! + 40);
  expect(existsSync(join(dir, STATE_FILE))).toBe(false);

  const again = open(dir);
  expect(again.shop.booked.map((s) => s.number)).toEqual(first.shop.booked.map((s) => s.number));
  expect(again.shop.shipments.size).toBe(80);
  expect(again.shop.byReference.get('ref-39')).toEqual([again.shop.booked[39]]);
  const s = again.shop.booked[3]!;
  expect(s.bookedAt).toEqual(first.shop.booked[3]!.bookedAt);
  expect(s.label.toString()).toBe('label ' + s.number.slice(1));
});

it('keeps a change made in place on a stored value, and a value shared by keys and lists stays one value', async () => {
  const dir = tempDir('journal-shared');
  const first = open(dir);
  const a = book(first.shop);
  const b = book(first.shop);
  await first.persistence.changed();
  // Changed through what a lookup handed out, as a cancellation does: no Map.set.
  first.shop.shipments.get(`${a.number}-2`)!.cancelledAt = new Date(Date.UTC(2026, 10, 3));
  await first.persistence.changed();
  // Changed through what a list handed out, as a manifest does.
  for (const s of first.shop.booked.filter((x) => x === b)) s.pieces.push({ weight: 99 });
  first.shop.shipments.delete(`${b.number}-1`);
  await first.persistence.changed();

  const again = open(dir);
  const [ra, rb] = again.shop.booked;
  expect(ra!.cancelledAt).toEqual(new Date(Date.UTC(2026, 10, 3)));
  expect(again.shop.shipments.get(`${a.number}-1`)).toBe(ra);
  expect(again.shop.shipments.get(`${a.number}-2`)).toBe(ra);
  expect(again.shop.byReference.get('ref')).toEqual([ra, rb]);
  expect(again.shop.byReference.get('ref')![0]).toBe(ra);
  expect(rb!.pieces).toEqual([{ weight: b.pieces[0]!.weight }, { weight: 99 }]);
  expect(again.shop.shipments.has(`${b.number}-1`)).toBe(false);
  expect(again.shop.shipments.get(`${b.number}-2`)).toBe(rb);
});

it('keeps the clock and the credentials as they were last answered', async () => {
  const dir = tempDir('journal-clock');
  const first = open(dir);
  first.clock.advance(60_000);
  first.credentials.add({ carrier: 'carrier_a', id: 'mine', secret: 'my-secret' });
  first.credentials.add({ carrier: 'carrier_a', id: 'gone', secret: 'gone-secret' });
  await first.persistence.changed();
  first.credentials.forget({ carrier: 'carrier_a', id: 'gone', secret: 'gone-secret' });
  first.clock.reset();
  await first.persistence.changed();

  const again = open(dir);
  expect(again.clock.offsetMs).toBe(0);
  expect(again.credentials.knows('carrier_a', 'mine', 'my-secret')).toBe(true);
  expect(again.credentials.knows('carrier_a', 'gone', 'gone-secret')).toBe(false);
});

it('reads past a last record cut short by a stop during its write, and writes on after it', async () => {
  const dir = tempDir('journal-torn');
  const first = open(dir);
  book(first.shop);
  await first.persistence.changed();
  // What a stop in the middle of an append leaves: that write's answers never went out.
  appendFileSync(join(dir, JOURNAL_FILE), '\n{"g":0,"ops":[{"op":"set","slug":"shop","name":"ship');

  const second = open(dir);
  expect(second.shop.booked).toHaveLength(1);
  book(second.shop);
  await second.persistence.changed();

  const third = open(dir);
  expect(third.shop.booked.map((s) => s.number)).toEqual(second.shop.booked.map((s) => s.number));
  expect(third.shop.shipments.size).toBe(4);
});

it('folds the journal into the snapshot once it outgrows it, and a stop before the journal is emptied replays nothing twice', async () => {
  const dir = tempDir('journal-fold');
  const first = open(dir, 2_000);
  let before = '';
  for (let i = 0; i < 30; i++) {
    book(first.shop);
    if (existsSync(join(dir, JOURNAL_FILE))) before = readFileSync(join(dir, JOURNAL_FILE), 'utf8');
    await first.persistence.changed();
    if (existsSync(join(dir, STATE_FILE))) break;
  }
  expect(existsSync(join(dir, STATE_FILE))).toBe(true);
  expect(readFileSync(join(dir, JOURNAL_FILE), 'utf8')).toBe('');
  const booked = first.shop.booked.map((s) => s.number);

  // The snapshot was renamed into place and the process stopped before emptying the journal.
  writeFileSync(join(dir, JOURNAL_FILE), before);
  const again = open(dir);
  expect(again.shop.booked.map((s) => s.number)).toEqual(booked);
  expect(again.shop.byReference.get('ref')).toHaveLength(booked.length);
  expect(again.shop.shipments.get(`${booked[0]}-1`)).toBe(again.shop.booked[0]);
});

it('folds everything in when it closes', async () => {
  const dir = tempDir('journal-close');
  const first = open(dir);
  book(first.shop);
  await first.persistence.changed();
  await first.persistence.flush();
  expect(readFileSync(join(dir, JOURNAL_FILE), 'utf8')).toBe('');
  expect(open(dir).shop.booked).toHaveLength(1);
});

it('loads a state file written before the journal, shared values shared, and journals on top of it', async () => {
  const dir = tempDir('journal-old');
  // The format before the journal: the whole state, ids given in the order met, no generation.
  const shipment = {
    $id: 5,
    $object: {
      number: 'OLD1',
      bookedAt: { $date: '2026-11-01T09:00:00.000Z' },
      label: { $bytes: Buffer.from('old label').toString('base64') },
      pieces: { $id: 6, $array: [{ $id: 7, $object: { weight: 3 } }] },
    },
  };
  const old = {
    $id: 0,
    $object: {
      clock_offset_ms: 5_000,
      credentials: { $id: 1, $array: [{ $id: 2, $object: { carrier: 'carrier_a', id: 'old', secret: 'old-secret' } }] },
      carriers: {
        $id: 3,
        $object: {
          shop: {
            $id: 4,
            $object: {
              shipments: {
                $id: 8,
                $map: [
                  ['OLD1-1', shipment],
                  ['OLD1-2', { $ref: 5 }],
                ],
              },
              byReference: { $id: 9, $map: [['ref', { $id: 10, $array: [{ $ref: 5 }] }]] },
              booked: { $id: 11, $array: [{ $ref: 5 }] },
            },
          },
        },
      },
    },
  };
  writeFileSync(join(dir, STATE_FILE), JSON.stringify(old));

  const first = open(dir);
  const s = first.shop.booked[0]!;
  expect(first.shop.shipments.get('OLD1-1')).toBe(s);
  expect(first.shop.shipments.get('OLD1-2')).toBe(s);
  expect(first.shop.byReference.get('ref')![0]).toBe(s);
  expect(s.label.toString()).toBe('old label');
  expect(first.clock.offsetMs).toBe(5_000);
  expect(first.credentials.knows('carrier_a', 'old', 'old-secret')).toBe(true);
  s.cancelledAt = new Date(Date.UTC(2026, 10, 4));
  book(first.shop);
  await first.persistence.changed();

  const again = open(dir);
  expect(again.shop.booked.map((x) => x.number)).toEqual(['OLD1', first.shop.booked[1]!.number]);
  expect(again.shop.shipments.get('OLD1-2')!.cancelledAt).toEqual(new Date(Date.UTC(2026, 10, 4)));
  expect(again.shop.shipments.get('OLD1-2')).toBe(again.shop.booked[0]);
  expect(again.clock.offsetMs).toBe(5_000);
});

it('restores a list of half a million entries from its snapshot (spread into one call, it overflowed the stack)', async () => {
  const dir = tempDir('journal-long');
  const state = { seen: [] as number[] };
  const persistence = persistState(dir, {
    states: { counter: state },
    clock: new ShiftableClock(systemClock),
    credentials: new CredentialBook(CREDENTIAL_MEMBERS),
  });
  for (let i = 0; i < 500_000; i++) state.seen.push(i);
  await persistence.changed();
  await persistence.flush();
  expect(readFileSync(join(dir, JOURNAL_FILE), 'utf8')).toBe('');

  const again = { seen: [] as number[] };
  persistState(dir, {
    states: { counter: again },
    clock: new ShiftableClock(systemClock),
    credentials: new CredentialBook(CREDENTIAL_MEMBERS),
  });
  expect(again.seen).toHaveLength(500_000);
  expect(again.seen[499_999]).toBe(499_999);
});
