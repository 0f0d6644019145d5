/**
 * Secret and label redaction for anything about a carrier exchange that may reach a log, a debug
 * trace or an error detail. Carriers put credentials in headers (Authorization, API keys), JSON
 * members (client_secret), form fields (a passphrase) and XML elements (<PassPhrase>), and
 * put labels in base64 members that are both sensitive (addresses) and huge; all of them are covered
 * here so that clients never have to think about it.
 *
 * Redaction is best effort on bodies that fail to parse: it then falls back to pattern matching on
 * the raw text, so a malformed body is still scrubbed rather than logged verbatim.
 *
 * A log line of an exchange (redactedBody, redactUrl) also leaves out streets, phones, e-mail
 * addresses and people's names; cities, postal codes and countries stay. Error details keep them:
 * the caller sent them and needs to see which one the carrier refused.
 */

import { isSecretName, loggedUrl, REDACTED } from '../../foundations/logger.js';
import { multipartBoundary } from './multipart.js';
export { REDACTED };
/** Names of members that usually carry label or document bytes. */
const LABEL_NAME = /label|image|content|graphic|base64|encoded|document|pdf|zpl|png/i;
const BASE64 = /^[A-Za-z0-9+/=_-]+$/;
/** Base64 is wrapped at 64 or 76 characters; words of prose never get this long. */
const BASE64_LINE_MIN = 40;
/** A label-named value shorter than this is an ordinary field ("label": "PDF", "content": "Books"). */
const LABEL_MIN_CHARS = 64;
/** Any base64-looking string this long is treated as a binary payload whatever its name. */
const BLOB_MIN_CHARS = 2048;
/** Credentials that travel inside free text ("Bearer eyJ…", "Basic dXNlcjpw…"). */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** Names of members that hold a person's street, phone, e-mail address or name. */
const PERSONAL_NAME =
  /street|address_?line|^address_?\d$|secondaryaddress|addresshouse|additionaladdress|^line_?\d$|phone|mobile|^fax$|e_?mail|personname|attention|fullname|firstname|lastname|givenname|familyname|contactname|contactperson|^name_?\d$/i;
const isSecretOrPersonal = (name: string) => isSecretName(name) || PERSONAL_NAME.test(name);
/** Whose values are replaced: secrets, and personal data too while a log line is made (forLog). */
let hides: (name: string) => boolean = isSecretName;

function forLog<T>(redact: () => T): T {
  hides = isSecretOrPersonal;
  try {
    return redact();
  } finally {
    hides = isSecretName;
  }
}

function labelMarker(value: string): string {
  const clean = value.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return `[label: ${Math.max(0, Math.floor((clean.length * 3) / 4) - padding)} bytes]`;
}

/**
 * Label bytes: base64, possibly wrapped in lines (XML carriers wrap and indent it). A label-named
 * member qualifies from LABEL_MIN_CHARS, any other string only from BLOB_MIN_CHARS.
 */
function isBlob(value: string, name: string | undefined): boolean {
  const min = name !== undefined && LABEL_NAME.test(name) ? LABEL_MIN_CHARS : BLOB_MIN_CHARS;
  if (value.length < min) return false;
  let longest = 0;
  for (const line of value.split(/\s+/)) {
    if (line === '') continue;
    if (!BASE64.test(line)) return false;
    longest = Math.max(longest, line.length);
  }
  return longest >= Math.min(BASE64_LINE_MIN, min);
}

/** A leaf value: secret by name, label bytes by shape, or credentials embedded in text. */
function redactValue(name: string | undefined, value: string): string {
  if (name !== undefined && hides(name)) return REDACTED;
  if (isBlob(value, name)) return labelMarker(value);
  return value.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function redactJsonValue(name: string | undefined, value: Json): Json {
  if (name !== undefined && hides(name)) return REDACTED;
  if (typeof value === 'string') return redactNested(name, value);
  if (Array.isArray(value)) return value.map((v) => redactJsonValue(name, v));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactJsonValue(k, v);
    return out;
  }
  return value;
}

function redactJson(body: string): string | undefined {
  let parsed: Json;
  try {
    parsed = JSON.parse(body) as Json;
  } catch {
    return undefined;
  }
  return JSON.stringify(redactJsonValue(undefined, parsed));
}

