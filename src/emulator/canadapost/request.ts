/**
 * Reading Canada Post request bodies the way its gateway checks them: XML in the carrier's
 * versioned media types, the documented root element, and postal codes in the schema's pattern
 * (six characters, upper case, no space). A refused body is answered as the gateway answers a
 * schema violation: code "Server" and a description naming the call's path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseXml, xmlElement, xmlRoot, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { failures } from './errors.js';

/** The carrier's media types: application/vnd.cpc.<service>-v<n>+xml, or unversioned (pickuprequest+xml). */
const CPC_TYPE = /^application\/vnd\.cpc\.[a-z.-]+(-v\d+)?\+xml\b/;
const POSTAL_CODE = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;

export function registerXmlParser(app: FastifyInstance): void {
  app.addContentTypeParser(CPC_TYPE, { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/** The path as the carrier names it in its messages: without the emulator's prefix and query. */
export function callPath(request: FastifyRequest): string {
  return request.url.replace(/^\/canadapost/, '').split('?')[0] ?? '';
}

/** The body's root element, or the gateway's schema refusal. */
export function readRoot(request: FastifyRequest, root: string): XmlObject {
  const path = callPath(request);
  const doc = typeof request.body === 'string' ? parseXml(request.body) : undefined;
  if (!doc) throw failures.schema(path, 'cvc-elt.1: the request body is not a well-formed XML document');
  const found = xmlRoot(doc, root);
  if (!found)
    throw failures.schema(path, `cvc-elt.1: Cannot find the declaration of element '${Object.keys(doc)[0] ?? ''}'.`);
  return found;
}

export function text(node: XmlObject | undefined, path: string): string | undefined {
  let at: unknown = node;
  for (const part of path.split('/')) at = xmlElement(at)?.[part];
  return xmlText(at);
}

export function required(request: FastifyRequest, node: XmlObject | undefined, path: string): string {
  const value = text(node, path);
  if (value === undefined)
    throw failures.schema(
      callPath(request),
      `cvc-complex-type.2.4.b: The content of element is not complete. One of '{${path}}' is expected.`,
    );
  return value;
}

export function postalCode(request: FastifyRequest, value: string): string {
  if (!POSTAL_CODE.test(value)) {
    throw failures.schema(
      callPath(request),
      `cvc-pattern-valid: Value '${value}' is not facet-valid with respect to pattern '[A-Z]\\d[A-Z]\\d[A-Z]\\d' for type 'PostalCodeType'.`,
    );
  }
  return value;
}

/** A decimal of the body that must be above zero. */
export function positive(request: FastifyRequest, node: XmlObject | undefined, path: string): number {
  const raw = required(request, node, path);
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw failures.schema(
      callPath(request),
      `cvc-minExclusive-valid: Value '${raw}' of ${path} is not facet-valid with respect to minExclusive '0.0'.`,
    );
  return value;
}

/** Length, width and height in cm, where the parcel gives them. */
export function dimensions(request: FastifyRequest, parcel: XmlObject | undefined): number[] | undefined {
  if (text(parcel, 'dimensions/length') === undefined) return undefined;
  return ['length', 'width', 'height'].map((d) => positive(request, parcel, `dimensions/${d}`));
}
