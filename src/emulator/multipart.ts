/**
 * multipart/form-data answers for emulated carriers that send them (labels and manifest forms
 * with their metadata). Parts are written with CRLF line breaks and a random boundary (RFC 2046 § 5.1.1).
 */
import { randomBytes } from 'node:crypto';

export interface OutPart {
  name?: string;
  filename?: string;
  contentType: string;
  /** Extra headers, e.g. Content-Transfer-Encoding. */
  headers?: Record<string, string>;
  body: Buffer | string;
  /** Write the Content-Disposition as `attachment` (SCAN form images) instead of `form-data`. */
  attachment?: boolean;
}

export function multipartBody(
  parts: OutPart[],
  boundary = randomBytes(12).toString('base64url'),
): { contentType: string; body: Buffer } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = [
      part.attachment ? 'attachment' : 'form-data',
      ...(part.filename ? [`filename="${part.filename}"`] : []),
      ...(part.name ? [`name="${part.name}"`] : []),
    ].join('; ');
    const headers = [
      `Content-Type: ${part.contentType}`,
      `Content-Disposition: ${disposition}`,
      ...Object.entries(part.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`, 'latin1'));
    chunks.push(typeof part.body === 'string' ? Buffer.from(part.body, 'utf8') : part.body);
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