const XML_ATTRIBUTE = /(\s)((?:[\w.-]+:)?([\w.-]+))\s*=\s*("[^"]*"|'[^']*')/g;
/** CDATA and comments first so that a "<" inside them is not taken for a tag. */
const XML_TOKEN = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[^<>]*>/g;
const XML_NAME = /^<\/?\s*(?:[\w.-]+:)?([\w.-]+)/;
/**
 * Whole messages whose names merely mention a secret (<ChangePassPhraseRequest>) are walked into
 * instead of blanked: their secret children are still redacted by their own names.
 */
const MESSAGE_WRAPPER = /(Request|Response|Result|Reply)$/i;

function redactAttributes(tag: string): string {
  return tag.replace(XML_ATTRIBUTE, (m, sp: string, qname: string, local: string, quoted: string) =>
    hides(local) ? `${sp}${qname}=${quoted[0]}${REDACTED}${quoted[0]}` : m,
  );
}

function redactXmlText(element: string | undefined, text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  const r = redactValue(element, trimmed);
  return r === trimmed ? text : r;
}

/**
 * A single linear scan over the tags with a stack of open elements, rather than a regular
 * expression with back-references: that one goes quadratic on HTML error pages full of unclosed
 * tags, and these bodies can be megabytes. The content of a secret-named element is replaced whole
 * (children included); an unterminated one is redacted to the end, never leaked.
 */
function redactXml(xml: string): string {
  const out: string[] = [];
  const stack: string[] = [];
  let skip: { name: string; depth: number } | undefined;
  let last = 0;
  for (const m of xml.matchAll(XML_TOKEN)) {
    const tag = m[0];
    const text = xml.slice(last, m.index);
    last = m.index + tag.length;
    const kind = tag.startsWith('<![CDATA[')
      ? 'cdata'
      : tag.startsWith('</')
        ? 'close'
        : tag.startsWith('<?') || tag.startsWith('<!')
          ? 'other'
          : tag.endsWith('/>')
            ? 'self'
            : 'open';
    const local = XML_NAME.exec(tag)?.[1] ?? '';
    if (skip !== undefined) {
      if (kind === 'open' && local === skip.name) skip.depth++;
      else if (kind === 'close' && local === skip.name && --skip.depth === 0) {
        out.push(REDACTED, tag);
        stack.pop();
        skip = undefined;
      }
      continue;
    }
    out.push(redactXmlText(stack.at(-1), text));
    if (kind === 'cdata') {
      out.push(`<![CDATA[${redactXmlText(stack.at(-1), tag.slice(9, -3))}]]>`);
    } else if (kind === 'other') {
      out.push(tag);
    } else if (kind === 'close') {
      out.push(tag);
      const i = stack.lastIndexOf(local);
      if (i >= 0) stack.length = i;
    } else {
      out.push(redactAttributes(tag));
      if (kind === 'open') {
        stack.push(local);
        if (hides(local) && !MESSAGE_WRAPPER.test(local)) skip = { name: local, depth: 1 };
      }
    }
  }
  out.push(skip !== undefined ? REDACTED : redactXmlText(stack.at(-1), xml.slice(last)));
  return out.join('');
}

const FORM = /^[\w.%*~+-]+=[^&]*(?:&[\w.%*~+-]+=[^&]*)*$/;

/**
 * Rendered decoded (`name=value&…`), not re-encoded: this output is for humans reading a log, and
 * some carriers take a whole XML request in one field, unreadable once encoded.
 */
function redactForm(body: string): string {
  const parts: string[] = [];
  for (const [k, v] of new URLSearchParams(body)) parts.push(`${k}=${redactNested(k, v)}`);
  return parts.join('&');
}

/**
 * A value that may itself be a document (an XML request in a form field, JSON in a string). An XML
 * document is scrubbed inside even under a secret-looking name: a carrier may name the field of its
 * pass-phrase change request after the pass-phrase, and the whole request must stay readable.
 */
