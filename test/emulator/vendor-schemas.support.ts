/**
 * The emulator checked against the carriers' own published API descriptions: every answer is
 * validated against the response schema the carrier's OpenAPI document gives for its operation and
 * status, read in place from `$WAYBILL_CARRIER_FIXTURES/<slug>/vendor`. Where a vendor schema and
 * the payloads recorded from the real carrier disagree, the recorded payloads win: each carrier's
 * suite lists those places (`KnownDifference`), with the reason, and nothing else may differ.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readdirSync } from 'node:fs';
import { fixturePath, readFixtureJson } from '../support/fixtures.js';

type Doc = Record<string, unknown>;

/** A place where the emulator follows the recorded payloads rather than the vendor schema. */
export interface KnownDifference {
  /** The operation's vendor path as the document writes it (`*`: every path), and the instance path, exactly or as a pattern. */
  path: string;
  instancePath: string | RegExp;
  /** The failing schema keyword (`type`, `required`, `enum`, …), `status` for a status the document does not list (the status as instancePath), or `*`. */
  keyword: string;
  why: string;
}

export interface VendorCheck {
  /** The vendor document's file in `<slug>/vendor`. */
  file: string;
  method: string;
  /** The path as the vendor document writes it (`/rating/{version}/{requestoption}`). */
  path: string;
}

// ajv-formats ships CommonJS with a default export that ESM sees one level down.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void;

const ptr = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** One validator per carrier: each vendor document loaded once, each response schema compiled once. */
export class VendorSchemas {
  readonly #ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateSchema: false,
    logger: false,
    discriminator: false,
  });
  readonly #docs = new Map<string, Doc>();
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(readonly slug: string) {
    addFormats(this.#ajv);
  }

  async #doc(file: string): Promise<Doc> {
    let doc = this.#docs.get(file);
    if (!doc) {
      doc = (await SwaggerParser.parse(fixturePath(this.slug, `vendor/${file}`))) as unknown as Doc;
      this.#ajv.addSchema(draft4Bounds(structuredClone(doc)), file);
      this.#docs.set(file, doc);
    }
    return doc;
  }

  /**
   * The JSON response schema of an operation and status, as a pointer into its document (undefined
   * when the answer has no JSON body), and whether the document lists that status at all. An error
   * status it does not list is checked against its first error answer: the carrier's error body.
   */
  async #schemaRef(
    check: VendorCheck,
    status: number,
    contentType?: string,
  ): Promise<{ ref?: string; documented: boolean }> {
    const doc = await this.#doc(check.file);
    const op = (doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)[check.path]?.[
      check.method.toLowerCase()
    ];
    if (!op?.responses) throw new Error(`${this.slug}/${check.file} has no ${check.method} ${check.path}`);
    // A success must be the one the document lists (200 or 201); `default` stands for the rest.
    const successes = Object.keys(op.responses).filter((k) => k.startsWith('2'));
    const documented =
      String(status) in op.responses || ('default' in op.responses && !(status < 300 && successes.length > 0));
    const key =
      String(status) in op.responses
        ? String(status)
        : 'default' in op.responses
          ? 'default'
          : status >= 400
            ? Object.keys(op.responses).find((k) => k >= '400')
            : undefined;
    if (!key) return { documented };
    let pointer = `#/paths/${ptr(check.path)}/${check.method.toLowerCase()}/responses/${key}`;
    let response = op.responses[key] as { $ref?: string; content?: Record<string, { schema?: unknown }> };
    if (response.$ref) {
      pointer = response.$ref;
      response = resolve(doc, response.$ref) as typeof response;
    }
    const types = Object.keys(response.content ?? {});
    const type = (contentType && types.find((t) => contentType.startsWith(t))) ?? types.find((t) => t.includes('json'));
    return {
      documented,
      ...(type && response.content?.[type]?.schema
        ? { ref: `${check.file}${pointer}/content/${ptr(type)}/schema` }
        : {}),
    };
  }

  /** Schema errors of one answer, less the known differences; `[]` when it conforms. */
  async check(check: VendorCheck, answer: Answer, known: readonly KnownDifference[]): Promise<string[]> {
    const { status, json: body } = answer;
    const { ref, documented } = await this.#schemaRef(check, status, answer.contentType);
    const undocumented =
      documented ||
      known.some((k) => isKnown(k, check.path, { instancePath: String(status), keyword: 'status' } as ErrorObject))
        ? []
        : [`${check.method} ${check.path} ${status}: status not documented`];
    if (!ref) return undocumented;
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#compiled.set(ref, validate);
    }
    if (validate(body)) return undocumented;
    return [
      ...undocumented,
      ...(validate.errors ?? [])
        .filter((e) => !known.some((k) => isKnown(k, check.path, e)))
        .map((e) =>
          `${check.method} ${check.path} ${status}: ${e.instancePath || '/'} ${e.message ?? e.keyword} ${e.keyword === 'additionalProperties' || e.keyword === 'enum' ? JSON.stringify(e.params) : ''}`.trim(),
        ),
    ];
  }
}

