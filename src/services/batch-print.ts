/**
 * The print file of a batch, written as a stream: labels are read from the database a few at a
 * time in batch order and written out as they come, so a 10,000-label file never sits in memory.
 *
 * PDF: pdf-lib builds a document in memory, so it is used per label only. Each label's page is
 * copied into a scratch document whose new objects are numbered after everything written so far;
 * those objects are written straight out, the page pointing at one page tree written at the end
 * with the cross-reference table (object offsets are all that is kept: a few bytes per object).
 */
import { ParseSpeeds, PDFDocument, PDFName, PDFRef } from 'pdf-lib';

const PAGES = 2;
const CATALOG = 1;

export class PdfPrintWriter {
  #offset = 0;
  #next = 3;
  readonly #offsets: number[] = [];
  readonly #kids: number[] = [];

  #out(b: Buffer): Buffer {
    this.#offset += b.length;
    return b;
  }

  begin(): Buffer {
    return this.#out(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  /** The objects of one label's pages, numbered after those already written. */
  async add(bytes: Uint8Array): Promise<Buffer> {
    const src = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, parseSpeed: ParseSpeeds.Fastest });
    const scratch = await PDFDocument.create({ updateMetadata: false });
    // The scratch document's own catalog and page tree are never written.
    const own = scratch.context.largestObjectNumber;
    scratch.context.largestObjectNumber = Math.max(own, this.#next - 1);
    const pages = await scratch.copyPages(src, src.getPageIndices());
    for (const page of pages) {
      page.node.set(PDFName.of('Parent'), PDFRef.of(PAGES));
      this.#kids.push(scratch.context.getObjectRef(page.node)!.objectNumber);
    }
    const parts: Buffer[] = [];
    let at = this.#offset;
    for (const [ref, obj] of scratch.context.enumerateIndirectObjects()) {
      if (ref.objectNumber <= own) continue;
      const body = new Uint8Array(obj.sizeInBytes());
      obj.copyBytesInto(body, 0);
      this.#offsets[ref.objectNumber] = at;
      const part = Buffer.concat([Buffer.from(`${ref.objectNumber} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(part);
      at += part.length;
    }
    this.#next = scratch.context.largestObjectNumber + 1;
    return this.#out(Buffer.concat(parts));
  }

  /** The page tree, the catalog, the cross-reference table and the trailer. */
  *end(): Generator<Buffer> {
    const offsets = this.#offsets;
    offsets[PAGES] = this.#offset;
    yield this.#out(Buffer.from(`${PAGES} 0 obj\n<< /Type /Pages /Kids [${this.#kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${this.#kids.length} >>\nendobj\n`, 'latin1'));
    offsets[CATALOG] = this.#offset;
    yield this.#out(Buffer.from(`${CATALOG} 0 obj\n<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`, 'latin1'));
    const xrefAt = this.#offset;
    const size = Math.max(this.#next, offsets.length);
    yield Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n`, 'latin1');
    // Each entry is exactly 20 bytes; numbers never used are free entries.
    for (let start = 1; start < size; start += 4096) {
      let chunk = '';
      for (let n = start; n < Math.min(size, start + 4096); n++) {
        const o = offsets[n];
        chunk += o === undefined ? '0000000000 65535 f \n' : `${String(o).padStart(10, '0')} 00000 n \n`;
      }
      yield Buffer.from(chunk, 'latin1');
    }
    yield Buffer.from(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1');
  }
}
