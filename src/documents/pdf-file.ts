/**
 * The objects and pages of one PDF file, read the way lenient readers (pdf-lib among them) read
 * files: walked from the header to the end, object by object, so a wrong or missing cross-reference
 * table does not matter and a later definition of an object number (an incremental update)
 * replaces an earlier one. Objects packed into object streams (PDF 1.5) are read out of them; the
 * trailer, or a cross-reference stream's dictionary, names the catalog. Stream data stays where it
 * is in the file's bytes: nothing here copies a label.
 */
import { constants, inflateSync } from 'node:zlib';
import { PdfLexer, PdfSyntaxError, integerOf, nameOf, type PdfDict, type PdfValue } from './pdf-syntax.js';

export interface PdfObject {
  value: PdfValue;
  /** A stream's data as stored (still encoded), a view of the file's bytes. */
  stream?: Uint8Array;
}

export interface PdfPage {
  num: number;
  /** The page's dictionary, with what it inherits from the page tree above it written into it. */
  dict: PdfDict;
}

/** What a page may take from the page tree nodes above it (ISO 32000-1 §7.7.3.4). */
const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'];
const XREF_TABLE = new Uint8Array(256);
for (const c of '0123456789 \t\r\n\fnf') XREF_TABLE[c.charCodeAt(0)] = 1;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Page trees and chains of references deeper than this are damaged or hostile, not labels. */
const MAX_DEPTH = 64;
/** The most an object stream may inflate to. */
const MAX_INFLATED = 64 * 1024 * 1024;

export class PdfFile {
  readonly objects = new Map<number, PdfObject>();
  #root: number | undefined;
  readonly #buf: Buffer;

