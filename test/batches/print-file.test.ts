/**
 * The PDF print file with labels far larger than carriers send: a 300-page one and one with a
 * 20 MB stream still print, and the pages come out in label order.
 */
import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { expect, it } from 'vitest';
import { copyPdfPages } from '../../src/documents/labels.js';
import { pdfPrintFile } from '../../src/documents/print-file.js';

/** A label of `pages` pages of the given width, and optionally a stream of `streamMb` MB of noise. */
async function label(width: number, pages: number, streamMb = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([width, 432]);
    for (let j = 0; j < 40; j++) page.drawRectangle({ x: j * 5, y: j * 5, width: 4, height: 4 });
  }
  if (streamMb > 0)
    doc
      .getPage(0)
      .node.set(
        PDFName.of('Noise'),
        doc.context.register(doc.context.flateStream(randomBytes(streamMb * 1024 * 1024))),
      );
  return doc.save();
}

it('prints a 300-page label and a 20 MB one, in label order', async () => {
  const labels = [await label(288, 1), await label(289, 300), await label(290, 1, 20), await label(291, 1)];
  const chunks: Buffer[] = [];
  for await (const chunk of pdfPrintFile(
    (async function* () {
      yield* labels;
    })(),
    { copyPdfPages },
  ))
    chunks.push(chunk);
  const file = await PDFDocument.load(Buffer.concat(chunks));
  const widths = file.getPages().map((p) => p.getWidth());
  expect(widths.length).toBe(303);
  expect([widths[0], widths[1], widths[300], widths[301], widths[302]]).toEqual([288, 289, 289, 290, 291]);
}, 60_000);
