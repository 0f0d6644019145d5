/**
 * The PDF print file of a batch, written as a stream: labels come in batch order a few at a time
 * and are written out as they come, so a 10,000-label file never sits in memory.
 *
 * Each label's pages are copied with every object they use, renumbered after everything written
 * so far, and written at once; the page tree and the cross-reference table come at the end (object
 * offsets are all that is kept: 8 bytes an object). A label is read by pdf-file.ts, which keeps its
 * objects as small records over the label's bytes and writes them back as they were. pdf-lib's
 * object model, used before, made so many short-lived objects per label that it needed a thread
 * with a heap of its own: about 20 MB of RSS while a print file streamed, against nothing
 * measurable now, in a quarter of the time (bench/README.md "Batches"). A label pdf-file.ts cannot
 * read (an object stream filtered other than by Flate, broken syntax) is copied by pdf-lib, on the
 * label work threads (carriers/shared/label-work.ts) rather than the event loop.
 */
import { ApiError } from '../domain/errors.js';
import type { LabelWork } from './label-work.js';
import type { Log } from '../foundations/logger.js';
import { PdfFile, type PdfPage } from './pdf-file.js';
import { ByteWriter, nameOf, type PdfDict, type PdfToken } from './pdf-syntax.js';

const CATALOG = 1;
const PAGES = 2;
/** Stream data larger than this is passed on as the view of the label it is, not copied. */
const COPY_LIMIT = 64 * 1024;

const token = (text: string): PdfToken => ({ kind: 'token', bytes: Buffer.from(text, 'latin1') });
const PARENT = token(`${PAGES} 0 R`);

export class PdfPrintWriter {
  #offset = 0;
  #next = PAGES + 1;
  /** The offset of each object number written (0: none, a free entry). */
  #offsets = new Float64Array(4096);
  readonly #kids: number[] = [];
  readonly #syntax = new ByteWriter();
  /** Labels the reader refused and pdf-lib copied, and why the first was refused. */
  readonly refused = { labels: 0, first: '' };
  /** Labels neither could read (a carrier's damaged bytes): left out of the file, which stays whole. */
  readonly unreadable = { labels: 0, first: '' };
  readonly #work: Pick<LabelWork, 'copyPdfPages'>;

  constructor(work: Pick<LabelWork, 'copyPdfPages'>) {
    this.#work = work;
  }

