/** carriers/shared/xml.ts: building escapes every value, reading drops namespaces and keeps text. */
import { describe, expect, it } from 'vitest';
import {
  buildXml,
  parseXml,
  xmlAttr,
  xmlElement,
  xmlList,
  xmlNumber,
  xmlRoot,
  xmlRootName,
  xmlText,
} from '../../../src/carriers/shared/xml.js';

describe('buildXml', () => {
  it('escapes &, <, > and quotes in text and attributes, so names cannot break a request', () => {
    const xml = buildXml('LabelRequest', { '@_Test': 'a"&<b', ToName: 'Bob & <Sons> "Ltd"', Note: "O'Hara" });
    expect(xml).toBe(
      '<LabelRequest Test="a&quot;&amp;&lt;b"><ToName>Bob &amp; &lt;Sons&gt; &quot;Ltd&quot;</ToName><Note>O&apos;Hara</Note></LabelRequest>',
    );
    const back = xmlRoot(parseXml(xml), 'LabelRequest');
    expect(xmlText(back?.ToName)).toBe('Bob & <Sons> "Ltd"');
    expect(xmlAttr(back, 'Test')).toBe('a"&<b');
  });

  it('keeps attributes whose value is "true" (TokenRequested="true")', () => {
    expect(buildXml('R', { '@_TokenRequested': 'true' })).toBe('<R TokenRequested="true"></R>');
  });

  it('writes arrays as repeated elements, leaves undefined members out, numbers as text', () => {
    expect(buildXml('R', { PicNumbers: { PicNumber: ['1', '2'] }, Skip: undefined, N: 5 })).toBe(
      '<R><PicNumbers><PicNumber>1</PicNumber><PicNumber>2</PicNumber></PicNumbers><N>5</N></R>',
    );
  });

  it('cannot be tricked into markup by a value that looks like XML', () => {
    const xml = buildXml('R', { A: '</A><PassPhrase>x</PassPhrase><A>' });
    const root = xmlRoot(parseXml(xml), 'R');
    expect(Object.keys(root ?? {})).toEqual(['A']);
  });
});

describe('parseXml and its readers', () => {
  const doc = parseXml(
    '<?xml version="1.0" encoding="utf-8"?><R xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="www.envmgr.com/LabelService"><Status>0</Status><Zip>02134</Zip><Empty /><L><Image PartNumber="2">b</Image><Image PartNumber="1">a</Image></L><One><Image PartNumber="1">x</Image></One></R>',
  );
  const root = xmlRoot(doc, 'R');

  it('drops the default namespace and keeps every value as text', () => {
    expect(xmlRootName(doc)).toBe('R');
    expect(Object.keys(root ?? {})).not.toContain('@_xmlns');
    expect(xmlText(root?.Zip)).toBe('02134');
    expect(xmlNumber(root?.Status)).toBe(0);
    expect(xmlText(root?.Empty)).toBeUndefined();
  });

  it('reads repeated and single elements alike, with attributes and text', () => {
    const images = xmlList(xmlElement(root?.L)?.Image);
    expect(images.map((i) => [xmlAttr(i, 'PartNumber'), xmlText(i)])).toEqual([
      ['2', 'b'],
      ['1', 'a'],
    ]);
    expect(xmlList(xmlElement(root?.One)?.Image)).toHaveLength(1);
    expect(xmlList(undefined)).toEqual([]);
  });

  it('answers undefined for anything that is not well-formed XML', () => {
    for (const bad of ['', 'not xml', '{"a":1}', '<R><a></R>', '<R>', '<?xml version="1.0"?>'])
      expect(parseXml(bad), bad).toBeUndefined();
    expect(xmlRoot(parseXml('<Other/>'), 'R')).toBeUndefined();
    expect(xmlRoot(parseXml('<R/>'), 'R')).toEqual({});
  });
});
