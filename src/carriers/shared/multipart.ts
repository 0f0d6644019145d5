/**
 * multipart/form-data and multipart/mixed bodies (RFC 2046 § 5.1.1, RFC 7578), read over bytes so
 * that binary parts come through untouched. Parts are found by the boundary the Content-Type header
 * names, never by looking for part contents. Line breaks may be CRLF (the RFC) or bare LF (bodies
 * that passed through text tools), since carriers' recorded answers show both.
 */

export interface MultipartPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** `name` of Content-Disposition, if any. */
  name?: string;
  filename?: string;
  contentType?: string;
  body: Buffer;
}

/** A parameter of a header value such as `multipart/form-data; boundary="abc"`. */
export function headerParam(value: string, param: string): string | undefined {
  const re = new RegExp(`(?:^|;)\\s*${param}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i');
  const m = re.exec(value);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}

/** The boundary of a multipart Content-Type, or undefined when the type is not multipart. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return undefined;
  const boundary = headerParam(contentType, 'boundary');
  // RFC 2046: 1 to 70 characters.
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Folded header lines (leading whitespace) continue the previous one.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Index just past the line break at `at` (CRLF or LF), or -1 when there is none there. */
function skipLineBreak(buf: Buffer, at: number): number {
  if (buf[at] === 0x0d && buf[at + 1] === 0x0a) return at + 2;
  if (buf[at] === 0x0a) return at + 1;
  return -1;
}

/**
 * The parts of a multipart body. Throws an Error (callers turn it into their carrier's
 * unexpected-body error) when the body has no opening or closing delimiter.
 */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  // A delimiter counts only at the start of the body or of a line.
  const findDelimiter = (from: number): number => {
    for (let at = buf.indexOf(delimiter, from); at !== -1; at = buf.indexOf(delimiter, at + 1)) {
      if (at === 0 || buf[at - 1] === 0x0a) return at;
    }
    return -1;
  };
  let at = findDelimiter(0);
  if (at === -1) throw new Error('multipart body without its opening boundary');
  const parts: MultipartPart[] = [];
  for (;;) {
    let cursor = at + delimiter.length;
    if (buf[cursor] === 0x2d && buf[cursor + 1] === 0x2d) return parts; // "--": the closing delimiter
    while (buf[cursor] === 0x20 || buf[cursor] === 0x09) cursor += 1; // transport padding
    const start = skipLineBreak(buf, cursor);
    if (start === -1) throw new Error('multipart boundary not followed by a line break');
    const next = findDelimiter(start);
    if (next === -1) throw new Error('multipart body without its closing boundary');
    // The line break before a delimiter belongs to the delimiter (RFC 2046).
    let end = next;
    if (end > start && buf[end - 1] === 0x0a) end -= buf[end - 2] === 0x0d && end - 2 >= start ? 2 : 1;
    parts.push(partOf(buf.subarray(start, end)));
    at = next;
  }
}

function partOf(raw: Buffer): MultipartPart {
  // Headers end at the first empty line; a part without headers starts with it.
  let split = -1;
  let bodyStart = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== 0x0a) continue;
    const after = skipLineBreak(raw, i + 1);
    if (after !== -1) {
      split = i;
      bodyStart = after;
      break;
    }
  }
  if (raw[0] === 0x0a || (raw[0] === 0x0d && raw[1] === 0x0a)) {
    split = 0;
    bodyStart = skipLineBreak(raw, 0);
  }
  const headers =
    split === -1 ? parseHeaders(raw.toString('latin1')) : parseHeaders(raw.subarray(0, split).toString('latin1'));
  const body = split === -1 ? Buffer.alloc(0) : raw.subarray(bodyStart);
  const disposition = headers['content-disposition'] ?? '';
  const name = headerParam(disposition, 'name');
  const filename = headerParam(disposition, 'filename');
  const contentType = headers['content-type'];
  return {
    headers,
    body,
    ...(name !== undefined ? { name } : {}),
    ...(filename !== undefined ? { filename } : {}),
    ...(contentType ? { contentType } : {}),
  };
}

/**
 * The bytes a part carries. Carriers declare image parts base64 whatever Content-Transfer-Encoding
 * says (a labels API: "The contents of this part are always Base64 encoded"), yet a part may also
 * come raw; text of the base64 alphabet only is decoded, anything else is taken as it is.
 */
export function partBytes(part: MultipartPart): Uint8Array {
  const textual = part.body.toString('latin1').replace(/\s+/g, '');
  if (textual !== '' && /^[A-Za-z0-9+/]+={0,2}$/.test(textual) && textual.length % 4 === 0) {
    const decoded = Buffer.from(textual, 'base64');
    return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
  }
  return new Uint8Array(part.body.buffer, part.body.byteOffset, part.body.byteLength);
}
