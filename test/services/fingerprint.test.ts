/**
 * The Idempotency-Key fingerprint of a large body (a batch's), hashed in pieces with the event loop
 * given turns in between: the same digest as hashing it at once, and turns given inside the body's
 * `batch.shipments`, two objects deep (they once were not: only objects holding an array directly
 * were taken apart, and a batch body was hashed whole).
 */
import { describe, expect, it } from 'vitest';
import { CanonicalJson, canonicalJson } from '../../src/foundations/canonical-json.js';
import { fingerprint, fingerprintInSlices } from '../../src/services/kernel/idempotency.js';
import { timeSlicer } from '../../src/foundations/time-slice.js';

const shipment = (i: number) => ({
  recipient: { name: `Bob ${i}`, street: undefined, city: 'New York' },
  packages: [{ weight: 2 }, { weight: i }],
  references: [],
  label_type: null,
  z: 1,
  a: [null, undefined, 'x'],
});
const body = {
  batch: { reference: 'monday', shipments: Array.from({ length: 50 }, (_, i) => shipment(i)) },
  flags: { on: true },
};

describe('fingerprintInSlices', () => {
  it('hashes as fingerprint does (sorted keys, undefined members left out, key order ignored)', async () => {
    expect(await fingerprintInSlices('POST', '/batches', body)).toBe(fingerprint('POST', '/batches', body));
    const reordered = { flags: { on: true }, batch: { shipments: body.batch.shipments, reference: 'monday' } };
    expect(await fingerprintInSlices('POST', '/batches', reordered)).toBe(fingerprint('POST', '/batches', body));
    for (const value of [null, 'x', 3, [], {}, [[[]]], { a: { b: { c: [1, { d: 2 }] } } }])
      expect(await fingerprintInSlices('POST', '/x', value)).toBe(fingerprint('POST', '/x', value));
    expect(await fingerprintInSlices('POST', '/batches', { batch: { shipments: [shipment(1)] } })).not.toBe(
      fingerprint('POST', '/batches', { batch: { shipments: [shipment(2)] } }),
    );
  });

  it('hashes shipments kept as their canonical text as the shipments themselves', async () => {
    // The route keeps each shipment of a batch as its text once read: a retry must still match.
    const asText = {
      ...body,
      batch: { ...body.batch, shipments: body.batch.shipments.map((s) => new CanonicalJson(canonicalJson(s))) },
    };
    expect(await fingerprintInSlices('POST', '/batches', asText)).toBe(fingerprint('POST', '/batches', body));
    expect(fingerprint('POST', '/batches', asText)).toBe(fingerprint('POST', '/batches', body));
  });

  it('gives the event loop turns between the shipments of a batch body', async () => {
    // A budget of 0: every piece past the first gives a turn, so the turns show without timing.
    let turns = 0;
    let hashing = true;
    const count = () => {
      if (!hashing) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await fingerprintInSlices('POST', '/batches', body, timeSlicer(0));
    hashing = false;
    expect(turns).toBeGreaterThanOrEqual(body.batch.shipments.length);
  });
});
