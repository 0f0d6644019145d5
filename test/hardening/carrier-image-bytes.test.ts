/**
 * Finding: a carrier's label bytes are outside input, and damaged ones reached the decoders: a PNG
 * cut off inside its image data made pdf-lib's decoder spin for good on a label thread (a carrier_b
 * label asked as PDF, a combined label, POST /merge), a PDF whose page tree could not be walked
 * answered 500 from splitPdf (carrier_b's lookup) and the print file's pdf-lib copy, and the print
 * file broke off at such a label. Now every path answers a clear error (or, mid-stream, leaves the
 * label out), and the label threads stay free for the next job.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { renderLabel } from '../../src/documents/drawing/labels.js';
import { labelStock } from '../../src/documents/drawing/layout.js';
import { createLabelPool } from '../../src/documents/label-pool.js';
import { pdfPrintFile } from '../../src/documents/print-file.js';
import { ApiError } from '../../src/domain/errors.js';
import { httpStatus } from '../../src/http/errors.js';
import { expectError, useTestApp } from '../support/app.js';

const pool = createLabelPool({ threads: 1 });
afterAll(() => pool.close());
const s = useTestApp();

const data = {
  trackingNumber: '1Z999AA10000000001',
  service: 'GROUND',
  from: ['ANN'],
  to: ['BOB'],
  weight: '2 LB',
  shipDate: '2026-11-28',
};
const drawn = (format: 'PNG' | 'PDF' | 'GIF') => renderLabel(format, labelStock(4, 6), data);

async function damaged(): Promise<Record<string, Uint8Array>> {
  const [png, pdf, gif] = await Promise.all([drawn('PNG'), drawn('PDF'), drawn('GIF')]);
  return {
    'a PNG cut off inside its image data': png.subarray(0, png.length >> 1),
    'a PNG signature alone': png.subarray(0, 12),
    'a PNG without its last chunk': png.subarray(0, png.length - 12),
    'a PDF cut in half': pdf.subarray(0, pdf.length >> 1),
    'a PDF header and garbage': Buffer.from('%PDF-1.7\n1 0 obj garbage'),
    'a GIF cut off': gif.subarray(0, 40),
    garbage: Buffer.from('not a label at all'),
  };
}

/** Each job answers, whatever it answers; a refusal is an ApiError of a 4xx or 502, never a 500. */
async function outcome(job: Promise<unknown>): Promise<string> {
  try {
    await job;
    return 'done';
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const status = httpStatus(err as ApiError);
    expect(
      status === 502 || (status >= 400 && status < 500),
      `${(err as ApiError).code}: ${(err as Error).message}`,
    ).toBe(true);
    return String(status);
  }
}

describe('damaged label bytes on every path to a decoder', () => {
  it('conversion, rasterising, splitting, merging and combining answer a clear error, and the thread is free after', async () => {
    for (const [what, bytes] of Object.entries(await damaged())) {
      const jobs = {
        'PNG labels combined as a PDF': () => pool.combineLabels('PNG', [bytes]),
        'PDF labels combined': () => pool.combineLabels('PDF', [bytes]),
        'GIF labels combined': () => pool.combineLabels('GIF', [bytes]),
        'a PDF drawn as a PNG': () => pool.pdfToPng(bytes),
        'a PDF split into pages': () => pool.splitPdf(bytes),
        'PDFs merged': () => pool.mergePdfs([bytes]),
        "a label's pages copied for a print file": () => pool.copyPdfPages(bytes, 10, 2),
      };
      for (const [path, job] of Object.entries(jobs)) {
        // A PDF cut in half is still read by pdf-lib's lenient parser; nothing else here is whole.
        const answer = await outcome(job());
        if (what !== 'a PDF cut in half' || !/combined|split|merged|copied/.test(path))
          expect(answer, `${what}: ${path}`).not.toBe('done');
      }
    }
    // One thread, and every job answered: none of them holds it.
    expect((await pool.combineLabels('PNG', [await drawn('PNG')])).format).toBe('PDF');
  }, 120_000);

  it('the print file leaves out a label no reader can read, and stays a whole PDF of the others', async () => {
    const good = await drawn('PDF');
    const labels = [good, Buffer.from('%PDF-1.7\n1 0 obj garbage'), good];
    const warnings: string[] = [];
    const parts: Buffer[] = [];
    for await (const part of pdfPrintFile(
      (async function* () {
        yield* labels;
      })(),
      pool,
      { warn: ((_: unknown, m: string) => void warnings.push(m)) as never },
    ))
      parts.push(part);
    expect((await PDFDocument.load(Buffer.concat(parts))).getPageCount()).toBe(2);
    expect(warnings.join('\n')).toContain('1 of 3 labels left out, unreadable as PDF');
  }, 60_000);

  it('POST /merge answers a PNG cut off inside its image data with a 400, and the service goes on', async () => {
    const png = await drawn('PNG');
    const err = expectError(
      await s.t.call('POST', '/merge', s.key, {
        file_type: 'png',
        files: [png.toString('base64'), png.subarray(0, png.length >> 1).toString('base64')],
      }),
      400,
      'schema_validation_error',
    );
    expect(err).toMatchObject({ detail: 'labels[1]', message: 'Label 1 is not a readable PNG image' });
    const ok = await s.t.call('POST', '/merge', s.key, { file_type: 'png', files: [png.toString('base64')] });
    expect(ok.status, ok.raw).toBe(200);
  }, 60_000);
});
