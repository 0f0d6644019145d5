/**
 * The label work threads with their real heap limits: the largest job fits, a thread's refusal
 * comes back as the same ApiError as on the event loop, and the backlog refuses past its bound.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLabelPool } from '../../src/documents/label-pool.js';
import { MAX_JOB_LABELS, imagePixels } from '../../src/documents/label-work.js';
import { combineLabels, copyPdfPages, splitPdf } from '../../src/documents/labels.js';
import { labelStock, renderLabel, type LabelFormat } from '../../src/documents/drawing/labels.js';

const pool = createLabelPool({ threads: 1, maxBacklog: 10 });
afterAll(() => pool.close());

const label = async (format: LabelFormat) =>
  new Uint8Array(
    await renderLabel(format, labelStock(4, 6), {
      trackingNumber: '1Z999AA10123456784',
      service: 'GROUND',
      from: ['Sender', 'Atlanta GA'],
      to: ['Recipient', 'Toronto ON'],
      weight: '2 LB',
      shipDate: '2026-11-26',
    }),
  );

describe('the label work pool', () => {
  it('places an image on a page as the event loop did, and merges the largest job within its heap', async () => {
    const png = await label('PNG');
    const [threaded, inline] = await Promise.all([pool.combineLabels('PNG', [png]), combineLabels('PNG', [png])]);
    expect(threaded.format).toBe('PDF');
    const pages = async (bytes: Uint8Array) =>
      (await PDFDocument.load(bytes)).getPages().map((p) => [p.getWidth(), p.getHeight()]);
    expect(await pages(threaded.bytes)).toEqual(await pages(inline.bytes));
    const merged = await pool.mergePdfs(Array.from({ length: MAX_JOB_LABELS }, () => threaded.bytes));
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(MAX_JOB_LABELS);
    // Printer languages are joined as before (on the event loop: a copy of bytes).
    const zpl = new TextEncoder().encode('^XA^XZ');
    expect(await pool.combineLabels('ZPL', [zpl, zpl])).toEqual({
      format: 'ZPL',
      bytes: new TextEncoder().encode('^XA^XZ\n^XA^XZ'),
    });
  }, 60_000);

  it("copies a label's pages for the print file object for object as on the event loop", async () => {
    const pdf = (await combineLabels('PNG', [await label('PNG')])).bytes;
    const [threaded, inline] = await Promise.all([pool.copyPdfPages(pdf, 40, 2), copyPdfPages(pdf, 40, 2)]);
    expect(threaded).toEqual(inline);
    expect(threaded.pages[0]).toBeGreaterThanOrEqual(40);
  });

  it('splits a PDF of several labels into one PDF a page, as on the event loop', async () => {
    const pages = [await label('PDF'), await label('PDF'), await label('PDF')];
    const one = await pool.mergePdfs(pages);
    const [threaded, inline] = await Promise.all([pool.splitPdf(one), splitPdf(one)]);
    expect(threaded).toHaveLength(3);
    expect(inline).toHaveLength(3);
    for (const page of threaded) expect((await PDFDocument.load(page)).getPageCount()).toBe(1);
    await expect(pool.splitPdf(new TextEncoder().encode('not a pdf'))).rejects.toMatchObject({
      name: 'ApiError',
      code: 'schema_validation_error',
      detail: 'pdf',
    });
  });

  it("answers a thread's refusal as the same ApiError", async () => {
    await expect(pool.combineLabels('PNG', [new Uint8Array([1, 2, 3])])).rejects.toMatchObject({
      name: 'ApiError',
      code: 'schema_validation_error',
      message: 'Label 0 is not a readable PNG image',
      detail: 'labels[0]',
    });
    await expect(pool.mergePdfs([new Uint8Array([1])])).rejects.toMatchObject({
      code: 'schema_validation_error',
      detail: 'files[0]',
    });
  });

  it('admits work up to its backlog, then refuses with 503 and Retry-After until work is done', () => {
    const first = pool.admit(6);
    const second = pool.admit(4);
    let refused: unknown;
    try {
      pool.admit(1);
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ code: 'service_unavailable', detail: 'label work', retryAfter: 15 });
    first();
    first();
    pool.admit(6)();
    second();
  });

  it('reads the pixels of PNG and JPEG images from their headers', async () => {
    expect(imagePixels(await label('PNG'))).toBe(800 * 1200);
    expect(imagePixels(await label('JPEG'))).toBe(800 * 1200);
    expect(imagePixels(new TextEncoder().encode('%PDF-1.7'))).toBeUndefined();
  });
});
