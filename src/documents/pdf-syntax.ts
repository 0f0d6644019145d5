/**
 * PDF object syntax (ISO 32000-1 §7.3), read just far enough to copy objects from one file into
 * another: dictionaries, arrays and references are parsed; numbers, strings, names as values and
 * keywords stay the bytes they were, so what is copied is written back as it was, only renumbered.
 */

export interface PdfRef {
  kind: 'ref';
  num: number;
}
export interface PdfDict {
  kind: 'dict';
  /** Keys are names without their slash, #xx escapes decoded; a repeated key keeps its last value. */
  entries: Map<string, PdfValue>;
}
export interface PdfArray {
  kind: 'array';
  items: PdfValue[];
}
/** A number, string, name, boolean, null or other keyword, as its bytes. */
export interface PdfToken {
  kind: 'token';
  bytes: Uint8Array;
}
export type PdfValue = PdfRef | PdfDict | PdfArray | PdfToken;

const SPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) SPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
/** Nesting deeper than this is no label: a guard against unbounded recursion on hostile input. */
const MAX_DEPTH = 256;

export class PdfSyntaxError extends Error {}

/** Reads values from `buf`, starting at `pos`, which it moves past what it reads. */
export class PdfLexer {
  constructor(
    readonly buf: Uint8Array,
    public pos = 0,
  ) {}

  /** Skips white space and comments. */
  skipSpace(): void {
    const { buf } = this;
    while (this.pos < buf.length) {
      const c = buf[this.pos]!;
      if (SPACE[c]) this.pos++;
      else if (c === 0x25) while (this.pos < buf.length && buf[this.pos] !== 0x0a && buf[this.pos] !== 0x0d) this.pos++;
      else break;
    }
  }

  /** Whether the next bytes are this keyword, ending where a token may end. */
  atKeyword(word: string): boolean {
    const { buf, pos } = this;
    for (let i = 0; i < word.length; i++) if (buf[pos + i] !== word.charCodeAt(i)) return false;
    const after = buf[pos + word.length];
    return after === undefined || SPACE[after] === 1 || DELIMITER[after] === 1;
  }

  /** The regular characters from `pos` up to the next white space or delimiter. */
  regular(): Uint8Array {
    const { buf } = this;
    const start = this.pos;
    while (this.pos < buf.length && !SPACE[buf[this.pos]!] && !DELIMITER[buf[this.pos]!]) this.pos++;
    return buf.subarray(start, this.pos);
  }

  /** An unsigned integer at `pos`, or undefined (and `pos` unmoved). */
  integer(): number | undefined {
    const start = this.pos;
    const token = this.regular();
    if (token.length === 0 || token.length > 15 || !token.every(isDigit)) {
      this.pos = start;
      return undefined;
    }
    return Number(Buffer.from(token.buffer, token.byteOffset, token.length).toString('latin1'));
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('objects nested too deeply');
    this.skipSpace();
    const { buf } = this;
    const start = this.pos;
    const c = buf[start];
    if (c === undefined) throw new PdfSyntaxError('unexpected end of file');
    if (c === 0x3c && buf[start + 1] === 0x3c) return this.#dict(depth);
    if (c === 0x5b) return this.#array(depth);
    if (c === 0x28) return this.#literalString();
    if (c === 0x3c) {
      const end = buf.indexOf(0x3e, start);
      if (end < 0) throw new PdfSyntaxError('unterminated hex string');
      this.pos = end + 1;
      return token(buf.subarray(start, this.pos));
    }
    if (c === 0x2f) {
      this.pos++;
      this.regular();
      return token(buf.subarray(start, this.pos));
    }
    if (c === 0x7b || c === 0x7d) {
      this.pos++;
      return token(buf.subarray(start, this.pos));
    }
    if (DELIMITER[c]) throw new PdfSyntaxError(`unexpected ${String.fromCharCode(c)} at ${start}`);
    // An integer may be the first of the three tokens of a reference: "12 0 R".
    const num = this.integer();
    if (num !== undefined) {
      const after = this.pos;
      this.skipSpace();
      if (this.integer() !== undefined) {
        this.skipSpace();
        if (this.atKeyword('R')) {
          this.pos++;
          return { kind: 'ref', num };
        }
      }
      this.pos = after;
      return token(buf.subarray(start, after));
    }
    return token(this.regular());
  }