  #at(num: number, offset: number): void {
    if (num >= this.#offsets.length) {
      const bigger = new Float64Array(Math.max(num + 1, this.#offsets.length * 2));
      bigger.set(this.#offsets);
      this.#offsets = bigger;
    }
    this.#offsets[num] = offset;
  }

  begin(): Buffer {
    const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    this.#offset += header.length;
    return header;
  }

  /** The objects of one label's pages, as parts of the file. */
  async add(label: Uint8Array): Promise<Buffer[]> {
    let file: PdfFile;
    let pages: PdfPage[];
    try {
      file = new PdfFile(label);
      pages = file.pages();
    } catch (err) {
      return this.#addWithPdfLib(label, err instanceof Error ? err.message : String(err));
    }
    // No pages found: pdf-lib recovers some damaged page trees.
    return pages.length > 0 ? this.#copy(file, pages) : this.#addWithPdfLib(label, 'no pages found');
  }

  #copy(file: PdfFile, pages: PdfPage[]): Buffer[] {
    const numbers = new Map<number, number>();
    const queue: number[] = [];
    // A label's objects are numbered as they are first referred to, and written in that order.
    const renumber = (old: number): number => {
      let num = numbers.get(old);
      if (num === undefined) {
        num = this.#next++;
        numbers.set(old, num);
        queue.push(old);
      }
      return num;
    };
    const ownPages = new Map(pages.map((p) => [p.num, p.dict]));
    for (const page of pages) this.#kids.push(renumber(page.num));
    const parts: Buffer[] = [];
    const out = this.#syntax;
    let written = 0;
    for (let i = 0; i < queue.length; i++) {
      const old = queue[i]!;
      const object = file.objects.get(old);
      // A reference to nothing reads as null: its number stays a free entry.
      if (!object) continue;
      const num = numbers.get(old)!;
      this.#at(num, this.#offset + written + out.length);
      out.text(`${num} 0 obj\n`);
      const value = ownPages.get(old) ?? object.value;
      out.value(value.kind === 'dict' ? adjusted(value, ownPages.has(old), object.stream) : value, renumber);
      if (object.stream) {
        out.text('\nstream\n');
        if (object.stream.length <= COPY_LIMIT) out.bytes(object.stream);
        else {
          const syntax = out.take();
          parts.push(syntax, Buffer.from(object.stream.buffer, object.stream.byteOffset, object.stream.length));
          written += syntax.length + object.stream.length;
        }
        out.text('\nendstream');
      }
      out.text('\nendobj\n');
    }
    const rest = out.take();
    parts.push(rest);
    this.#offset += written + rest.length;
    return parts;
  }

  /** pdf-lib's copy (labels.ts copyPdfPages): the label's objects numbered after everything written so far. */
  async #addWithPdfLib(label: Uint8Array, why: string): Promise<Buffer[]> {
    if (this.refused.labels++ === 0) this.refused.first = why;
    let copied;
    try {
      copied = await this.#work.copyPdfPages(label, this.#next, PAGES);
    } catch (err) {
      // Mid-stream, an error could only cut the file short: the other labels still print.
      if (!(err instanceof ApiError) || err.code !== 'schema_validation_error') throw err;
      if (this.unreadable.labels++ === 0) this.unreadable.first = err.message;
      return [];
    }
    this.#kids.push(...copied.pages);
    const parts: Buffer[] = [];
    for (const { num, body } of copied.objects) {
      this.#at(num, this.#offset);
      const part = Buffer.concat([Buffer.from(`${num} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      parts.push(part);
      this.#offset += part.length;
    }
    this.#next = copied.next;
    return parts;
  }

  /** The page tree, the catalog, the cross-reference table and the trailer. */
  *end(): Generator<Buffer> {
    const out = (text: string) => {
      const b = Buffer.from(text, 'latin1');
      this.#offset += b.length;
      return b;
    };
    this.#at(PAGES, this.#offset);
    yield out(
      `${PAGES} 0 obj\n<< /Type /Pages /Kids [${this.#kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${this.#kids.length} >>\nendobj\n`,
    );
    this.#at(CATALOG, this.#offset);
    yield out(`${CATALOG} 0 obj\n<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`);
    const xrefAt = this.#offset;
    const size = this.#next;
    yield out(`xref\n0 ${size}\n0000000000 65535 f \n`);
    // Each entry is exactly 20 bytes; numbers never used are free entries.
    for (let start = 1; start < size; start += 4096) {
      let chunk = '';
      for (let n = start; n < Math.min(size, start + 4096); n++) {
        const o = this.#offsets[n] ?? 0;
        chunk += o === 0 ? '0000000000 65535 f \n' : `${String(o).padStart(10, '0')} 00000 n \n`;
      }
      yield out(chunk);
    }
    yield out(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  }
}

/**
 * A dictionary as it is written: a stream's /Length is the length of the data copied (the original
 * may be an indirect object, or wrong); a page leaves its page tree behind, and a page of the
 * label joins the print file's.
 */
function adjusted(dict: PdfDict, ownPage: boolean, stream: Uint8Array | undefined): PdfDict {
  const page = nameOf(dict.entries.get('Type')) === 'Page';
  if (!stream && !page) return dict;
  const entries = new Map(dict.entries);
  if (stream) entries.set('Length', token(String(stream.length)));
  if (page) {
    entries.delete('Parent');
    if (ownPage) entries.set('Parent', PARENT);
  }
  return { kind: 'dict', entries };
}

/**
 * The PDF print file of these labels, one page per label page, in order. Labels the reader refused
 * are said in one line at the end: the file is right, but pdf-lib's copy is slower and holds more
 * memory, and a carrier's labels that always take it point at something the reader should learn.
 */
export async function* pdfPrintFile(
  labels: AsyncIterable<Uint8Array>,
  work: Pick<LabelWork, 'copyPdfPages'>,
  log?: Pick<Log, 'warn'>,
): AsyncGenerator<Buffer> {
  const writer = new PdfPrintWriter(work);
  yield writer.begin();
  let count = 0;
  for await (const label of labels) {
    count++;
    yield* await writer.add(label);
  }
  yield* writer.end();
  const { refused, unreadable } = writer;
  if (unreadable.labels > 0)
    log?.warn(
      { labels: count, unreadable: unreadable.labels, reason: unreadable.first },
      `print file: ${unreadable.labels} of ${count} labels left out, unreadable as PDF (the first: ${unreadable.first})`,
    );
  if (refused.labels > 0)
    log?.warn(
      { labels: count, refused: refused.labels, reason: refused.first },
      `print file: ${refused.labels} of ${count} labels copied by pdf-lib, which the PDF reader refused (the first: ${refused.first})`,
    );
}