function redactNested(name: string | undefined, value: string): string {
  const t = value.trim();
  if (t.startsWith('<') && t.endsWith('>')) return redactXml(value);
  if (name !== undefined && hides(name)) return REDACTED;
  if (t.startsWith('{') || t.startsWith('[')) return redactJson(value) ?? redactLoose(value);
  return redactValue(name, value);
}

/** Last resort for text that is none of the above or does not parse: scrub recognisable shapes. */
function redactLoose(text: string): string {
  return text
    .replace(/("([^"\\]+)"\s*:\s*)"(?:[^"\\]|\\.)*"/g, (m, pre: string, name: string) =>
      hides(name) ? `${pre}"${REDACTED}"` : m,
    )
    .replace(/([\w.-]+)=([^&\s]*)/g, (m, name: string) => (hides(name) ? `${name}=${REDACTED}` : m))
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(/([\w-]+)(\s*:\s*)([^\s,;&"'[\]]+)/g, (m, name: string, sep: string) =>
      hides(name) ? `${name}${sep}${REDACTED}` : m,
    )
    .replace(/[A-Za-z0-9+/=]{2048,}/g, (blob) => labelMarker(blob));
}

/**
 * A body with secrets replaced by "[REDACTED]" and label payloads by "[label: N bytes]".
 * The content type is a hint only: the body is also sniffed, because carriers mislabel (XML sent
 * as text/plain, JSON errors under text/html).
 */
export function redactText(body: string, contentType?: string): string {
  if (body === '') return body;
  const ct = (contentType ?? '').toLowerCase();
  const boundary = multipartBoundary(contentType);
  if (boundary) return redactMultipart(body, boundary);
  const t = body.trimStart();
  if (ct.includes('json') || t.startsWith('{') || t.startsWith('[')) {
    const json = redactJson(body);
    if (json !== undefined) return json;
  }
  if (ct.includes('xml') || t.startsWith('<')) return redactXml(body);
  if (ct.includes('x-www-form-urlencoded') || FORM.test(body.trim())) {
    try {
      return redactForm(body.trim());
    } catch {
      // malformed percent-encoding: fall through to pattern matching
    }
  }
  return redactLoose(body);
}

/**
 * Multipart answers (labels and end-of-day forms with metadata): JSON and text parts are redacted as such,
 * every other part is label or document bytes and becomes a marker.
 */
function redactMultipart(body: string, boundary: string): string {
  return body
    .split(`--${boundary}`)
    .map((segment) => {
      const split = /\r?\n\r?\n/.exec(segment);
      if (!split) return segment;
      const head = segment.slice(0, split.index + split[0].length);
      const content = segment.slice(split.index + split[0].length);
      const type = /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.toLowerCase() ?? '';
      const textual = type.includes('json') || type.startsWith('text/');
      return `${head}${textual ? redactText(content, type) : `[label: ${content.trim().length} chars]\r\n`}`;
    })
    .join(`--${boundary}`);
}

/** Headers with lower-case names, secret values redacted; multi-valued headers joined. */
export function redactHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(h)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    out[name.toLowerCase()] = isSecretName(name) ? REDACTED : value.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
  }
  return out;
}

/** Debug log lines keep at most this much of a (redacted) body. */
const MAX_LOGGED_BODY = 64 * 1024;

/** A carrier exchange's body as a debug log line shows it: redacted, and cut at MAX_LOGGED_BODY. */
export function redactedBody(body: string | undefined, contentType: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  const r = forLog(() => redactText(body, contentType));
  return r.length > MAX_LOGGED_BODY ? `${r.slice(0, MAX_LOGGED_BODY)}…[${r.length - MAX_LOGGED_BODY} more chars]` : r;
}

/**
 * A carrier URL as a log line shows it: no user or password, secret-named (and personal) query
 * values redacted, an XML request passed as a query value (credentials inside) scrubbed as a body.
 */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return forLog(() => redactLoose(url));
  const u = new URL(url);
  u.username = '';
  u.password = '';
  for (const [name, value] of [...u.searchParams])
    if (value.trimStart().startsWith('<'))
      u.searchParams.set(
        name,
        forLog(() => redactNested(name, value)),
      );
  return loggedUrl(u.toString(), isSecretOrPersonal);
}