  #dict(depth: number): PdfDict {
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      const c = this.buf[this.pos];
      if (c === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return { kind: 'dict', entries };
      }
      if (c !== 0x2f) throw new PdfSyntaxError(`dictionary key expected at ${this.pos}`);
      this.pos++;
      const key = decodeName(this.regular());
      entries.set(key, this.value(depth + 1));
    }
  }

  #array(depth: number): PdfArray {
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.buf[this.pos] === 0x5d) {
        this.pos++;
        return { kind: 'array', items };
      }
      items.push(this.value(depth + 1));
    }
  }

  /** ( … ): parentheses nest unless escaped by a backslash, which escapes the byte after it. */
  #literalString(): PdfToken {
    const { buf } = this;
    const start = this.pos;
    let open = 0;
    for (let i = start; i < buf.length; i++) {
      const c = buf[i];
      if (c === 0x5c) i++;
      else if (c === 0x28) open++;
      else if (c === 0x29 && --open === 0) {
        this.pos = i + 1;
        return token(buf.subarray(start, this.pos));
      }
    }
    throw new PdfSyntaxError('unterminated string');
  }
}

const token = (bytes: Uint8Array): PdfToken => ({ kind: 'token', bytes });

/** A name's characters, #xx escapes decoded (latin1: one character per byte). */
function decodeName(raw: Uint8Array): string {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('latin1');
  return text.includes('#')
    ? text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

/** The name a value is (without its slash), or undefined. */
export function nameOf(v: PdfValue | undefined): string | undefined {
  return v?.kind === 'token' && v.bytes[0] === 0x2f ? decodeName(v.bytes.subarray(1)) : undefined;
}

/** The non-negative integer a value is, or undefined. */
export function integerOf(v: PdfValue | undefined): number | undefined {
  if (v?.kind !== 'token' || v.bytes.length === 0 || v.bytes.length > 15 || !v.bytes.every(isDigit)) return undefined;
  return Number(Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.length).toString('latin1'));
}

/** A name written back: regular characters as they are, the rest as #xx. */
function encodeName(name: string): string {
  let out = '/';
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    out += c > 0x20 && c < 0x7f && c !== 0x23 && !DELIMITER[c] ? name[i] : `#${c.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Bytes appended to a buffer that grows by doubling, then taken out as one Buffer. */
export class ByteWriter {
  #buf = Buffer.allocUnsafe(4096);
  length = 0;

  #room(n: number): void {
    if (this.length + n <= this.#buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.length + n));
    this.#buf.copy(bigger, 0, 0, this.length);
    this.#buf = bigger;
  }

  bytes(b: Uint8Array): void {
    this.#room(b.length);
    this.#buf.set(b, this.length);
    this.length += b.length;
  }

  text(s: string): void {
    this.#room(s.length);
    this.length += this.#buf.write(s, this.length, 'latin1');
  }

  /** What was written since the last take, as a Buffer of its own. */
  take(): Buffer {
    const out = Buffer.from(this.#buf.subarray(0, this.length));
    this.length = 0;
    return out;
  }

  /** A value, each reference written as the object number `renumber` gives it. */
  value(v: PdfValue, renumber: (num: number) => number): void {
    switch (v.kind) {
      case 'ref':
        this.text(`${renumber(v.num)} 0 R`);
        return;
      case 'token':
        this.bytes(v.bytes);
        return;
      case 'array':
        this.text('[');
        v.items.forEach((item, i) => {
          if (i > 0) this.text(' ');
          this.value(item, renumber);
        });
        this.text(']');
        return;
      case 'dict':
        this.text('<<');
        for (const [key, item] of v.entries) {
          this.text(`${encodeName(key)} `);
          this.value(item, renumber);
          this.text('\n');
        }
        this.text('>>');
        return;
    }
  }
}
