/**
 * The print file's page copy against pdf-lib's: every PDF found in the recorded carrier payloads,
 * and files written by hand for what carriers' files may hold (inherited page attributes,
 * incremental updates, indirect or wrong stream lengths, object streams, strings that look like
 * syntax). Each page of the print file must be, object for object, the page pdf-lib copies.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { copyPdfPages } from '../../src/documents/labels.js';
import type { Log } from '../../src/foundations/logger.js';
import { pdfPrintFile } from '../../src/documents/print-file.js';
import { PdfFile } from '../../src/documents/pdf-file.js';
import { carrierFixturesDir, fixturesMissing } from '../support/fixtures.js';

async function printFile(labels: Uint8Array[], log?: Pick<Log, 'warn'>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of pdfPrintFile(
    (async function* () {
      yield* labels;
    })(),
    { copyPdfPages },
    log,
  ))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A page as pdf-lib reads it: references followed (each object once), /Parent and /Length left out. */
function graph(doc: PDFDocument, value: PDFObject | undefined, seen = new Map<string, number>()): unknown {
  if (value instanceof PDFRef) {
    const key = value.toString();
    if (!seen.has(key)) {
      seen.set(key, seen.size);
      return { object: graph(doc, doc.context.lookup(value), seen) };
    }
    return `object ${seen.get(key)}`;
  }
  if (value instanceof PDFRawStream)
    return { dict: graph(doc, value.dict, seen), data: Buffer.from(value.getContents()).toString('base64') };
  if (value instanceof PDFDict) {
    const keys = value.keys().filter((k) => k !== PDFName.of('Parent') && k !== PDFName.of('Length'));
    return Object.fromEntries(
      keys
        .sort((a, b) => a.asString().localeCompare(b.asString()))
        .map((k) => [k.asString(), graph(doc, value.get(k), seen)]),
    );
  }
  if (value instanceof PDFArray) return value.asArray().map((v) => graph(doc, v, seen));
  return value === undefined ? null : value.toString();
}

/** The pages pdf-lib makes of the labels, copied into a document of its own as it did for the print file. */
async function pdfLibPages(labels: Uint8Array[]): Promise<{ doc: PDFDocument; pages: PDFPage[] }> {
  const doc = await PDFDocument.create();
  const pages: PDFPage[] = [];
  for (const label of labels) {
    const src = await PDFDocument.load(label, { updateMetadata: false, ignoreEncryption: true });
    pages.push(...(await doc.copyPages(src, src.getPageIndices())));
  }
  return { doc, pages };
}

async function expectSamePages(labels: Uint8Array[]): Promise<PDFDocument> {
  const printed = await PDFDocument.load(await printFile(labels));
  const expected = await pdfLibPages(labels);
  expect(printed.getPageCount()).toBe(expected.pages.length);
  printed
    .getPages()
    .forEach((page, i) =>
      expect(graph(printed, page.node), `page ${i}`).toEqual(graph(expected.doc, expected.pages[i]!.node)),
    );
  return printed;
}

/** PDFs in a carrier payload: base64 runs that start as a PDF does ("%PDF-"), and raw ones (multipart bodies). */
function pdfsIn(text: string): Buffer[] {
  const found = [...text.matchAll(/JVBERi0(?:[A-Za-z0-9+/=]|\\[nr]|\s)+/g)].map((m) =>
    Buffer.from(m[0].replace(/\\[nr]|\s/g, ''), 'base64'),
  );
  for (const m of text.matchAll(/%PDF-[\s\S]*?%%EOF/g)) found.push(Buffer.from(m[0], 'latin1'));
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.skipIf(fixturesMissing)('recorded carrier PDFs', () => {
  it('are read without pdf-lib and printed page for page as pdf-lib copies them', async () => {
    const distinct = new Map<string, Buffer>();
    for (const file of filesUnder(carrierFixturesDir!))
      for (const pdf of pdfsIn(readFileSync(file, 'latin1'))) distinct.set(pdf.toString('base64'), pdf);
    const readable: Buffer[] = [];
    for (const pdf of distinct.values()) {
      // Payloads that are no whole PDF (a truncated example in a vendor's API description) are left out.
      const pages = await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: true })
        .then((src) => src.getPageCount())
        .catch(() => 0);
      if (pages === 0) continue;
      expect(new PdfFile(pdf).pages().length).toBe(pages);
      readable.push(pdf);
    }
    // FedEx, UPS, DHL, USPS and Endicia documents: plain cross-reference tables, and object and cross-reference streams.
    expect(readable.length).toBeGreaterThanOrEqual(30);
    expect(readable.some((pdf) => pdf.includes('/ObjStm'))).toBe(true);
    await expectSamePages(readable);
  }, 60_000);
});

