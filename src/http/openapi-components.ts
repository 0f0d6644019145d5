/**
 * /openapi.json with what operations repeat written once. Routes declare their schemas in full
 * (what validation and serialisation need), and @fastify/swagger writes each where it is used:
 * 1.46 MB, 83 % of it the same error answers (13 statuses, an example per code, in each of some 60
 * operations) and most of the rest a few contract schemas many times over (an address 30 times).
 *
 * Here each error answer becomes a `$ref` to `components.responses.<Status name>`, whose body is
 * `components.schemas.Error`; and each schema of src/contract/ that appears more than once
 * becomes a `$ref` to `components.schemas.<its export name>` (the generated client's types are
 * named after them too). Only exact copies are replaced, so the document never says less than
 * the routes do: an answer a route words differently stays where it is.
 */
import * as address from '../contract/address.js';
import * as audit from '../contract/audit.js';
import * as answers from '../contract/answers.js';
import * as batches from '../contract/batches.js';
import * as branding from '../contract/branding.js';
import * as common from '../contract/common.js';
import * as lists from '../contract/lists.js';
import * as meta from '../contract/meta.js';
import * as operations from '../contract/operations.js';
import * as identity from '../contract/identity.js';
import * as portal from '../contract/portal.js';
import * as returns from '../contract/returns.js';
import * as shipment from '../contract/shipment.js';
import * as shippingAccount from '../contract/shipping-account.js';
import * as tenants from '../contract/tenants.js';
import * as webhooks from '../contract/webhooks.js';
import type { ErrorStatus } from './errors.js';

/** Below this size a copy costs less than the `$ref` and the indirection it makes a reader follow. */
const MIN_SHARED_BYTES = 300;
const MODULES = [
  common,
  address,
  shipment,
  shippingAccount,
  answers,
  operations,
  meta,
  lists,
  returns,
  portal,
  batches,
  webhooks,
  branding,
  identity,
  audit,
  tenants,
];

const RESPONSE_NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

type Json = Record<string, any>;

/**
 * What a schema's shape is at a glance (its type, required and property names, description):
 * only a node with the shape of a contract schema is written out as JSON to be compared, so the
 * document is walked in about the time of one serialisation, not one per level of nesting.
 */
function shapeOf(node: object): string {
  const n = node as Json;
  return `${n.type}|${n.required}|${n.properties ? Object.keys(n.properties) : ''}|${n.anyOf?.length}|${n.description}|${n.items?.type}`;
}

/** The schema's name when `node` is exactly one of `named`. */
function nameOf(node: object, named: Named): string | undefined {
  return named.shapes.has(shapeOf(node)) ? named.byText.get(JSON.stringify(node)) : undefined;
}

interface Named {
  byText: Map<string, string>;
  shapes: Set<string>;
}

/** The contract's object schemas by their JSON, each under its export name (the first, for aliases). */
function contractSchemas(): Named {
  const out = new Map<string, string>();
  const shapes = new Set<string>();
  for (const module of MODULES) {
    // By name: a module's exports come in another order when a test runner loads it.
    for (const [name, value] of Object.entries<unknown>(module).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!value || typeof value !== 'object' || !('type' in value || 'anyOf' in value || 'enum' in value)) continue;
      const text = JSON.stringify(value);
      if (text.length < MIN_SHARED_BYTES || !/^[A-Z]/.test(name) || out.has(text)) continue;
      out.set(text, name);
      shapes.add(shapeOf(value));
    }
  }
  return { byText: out, shapes };
}

const chosenOf = (named: Named, keep: (name: string) => boolean): Named => {
  const byText = new Map([...named.byText].filter(([, name]) => keep(name)));
  return { byText, shapes: new Set([...byText.keys()].map((text) => shapeOf(JSON.parse(text) as object))) };
};

/**
 * Every subschema of `node` that is a contract schema, counted by name, those inside another one
 * too: a schema used once inside each of two others (TrackingResultView inside TrackResponse and
 * inside a shipment) is used twice, though neither of the two is.
 */
function countNamed(node: unknown, named: Named, counts: Map<string, number>): void {
  if (!node || typeof node !== 'object') return;
  const name = nameOf(node, named);
  if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const child of Object.values(node)) countNamed(child, named, counts);
}

/** `node` with each of the chosen schemas (but `self`, at its own root) replaced by its `$ref`. */
function refer(node: unknown, chosen: Named, self?: string): unknown {
  if (!node || typeof node !== 'object') return node;
  const name = nameOf(node, chosen);
  if (name && name !== self) return { $ref: `#/components/schemas/${name}` };
  if (Array.isArray(node)) return node.map((child) => refer(child, chosen));
  return Object.fromEntries(Object.entries(node).map(([k, child]) => [k, refer(child, chosen)]));
}

/** The contract schemas used more than once, written once under components.schemas. */
function withSharedSchemas(doc: Json): Json {
  const named = contractSchemas();
  const counts = new Map<string, number>();
  countNamed(doc.paths, named, counts);
  const chosen = chosenOf(named, (name) => (counts.get(name) ?? 0) > 1);
  if (chosen.byText.size === 0) return doc;
  const schemas: Json = {};
  for (const [text, name] of [...chosen.byText].sort(([, a], [, b]) => (a < b ? -1 : 1)))
    schemas[name] = refer(JSON.parse(text), chosen, name);
  doc.paths = refer(doc.paths, chosen);
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...schemas } };
  return doc;
}

export function withSharedComponents(doc: Json): Json {
  return withSharedSchemas(withSharedErrors(doc));
}

function withSharedErrors(doc: Json): Json {
  const responses: Record<string, Json> = {};
  const shared = new Map<string, string>();
  let error: Json | undefined;
  let errorText: string | undefined;
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const op of Object.values<Json>(item)) {
      for (const [status, res] of Object.entries<Json>(op?.responses ?? {})) {
        const name = RESPONSE_NAMES[Number(status) as ErrorStatus];
        const media = res?.content?.['application/json'];
        if (!name || !media?.schema) continue;
        errorText ??= JSON.stringify((error = media.schema));
        if (JSON.stringify(media.schema) !== errorText) continue;
        const text = JSON.stringify(res);
        const first = shared.get(name);
        if (first === undefined) {
          shared.set(name, text);
          responses[name] = {
            ...res,
            content: {
              ...res.content,
              'application/json': { ...media, schema: { $ref: '#/components/schemas/Error' } },
            },
          };
        } else if (first !== text) {
          continue;
        }
        op.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  if (!error) return doc;
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: error },
    responses: { ...doc.components?.responses, ...responses },
  };
  return doc;
}
