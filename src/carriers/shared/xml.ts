/**
 * XML for the carriers that speak it, through fast-xml-parser only: documents are built from plain
 * objects (the builder escapes every text and attribute value, so a name with `&` or `<` cannot
 * break a request) and read into plain objects that the parsers walk with the helpers below,
 * never by string search.
 *
 * Object shape, both ways: an element is a member named after it; attributes are members named
 * `@_<name>`; repeated elements are arrays; an element with attributes and text keeps the text in
 * `#text`. Namespace prefixes and `xmlns` declarations are dropped on reading (carrier answers
 * carry a default namespace that means nothing to a reader of plain names).
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { dropUndefined, isObject, numeric, text, type JsonObject } from './json.js';

export type XmlObject = JsonObject;

// suppressBooleanAttributes off: an attribute whose value is "true" must keep it (TokenRequested="true").
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: false,
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: postal codes, tracking numbers and amounts must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** `<root …>…</root>` from an object; undefined members are left out, numbers written as text. */
export function buildXml(root: string, body: object): string {
  return builder.build({ [root]: dropUndefined(body) }) as string;
}

/** The parsed document (`{ Root: {...} }`), or undefined when the text is not well-formed XML. */
export function parseXml(xml: string): XmlObject | undefined {
  if (typeof xml !== 'string' || xml.trim() === '' || XMLValidator.validate(xml) !== true) return undefined;
  try {
    const doc: unknown = parser.parse(xml);
    return isObject(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** The document's root element when it has the expected name (an empty root reads as `{}`). */
export function xmlRoot(doc: XmlObject | undefined, name: string): XmlObject | undefined {
  if (!doc || !(name in doc)) return undefined;
  const root = doc[name];
  if (isObject(root)) return root;
  return root === '' ? {} : undefined;
}

/** The name of the document's root element. */
export function xmlRootName(doc: XmlObject | undefined): string | undefined {
  return doc ? Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('@_')) : undefined;
}

/** An element's trimmed text (also of an element with attributes), else undefined. */
export function xmlText(value: unknown): string | undefined {
  if (Array.isArray(value)) return xmlText(value[0]);
  if (isObject(value)) return text(value['#text']);
  return text(value);
}

/** An attribute of an element. */
export function xmlAttr(value: unknown, name: string): string | undefined {
  return isObject(value) ? text(value[`@_${name}`]) : undefined;
}

/** An element as an object (an element holding only text or nothing reads as `{}`). */
export function xmlElement(value: unknown): XmlObject | undefined {
  if (Array.isArray(value)) return xmlElement(value[0]);
  if (isObject(value)) return value;
  return typeof value === 'string' ? {} : undefined;
}

/** Every occurrence of a possibly repeated element. */
export function xmlList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A number written as the element's text, else undefined. */
export function xmlNumber(value: unknown): number | undefined {
  return numeric(xmlText(value));
}
