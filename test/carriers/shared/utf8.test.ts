/** decodeUtf8 gives exactly the text Buffer#toString('utf8') gives, for any bytes. */
import { expect, it } from 'vitest';
import { decodeUtf8 } from '../../../src/carriers/shared/utf8.js';

const same = (bytes: Buffer) => expect(decodeUtf8(bytes)).toBe(bytes.toString('utf8'));

it('decodes ASCII, Latin-1 letters, symbols, CJK and emoji as UTF-8', () => {
  for (const text of [
    '',
    'plain ASCII {"a":1}',
    'FedEx 2Day® AM',
    'Zoë, Øresund, Straße',
    '日本語のテキスト',
    'parcel 📦 ok',
    '\u0000\u007f\u0080\u00ff\uffff',
  ])
    same(Buffer.from(text, 'utf8'));
});

it('replaces invalid and cut sequences exactly as toString does', () => {
  const cases = [
    [0x80],
    [0xc3],
    [0xc3, 0x41],
    [0xe2, 0x82],
    [0xe2, 0x82, 0x41, 0xac],
    [0xf0, 0x9f, 0x93],
    [0xff, 0xfe, 0x41],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0x41, 0xbf, 0xbf, 0x42],
  ];
  for (const bytes of cases) same(Buffer.from(bytes));
});

it('matches toString on ASCII with Latin-1 letters, whole and cut, beside other scripts', () => {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const text = (t: string) => Buffer.from(t, 'utf8');
  // The first seven are ASCII and Latin-1 pairs; then another script, a cut pair, a pair without its second byte.
  const pieces = [
    text('ab'),
    text('{"x":'),
    text(' '),
    text('®'),
    text('é'),
    text('ÿ'),
    text('\u0080'),
    text('日'),
    Buffer.from([0xc3]),
    Buffer.from([0xc2, 0xc3]),
    Buffer.from([0xc3, 0x41]),
  ];
  for (let i = 0; i < 5_000; i++) {
    const choices = i % 3 === 0 ? pieces.length : 7;
    same(
      Buffer.concat(Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * choices)]!)),
    );
  }
});

it('matches toString on random bytes, mostly ASCII and not', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 5_000; i++) {
    const asciiShare = i % 2 === 0 ? 0.95 : 0.3;
    const bytes = Buffer.alloc(Math.floor(random() * 300));
    for (let j = 0; j < bytes.length; j++)
      bytes[j] = random() < asciiShare ? Math.floor(random() * 0x80) : Math.floor(random() * 0x100);
    same(bytes);
  }
});

it('decodes an answer larger than its kept buffer, and the answers after it, as toString does', () => {
  const large = Buffer.from(`{"services":"${'FedEx 2Day® AM, Zoë; '.repeat(4_000)}"}`, 'utf8');
  const small = Buffer.from('{"serviceName":"FedEx Ground®"}', 'utf8');
  const first = decodeUtf8(small);
  same(large);
  same(small);
  expect(first).toBe(small.toString('utf8'));
});
