/**
 * Redaction of carrier exchanges: secrets and label bytes out, everything a developer needs to debug
 * a shipment (addresses, account numbers, tracking numbers, ordinary codes) left visible.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactText, redactUrl } from '../../src/carriers/shared/redact.js';
import { carrierMessage, parseRetryAfter } from '../../src/carriers/shared/transport-errors.js';
import { fixturesMissing, readFixtureText } from '../support/fixtures.js';

const LABEL = Buffer.alloc(1500, 0x41).toString('base64');

describe('redactText: JSON', () => {
  it('redacts secret-named members at any depth and keeps ordinary ones', () => {
    const body = JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'cid-1',
      client_secret: 'cs-2',
      nested: { Password: 'p-3', apiKey: 'ak-4', 'api-key': 'ak-5', UserToken: { value: 'ut-6' } },
      list: [{ passphrase: 'pp-7' }, { city: 'Memphis' }],
      accountNumber: { value: '740561073' },
      LicenseNumber: 'lic-8',
    });
    const out = redactText(body, 'application/json');
    for (const s of ['cid-1', 'cs-2', 'p-3', 'ak-4', 'ak-5', 'ut-6', 'pp-7', 'lic-8']) expect(out).not.toContain(s);
    const parsed = JSON.parse(out) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      grant_type: 'client_credentials',
      client_secret: REDACTED,
      nested: { Password: REDACTED, UserToken: REDACTED },
      list: [{ passphrase: REDACTED }, { city: 'Memphis' }],
      accountNumber: { value: '740561073' },
    });
  });

  it('replaces label payloads by their size and leaves short label-named fields alone', () => {
    const body = JSON.stringify({
      encodedLabel: LABEL,
      GraphicImage: LABEL,
      label: 'PDF',
      labelType: 'ZPLII',
      content: 'Books',
      description: 'A'.repeat(100),
      anything: Buffer.alloc(4000, 1).toString('base64'),
    });
    const out = JSON.parse(redactText(body)) as Record<string, string>;
    expect(out.encodedLabel).toBe('[label: 1500 bytes]');
    expect(out.GraphicImage).toBe('[label: 1500 bytes]');
    expect(out.anything).toBe('[label: 4000 bytes]');
    expect(out).toMatchObject({ label: 'PDF', labelType: 'ZPLII', content: 'Books', description: 'A'.repeat(100) });
  });

  it('does not mistake long prose for a label', () => {
    const prose = 'Cotton shirts and trousers for men women and children packed in bulk cartons '.repeat(40);
    expect(JSON.parse(redactText(JSON.stringify({ content: prose, note: prose }))) as unknown).toEqual({
      content: prose,
      note: prose,
    });
  });

  it('scrubs Bearer/Basic credentials inside ordinary strings and JSON embedded in strings', () => {
    const out = redactText(
      JSON.stringify({ note: 'sent Authorization Bearer abc.def.ghi', inner: '{"access_token":"t-9","ok":1}' }),
    );
    expect(out).not.toContain('abc.def.ghi');
    expect(out).not.toContain('t-9');
    expect(out).toContain('"ok\\":1');
  });

  it('falls back to patterns when a JSON body does not parse', () => {
    const out = redactText('{"client_secret":"cs-1","city":"Paris",', 'application/json');
    expect(out).not.toContain('cs-1');
    expect(out).toContain('Paris');
  });
});

describe('redactText: XML', () => {
  it('redacts secret elements and attributes, keeps AccountID and the rest', () => {
    const xml = `<?xml version="1.0"?>
<RecreditRequest>
  <RequesterID>lxxx</RequesterID>
  <CertifiedIntermediary>
    <AccountID>1234567</AccountID>
    <PassPhrase>current_password</PassPhrase>
    <ns:Token><ns:Value>tok</ns:Value></ns:Token>
  </CertifiedIntermediary>
  <Credentials Password="attr-pw" Mode="test"/>
  <RecreditAmount>10</RecreditAmount>
</RecreditRequest>`;
    const out = redactText(xml, 'text/xml');
    for (const s of ['current_password', 'tok<', 'attr-pw']) expect(out).not.toContain(s);
    expect(out).toContain('<PassPhrase>[REDACTED]</PassPhrase>');
    expect(out).toContain('<ns:Token>[REDACTED]</ns:Token>');
    expect(out).toContain('<AccountID>1234567</AccountID>');
    expect(out).toContain('Mode="test"');
    expect(out).toContain('<RecreditAmount>10</RecreditAmount>');
  });

  it('replaces wrapped base64 label images, including in CDATA', () => {
    const wrapped = LABEL.match(/.{1,76}/g)?.join('\n   ') ?? '';
    const xml = `<LabelRequestResponse><Status>0</Status><Base64LabelImage>\n   ${wrapped}\n  </Base64LabelImage><Image><![CDATA[${LABEL}]]></Image><PIC>9422123456789123456783</PIC></LabelRequestResponse>`;
    const out = redactText(xml);
    expect(out).not.toContain(LABEL.slice(0, 76));
    expect(out).toContain('<Base64LabelImage>[label: 1500 bytes]</Base64LabelImage>');
    expect(out).toContain('<![CDATA[[label: 1500 bytes]]]>');
    expect(out).toContain('<PIC>9422123456789123456783</PIC>');
  });

  it('redacts to the end an unterminated secret element', () => {
    expect(redactText('<a><Password>hunter2<b>x</b>')).toBe('<a><Password>[REDACTED]');
  });

  // 100,000 unclosed tags: a scan that went back over the page for each one would run for minutes
  // and meet the test's time limit; a linear one answers in well under a second.
  it('stays linear on a large HTML page full of unclosed tags', () => {
    const html = `<html><body>${'<br><p>line '.repeat(50_000)}<Password>hunter2</Password></body></html>`;
    expect(redactText(html, 'text/html')).toContain('<Password>[REDACTED]</Password>');
  });

  it.skipIf(fixturesMissing)('scrubs the carrier_d_reseller recorded requests', () => {
    const xml = readFixtureText('carrier_d_reseller', 'samples/els-guide-v7.0-2013__LabelRequest__listing-3-1.xml');
    const out = redactText(xml);
    expect(xml).toContain('samplePassPhrase');
    expect(out).not.toContain('samplePassPhrase');
    expect(out).toContain('<AccountID>123456</AccountID>');
    expect(out).toContain('<ToCity>Palo Alto</ToCity>');
  });
});

describe('redactText: forms and text', () => {
  it('redacts form members, including an XML request inside a form field', () => {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'cid',
      client_secret: 'sec-1',
      changePassPhraseRequestXML:
        '<ChangePassPhraseRequest><AccountID>99</AccountID><PassPhrase>old-pp</PassPhrase><NewPassPhrase>new-pp</NewPassPhrase></ChangePassPhraseRequest>',
    }).toString();
    const out = redactText(body, 'application/x-www-form-urlencoded');
    for (const s of ['sec-1', '=cid', 'old-pp', 'new-pp']) expect(out).not.toContain(s);
    expect(out).toContain('grant_type=client_credentials');
    expect(out).toContain('client_secret=[REDACTED]');
    expect(out).toContain('<AccountID>99</AccountID>');
  });

  it('recognises a form body without a content type', () => {
    expect(redactText('username=bob&password=pw1')).toBe('username=bob&password=[REDACTED]');
  });

  it('scrubs recognisable shapes in free text', () => {
    const out = redactText('failed: {"password":"p1"} api_key=k1&x=1 token: t1 Basic dXNlcjpwYXNz', 'text/plain');
    for (const s of ['p1', 'k1', 't1', 'dXNlcjpwYXNz']) expect(out).not.toContain(s);
    expect(out).toContain('x=1');
    expect(out).toContain('failed');
  });

  it('leaves an empty body empty', () => {
    expect(redactText('')).toBe('');
  });
});

describe('redactHeaders and redactUrl', () => {
  it('redacts credential headers whatever their case and keeps the others, keys lower-cased', () => {
    const out = redactHeaders({
      Authorization: 'Bearer abc',
      'X-API-Key': 'k',
      'x-auth-token': 't',
      Cookie: 'sid=1',
      'Content-Type': 'application/json',
      'X-Trace': ['a', 'b'],
      'X-Missing': undefined,
    });
    expect(out).toEqual({
      authorization: REDACTED,
      'x-api-key': REDACTED,
      'x-auth-token': REDACTED,
      cookie: REDACTED,
      'content-type': 'application/json',
      'x-trace': 'a, b',
    });
  });

  it('redacts secret query parameters and userinfo', () => {
    const out = redactUrl('https://user:pw@api.example.test/track?api_key=k1&tracking=123');
    expect(out).not.toContain('k1');
    expect(out).not.toContain('pw@');
    expect(out).toContain('tracking=123');
  });

  it('scrubs an XML request passed as a query value inside, keeping the rest of it readable', () => {
    const xml =
      '<data appname="portal-user" password="portal-secret" piece-code="340434310001" request="d-get-piece-detail"/>';
    const out = decodeURIComponent(
      redactUrl(`https://api.example.test/parcel/de/tracking/v0/shipments?xml=${encodeURIComponent(xml)}`).replace(
        /\+/g,
        ' ',
      ),
    );
    expect(out).not.toContain('portal-secret');
    expect(out).toContain('piece-code="340434310001"');
  });
});

describe('transport error helpers', () => {
  it('parses Retry-After seconds and dates, defaulting to 1', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(1);
    expect(parseRetryAfter(undefined, now)).toBe(1);
    expect(parseRetryAfter('soon', now)).toBe(1);
  });

  it('extracts a carrier message and code, one line, never a stack or a secret', () => {
    expect(
      carrierMessage('{"response":{"errors":[{"code":"250002","message":"Invalid Authentication Information."}]}}'),
    ).toEqual({
      code: '250002',
      message: 'Invalid Authentication Information.',
    });
    const stacked = carrierMessage('{"message":"Boom\\n    at handler (/srv/app.js:1:1)","stackTrace":"x"}');
    expect(stacked?.message).toBe('Boom');
    expect(carrierMessage('{"detail":"bad token: Bearer abc123"}')?.message).not.toContain('abc123');
    expect(carrierMessage('<Error><Code>E1</Code><Message>Down for maintenance</Message></Error>')).toEqual({
      code: 'E1',
      message: 'Down for maintenance',
    });
    expect(carrierMessage('<!DOCTYPE html><html><title>502</title></html>')).toBeUndefined();
    expect(carrierMessage('plain text')).toBeUndefined();
    expect(carrierMessage(`{"message":"${'x'.repeat(500)}"}`)?.message?.length).toBeLessThanOrEqual(201);
  });
});