/** A PDF of these objects with a correct cross-reference table; `update` appends an incremental update. */
function handMade(objects: Record<number, string>, update?: Record<number, string>): Buffer {
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  let previous = 0;
  for (const section of [objects, update]) {
    if (!section) continue;
    const offsets: [number, number][] = [];
    for (const [num, body] of Object.entries(section)) {
      offsets.push([Number(num), file.length]);
      file += `${num} 0 obj\n${body}\nendobj\n`;
    }
    const xref = file.length;
    file += `xref\n0 1\n0000000000 65535 f \n${offsets.map(([num, at]) => `${num} 1\n${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
    file += `trailer\n<< /Size 20 /Root 1 0 R${previous ? ` /Prev ${previous}` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
    previous = xref;
  }
  return Buffer.from(file, 'latin1');
}

/** A stream object; its /Length is given, or else its data's. */
const stream = (dict: string, data: string) =>
  `${dict.replace('>>', dict.includes('/Length') ? '>>' : `/Length ${data.length} >>`)}\nstream\n${data}\nendstream`;

describe('hand-made PDFs', () => {
  it('inherited attributes, indirect and wrong lengths, comments and strings that look like syntax', async () => {
    const label = handMade({
      1: '<< /Type /Catalog /Pages 2 0 R >> % a comment with 7 0 R in it',
      2: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 200 300] /Resources 5 0 R /Rotate 0 >>',
      3: '<< /Type /Page /Parent 2 0 R /Contents 6 0 R /Note (a (nested) string: 9 0 R \\) endobj) /Hex <41 42> /Odd#20Name /A#42 >>',
      4: '<< /Type /Page /Parent 2 0 R /Contents [7 0 R] /Rotate 90 /MediaBox [0 0 100 150] >>',
      5: '<< /Font << /F1 9 0 R >> /ProcSet [/PDF /Text] >>',
      6: stream('<< /Length 8 0 R >>', 'BT /F1 12 Tf 10 10 Td (page one) Tj ET'),
      7: stream('<< /Length 3 >>', 'BT /F1 12 Tf 10 10 Td (page two, its length wrong) Tj ET'),
      8: String('BT /F1 12 Tf 10 10 Td (page one) Tj ET'.length),
      9: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    });
    const printed = await expectSamePages([label]);
    const [one, two] = printed.getPages();
    expect([one!.getWidth(), one!.getHeight(), one!.getRotation().angle]).toEqual([200, 300, 0]);
    expect([two!.getWidth(), two!.getHeight(), two!.getRotation().angle]).toEqual([100, 150, 90]);
    expect(String(one!.node.get(PDFName.of('Note')))).toBe('(a (nested) string: 9 0 R \\) endobj)');
    expect(one!.node.get(PDFName.of('Odd Name'))?.toString()).toBe('/AB');
  });

  it('an incremental update replaces the objects it defines again', async () => {
    const objects = {
      1: '<< /Type /Catalog /Pages 2 0 R >>',
      2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R >>',
      4: stream('<< >>', '0 0 10 10 re f Q'),
    };
    const printed = await expectSamePages([handMade(objects, { 4: stream('<< >>', '0 0 20 20 re f Q ') })]);
    const contents = printed.context.lookup(printed.getPage(0).node.get(PDFName.of('Contents'))) as PDFRawStream;
    expect(Buffer.from(contents.getContents()).toString('latin1')).toBe('0 0 20 20 re f Q ');
  });

  it('object and cross-reference streams (PDF 1.5, as pdf-lib saves by default)', async () => {
    const doc = await PDFDocument.create();
    for (const size of [
      [288, 432],
      [432, 288],
    ] as const)
      doc.addPage([...size]).drawText('label', { x: 10, y: 10 });
    const label = await doc.save();
    expect(Buffer.from(label).includes('/ObjStm')).toBe(true);
    expect(new PdfFile(label).pages()).toHaveLength(2);
    await expectSamePages([label, label]);
  });

  it('refuses an object stream that would inflate past what a label may hold', () => {
    const bomb = deflateSync(Buffer.alloc(70 * 1024 * 1024)).toString('latin1');
    const label = handMade({
      1: '<< /Type /Catalog /Pages 2 0 R >>',
      4: stream('<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>', bomb),
    });
    expect(() => new PdfFile(label)).toThrow(/does not inflate/);
  });

  it('a file the reader does not decode is copied by pdf-lib, in its place', async () => {
    // Its objects sit in an object stream filtered as hex, which only pdf-lib reads.
    const bodies = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 123 456] >>',
    ];
    const index =
      bodies.map((_, i) => `${i + 1} ${bodies.slice(0, i).join('\n').length + (i > 0 ? 1 : 0)}`).join(' ') + ' ';
    const hex = Buffer.from(index + bodies.join('\n'), 'latin1').toString('hex');
    const odd = handMade({
      4: stream(`<< /Type /ObjStm /N 3 /First ${index.length} /Filter /ASCIIHexDecode >>`, `${hex}>`),
    });
    expect(() => new PdfFile(odd).pages()).toThrow(/object stream filtered by ASCIIHexDecode/);
    const plain = handMade({
      1: '<< /Type /Catalog /Pages 2 0 R >>',
      2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    });
    const printed = await expectSamePages([plain, odd, plain]);
    expect(printed.getPages().map((p) => p.getWidth())).toEqual([200, 123, 200]);
    // The operator is told, once per file: how many labels took pdf-lib's copy, and why the first did.
    const warnings: unknown[][] = [];
    await printFile([plain, odd, plain, odd], { warn: (...args: unknown[]) => warnings.push(args) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toEqual({
      labels: 4,
      refused: 2,
      reason: expect.stringMatching(/object stream filtered by ASCIIHexDecode/),
    });
    expect(warnings[0]![1]).toMatch(/^print file: 2 of 4 labels copied by pdf-lib/);
    await printFile([plain, plain], { warn: (...args: unknown[]) => warnings.push(args) });
    expect(warnings).toHaveLength(1);
  });
});