  constructor(bytes: Uint8Array) {
    this.#buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const header = this.#buf.indexOf('%PDF-');
    if (header < 0) throw new PdfSyntaxError('no PDF header');
    const lex = new PdfLexer(this.#buf, header);
    for (lex.skipSpace(); lex.pos < this.#buf.length; lex.skipSpace()) {
      const at = lex.pos;
      if (lex.atKeyword('trailer')) {
        lex.pos += 7;
        this.#trailer(lex.value());
      } else if (lex.atKeyword('xref')) {
        // The table's entries: digits, white space and the letters n and f.
        for (lex.pos += 4; lex.pos < this.#buf.length && XREF_TABLE[this.#buf[lex.pos]!]; lex.pos++);
      } else if (!(isDigit(this.#buf[at]!) && this.#object(lex))) {
        // Anything else (startxref and its offset, junk between sections) is stepped over.
        lex.pos = at + 1;
      }
    }
  }

  /** A value with references followed to what they name (undefined for a reference to nothing). */
  resolve(v: PdfValue | undefined): PdfValue | undefined {
    for (let i = 0; v?.kind === 'ref'; i++) v = i < MAX_DEPTH ? this.objects.get(v.num)?.value : undefined;
    return v;
  }

  /** The leaf pages, in page tree order. */
  pages(): PdfPage[] {
    const catalog = this.#catalog();
    const pages: PdfPage[] = [];
    const seen = new Set<number>();
    const walk = (node: PdfValue | undefined, depth: number) => {
      if (node?.kind !== 'ref' || seen.has(node.num) || depth > MAX_DEPTH) return;
      seen.add(node.num);
      const dict = this.objects.get(node.num)?.value;
      if (dict?.kind !== 'dict') return;
      const type = nameOf(dict.entries.get('Type'));
      if (type === 'Page') pages.push({ num: node.num, dict: this.#withInherited(dict) });
      else if (type === 'Pages') {
        const kids = this.resolve(dict.entries.get('Kids'));
        if (kids?.kind === 'array') for (const kid of kids.items) walk(kid, depth + 1);
      }
    };
    walk(catalog.entries.get('Pages'), 0);
    return pages;
  }

  /** "n g obj", its value and its stream if it has one; false (nothing read) if `lex` is not at one. */
  #object(lex: PdfLexer): boolean {
    const num = lex.integer();
    if (num === undefined) return false;
    lex.skipSpace();
    if (lex.integer() === undefined) return false;
    lex.skipSpace();
    if (!lex.atKeyword('obj')) return false;
    lex.pos += 3;
    const value = lex.value();
    lex.skipSpace();
    const stream = lex.atKeyword('stream') ? this.#streamData(lex, value) : undefined;
    lex.skipSpace();
    if (lex.atKeyword('endobj')) lex.pos += 6;
    if (num === 0) return true; // object 0 is the head of the free list, never an object
    if (stream && value.kind === 'dict') {
      const type = nameOf(value.entries.get('Type'));
      if (type === 'ObjStm') return (this.#unpack(value, stream), true);
      if (type === 'XRef') return (this.#trailer(value), true);
    }
    this.objects.set(num, stream ? { value, stream } : { value });
    return true;
  }

  /** The stream's data: /Length bytes if "endstream" follows them, else up to the next "endstream". */
  #streamData(lex: PdfLexer, value: PdfValue): Uint8Array {
    if (value.kind !== 'dict') throw new PdfSyntaxError('a stream without a dictionary');
    const buf = this.#buf;
    let start = lex.pos + 'stream'.length;
    // The keyword ends its line with CRLF or LF (some writers put a space before it, or only CR).
    if (buf[start] === 0x20 && (buf[start + 1] === 0x0d || buf[start + 1] === 0x0a)) start++;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const length = integerOf(value.entries.get('Length'));
    if (length !== undefined && start + length <= buf.length) {
      lex.pos = start + length;
      lex.skipSpace();
      if (lex.atKeyword('endstream')) {
        lex.pos += 'endstream'.length;
        return buf.subarray(start, start + length);
      }
    }
    // No length, an indirect one, or a wrong one.
    const at = buf.indexOf('endstream', start);
    if (at < 0) throw new PdfSyntaxError('a stream without endstream');
    let end = at;
    if (end > start && buf[end - 1] === 0x0a) end--;
    if (end > start && buf[end - 1] === 0x0d) end--;
    lex.pos = at + 'endstream'.length;
    return buf.subarray(start, end);
  }

  /** The objects of an object stream (ISO 32000-1 §7.5.7), each defined as if it stood here. */
  #unpack(dict: PdfDict, stream: Uint8Array): void {
    const data = decode(dict, stream);
    const count = integerOf(dict.entries.get('N'));
    const first = integerOf(dict.entries.get('First'));
    if (count === undefined || first === undefined) throw new PdfSyntaxError('an object stream without N or First');
    const lex = new PdfLexer(data);
    const index: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      lex.skipSpace();
      const num = lex.integer();
      lex.skipSpace();
      const offset = lex.integer();
      if (num === undefined || offset === undefined) throw new PdfSyntaxError('a damaged object stream index');
      index.push([num, offset]);
    }
    for (const [num, offset] of index) {
      if (num !== 0) this.objects.set(num, { value: new PdfLexer(data, first + offset).value() });
    }
  }

  #trailer(trailer: PdfValue): void {
    const root = trailer.kind === 'dict' ? trailer.entries.get('Root') : undefined;
    if (root?.kind === 'ref') this.#root = root.num;
  }

  /** The catalog the trailer names, or else (a damaged trailer) the last one in the file. */
  #catalog(): PdfDict {
    const isCatalog = (v: PdfValue | undefined): v is PdfDict =>
      v?.kind === 'dict' && nameOf(v.entries.get('Type')) === 'Catalog';
    const named = this.#root === undefined ? undefined : this.objects.get(this.#root)?.value;
    if (isCatalog(named)) return named;
    let found: [number, PdfDict] | undefined;
    for (const [num, { value }] of this.objects)
      if (isCatalog(value) && (!found || num > found[0])) found = [num, value];
    if (!found) throw new PdfSyntaxError('no document catalog');
    return found[1];
  }

  #withInherited(page: PdfDict): PdfDict {
    let missing = INHERITED.filter((k) => !page.entries.has(k));
    if (missing.length === 0) return page;
    const entries = new Map(page.entries);
    let node = this.resolve(page.entries.get('Parent'));
    for (let depth = 0; missing.length > 0 && node?.kind === 'dict' && depth < MAX_DEPTH; depth++) {
      for (const key of missing) {
        const v = node.entries.get(key);
        if (v !== undefined) entries.set(key, v);
      }
      missing = missing.filter((k) => !entries.has(k));
      node = this.resolve(node.entries.get('Parent'));
    }
    return { kind: 'dict', entries };
  }
}

/** An object stream's data: Flate (what writers use for them) or none; others are not read here. */
function decode(dict: PdfDict, stream: Uint8Array): Uint8Array {
  const filter = dict.entries.get('Filter');
  const filters = filter === undefined ? [] : filter.kind === 'array' ? filter.items.map(nameOf) : [nameOf(filter)];
  if (filters.length === 0) return stream;
  if (filters.length > 1 || filters[0] !== 'FlateDecode' || dict.entries.has('DecodeParms')) {
    throw new PdfSyntaxError(
      `an object stream filtered by ${filters.join(', ')}${dict.entries.has('DecodeParms') ? ' with parameters' : ''}`,
    );
  }
  // A truncated stream gives what it has, as lenient readers do; one that would inflate past
  // MAX_INFLATED is no label's (a label is at most what a carrier answer may be, 20 MB).
  try {
    return inflateSync(stream, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED });
  } catch (err) {
    throw new PdfSyntaxError(`an object stream that does not inflate: ${(err as Error).message}`);
  }
}
