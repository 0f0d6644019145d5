import { describe, expect, it } from 'vitest';
import { headerParam, multipartBoundary, parseMultipart, partBytes } from '../../../src/carriers/shared/multipart.js';
import { redactText } from '../../../src/carriers/shared/redact.js';

const crlf = (s: string) => Buffer.from(s.replace(/\n/g, '\r\n'));

describe('multipart bodies', () => {
  it('takes the boundary from the Content-Type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc-1')).toBe('abc-1');
    expect(multipartBoundary('Multipart/Mixed; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
    expect(headerParam('form-data; name="labelImage"; filename="l.pdf"', 'name')).toBe('labelImage');
  });

  it('splits parts at delimiter lines only, CRLF or LF, preamble and epilogue ignored', () => {
    const body = crlf(
      'preamble --XY not a delimiter\n--XY\nContent-Type: application/json\nContent-Disposition: form-data; name="a"\n\n{"x":"--XY inside"}\n--XY\nContent-Disposition: form-data; name="b"; filename="b.txt"\n\nline1\nline2\n--XY--\nepilogue',
    );
    const parts = parseMultipart(body, 'XY');
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.body.toString()])).toEqual([
      ['a', undefined, 'application/json', '{"x":"--XY inside"}'],
      ['b', 'b.txt', undefined, 'line1\r\nline2'],
    ]);
    const lf = parseMultipart(Buffer.from('--XY\nContent-Type: text/plain\n\nhello\n--XY--\n'), 'XY');
    expect(lf[0]?.body.toString()).toBe('hello');
  });

  it('refuses a body without its opening or closing delimiter', () => {
    expect(() => parseMultipart(Buffer.from('no parts here'), 'XY')).toThrow(/opening/);
    expect(() => parseMultipart(crlf('--XY\nContent-Type: text/plain\n\ncut off'), 'XY')).toThrow(/closing/);
  });

  it('decodes base64 parts and keeps raw ones byte for byte', () => {
    const raw = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0xff, 0x00]);
    const body = Buffer.concat([
      crlf('--Q\nContent-Type: application/pdf\n\n'),
      raw,
      crlf('\n--Q\nContent-Type: application/pdf\n\n'),
      Buffer.from(raw.toString('base64')),
      crlf('\n--Q--\n'),
    ]);
    const [a, b] = parseMultipart(body, 'Q');
    expect(Buffer.from(partBytes(a!))).toEqual(raw);
    expect(Buffer.from(partBytes(b!))).toEqual(raw);
  });

  it('is redacted part by part in logs: JSON kept (secrets masked), bytes replaced by a marker', () => {
    const body =
      '--Q\r\nContent-Type: application/json\r\n\r\n{"trackingNumber":"92","paymentAuthorizationToken":"abc"}\r\n--Q\r\nContent-Type: application/pdf\r\n\r\nJVBERi0xLjQK\r\n--Q--\r\n';
    const out = redactText(body, 'multipart/form-data; boundary=Q');
    expect(out).toContain('"trackingNumber":"92"');
    expect(out).not.toContain('abc');
    expect(out).not.toContain('JVBERi0xLjQK');
    expect(out).toContain('[label: 12 chars]');
  });
});