/**
 * OpenAPI 3.0 writes exclusive bounds as JSON Schema draft 4 did (`minimum: 0, exclusiveMinimum:
 * true`); ajv reads the later form (`exclusiveMinimum: 0`).
 */
function draft4Bounds<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(draft4Bounds);
  else if (node !== null && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    for (const [bound, exclusive] of [
      ['minimum', 'exclusiveMinimum'],
      ['maximum', 'exclusiveMaximum'],
    ] as const) {
      if (typeof o[exclusive] !== 'boolean') continue;
      if (o[exclusive] === true) o[exclusive] = o[bound];
      else delete o[exclusive];
      if (o[exclusive] !== undefined) delete o[bound];
    }
    Object.values(o).forEach(draft4Bounds);
  }
  return node;
}

function isKnown(k: KnownDifference, path: string, e: ErrorObject): boolean {
  if ((k.path !== '*' && k.path !== path) || (k.keyword !== '*' && k.keyword !== e.keyword)) return false;
  return typeof k.instancePath === 'string' ? k.instancePath === e.instancePath : k.instancePath.test(e.instancePath);
}

function resolve(doc: Doc, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

/** The recorded request bodies of a carrier (`fixtures/*Request*.json`), by file name. */
export function recordedRequests(slug: string): string[] {
  return readdirSync(fixturePath(slug, 'fixtures'))
    .filter((f) => /Request.*\.json$/.test(f))
    .sort();
}

/**
 * A recorded request ready to send again: `<python-expr: ...>` placeholders (computed values:
 * dates, images) become what `fill` gives for the member's name; a `"**Other": "<spread>"` member
 * (a request written as another one plus changes) brings in that request's members; and every
 * recorded date, which lies years in the past, moves to `day` (a carrier refuses past dates), also
 * where written `yyyymmdd` in a member named for a date.
 */
export function recordedRequest<T = unknown>(
  slug: string,
  file: string,
  day: string,
  fill: (member: string) => unknown,
): T {
  const prefix = file.slice(0, file.indexOf('_') + 1);
  const walk = (node: unknown, member: string): unknown => {
    if (typeof node === 'string' && node.startsWith('<python-expr:')) return fill(member);
    if (typeof node === 'string' && DATE.test(node)) return node.replace(DATE, day);
    if (typeof node === 'string' && /date/i.test(member) && /^\d{8}$/.test(node)) return day.replace(/-/g, '');
    if (Array.isArray(node)) return node.map((n) => walk(n, member));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const spread = /^\*\*(\w+)((?:\['\w+'\])*)$/.exec(k);
      if (spread && v === '<spread>') {
        const keys = [...(spread[2] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1] ?? '');
        Object.assign(
          out,
          keys.reduce<unknown>(
            (n, key) => (n as Record<string, unknown>)[key],
            walk(readFixtureJson(slug, `fixtures/${prefix}${spread[1]}.json`), ''),
          ),
        );
      } else out[k] = walk(v, k);
    }
    return out;
  };
  return walk(readFixtureJson(slug, `fixtures/${file}`), '') as T;
}

const DATE = /^\d{4}-\d{2}-\d{2}(?=$|T| )/;

/**
 * An answer of the emulator: its status and parsed JSON body; a multipart answer gives its
 * content type and, as `json`, its parts by name (JSON parts parsed, others as text).
 */
export interface Answer {
  status: number;
  json: unknown;
  contentType?: string;
}

/** Schema errors of each answer, named by what was asked; `{}` when every answer conforms. */
export async function nonConforming(
  schemas: VendorSchemas,
  check: VendorCheck,
  answers: Record<string, Answer>,
  known: readonly KnownDifference[],
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, answer] of Object.entries(answers)) {
    const errors = await schemas.check(check, answer, known);
    if (errors.length) out[`${name} (${answer.status})`] = errors;
  }
  return out;
}

/** Members of a recorded reply the emulator's answer lacks: for operations no vendor document describes. */
export function missingRecordedMembers(slug: string, file: string, answer: unknown): string[] {
  const recorded = readFixtureJson<Record<string, unknown>>(slug, `fixtures/${file}`);
  const got = answer !== null && typeof answer === 'object' ? Object.keys(answer) : [];
  return Object.keys(recorded).filter((k) => !got.includes(k));
}
