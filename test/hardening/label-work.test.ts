/**
 * Finding: carrier_b answers PNG labels, and a shipment asked as PDF had each one placed on a PDF
 * page by pdf-lib on the event loop (about 70 ms a label): a /ship of 200 packages held every other
 * request, /healthz included, for 13 s. The label work now runs on worker threads, and what one
 * request may ask of them is bounded.
 */
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_JOB_LABELS } from '../../src/documents/label-work.js';
import { useCarrierB } from '../contract/carrier_b.support.js';
import { shipment } from '../contract/support.js';
import { expectError } from '../support/app.js';

const s = useCarrierB();
const PACKAGES = 20;

/** A PNG signature and IHDR claiming `width` × `height` pixels, with no image data behind it. */
function pngHeader(width: number, height: number): string {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 0, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]).toString('base64');
}

describe('carrier_b PDF labels', () => {
  it('are made while /healthz keeps answering: no label holds the event loop', async () => {
    await s.t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
    const packages = Array.from({ length: PACKAGES }, () => ({
      weight: 2,
      length: 10,
      width: 8,
      height: 4,
      value: 50,
    }));
    let done = false;
    const booking = fetch(`${base}/ship`, {
      method: 'POST',
      headers: { zkkey: s.key, 'content-type': 'application/json' },
      body: JSON.stringify(
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'PDF', include_base64_label: true, packages }),
      ),
    }).finally(() => (done = true));
    // The carrier's answer is logged once read; from then on the booking is the labels' work.
    const carrierAnswered = () => s.t.logs.some((l) => l.includes('"carrier call"') && l.includes('/shipments/'));
    let answeredDuringLabels = 0;
    while (!done) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (carrierAnswered() && !done) answeredDuringLabels++;
    }
    const res = await booking;
    const body = (await res.json()) as { shipment: { packages: { label: string }[] } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.shipment.packages).toHaveLength(PACKAGES);
    for (const p of body.shipment.packages)
      expect((await PDFDocument.load(Buffer.from(p.label, 'base64'))).getPageCount()).toBe(1);
    // On the event loop, the 20 labels left no gap for a single /healthz between the carrier's
    // answer and the response; on the threads, the event loop answers it throughout.
    expect(answeredDuringLabels).toBeGreaterThanOrEqual(PACKAGES);
  }, 120_000);
});

describe('POST /merge', () => {
  it('refuses a job larger than one job may be before any work, in the error shape', async () => {
    const bomb = expectError(
      await s.t.call('POST', '/merge', s.key, { file_type: 'png', files: [pngHeader(100_000, 100_000)] }),
      413,
      'payload_too_large',
    );
    expect(bomb).toMatchObject({
      message: `Label 0 is an image of 10000000000 pixels; at most ${MAX_IMAGE_PIXELS} are converted`,
      detail: 'labels[0]',
    });
    // Each image allowed alone, too many pixels together.
    const many = Array.from({ length: MAX_JOB_LABELS }, () => pngHeader(4_000, 4_000));
    expectError(await s.t.call('POST', '/merge', s.key, { file_type: 'png', files: many }), 413, 'payload_too_large');
    // The pool is still there for a job of the right size.
    const ok = await s.t.call('POST', '/merge', s.key, { file_type: 'png', files: [PNG_1X1, PNG_1X1] });
    expect(ok.status, ok.raw).toBe(200);
    expect((await PDFDocument.load(Buffer.from(ok.body.pdf, 'base64'))).getPageCount()).toBe(2);
  });
});

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
