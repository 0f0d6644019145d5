/**
 * Members the interface does not name are accepted and ignored (clients of the original interface
 * send members of their own models), which makes a typo silent: `"label_typ": "ZPLII"` booked a
 * PDF. Each ignored member of a valid body is named, by its path, in the `Waybill-Ignored-Members`
 * response header and in the debug log, so that the client can see what was not read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.js';

export const IGNORED_HEADER = 'waybill-ignored-members';
const MAX_DEPTH = 32;
/** A header stays small whatever the body: the first members, then how many more. */
const MAX_NAMED = 20;

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: unknown;
  patternProperties?: unknown;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** The schema and the alternatives it is made of (unions and intersections). */
function branches(schema: Schema): Schema[] {
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [schema, ...nested.flatMap(branches)];
}

/** What the walk needs of one schema, worked out once per schema rather than on every request. */
interface Plan {
  /** The schemas of an array's items, from every alternative. */
  items: Schema[];
  /** For each member some alternative names, the schemas naming it; undefined: the object ignores nothing. */
  members: Map<string, Schema[]> | undefined;
}

const plans = new WeakMap<Schema, Plan>();

function planOf(schema: Schema): Plan {
  let plan = plans.get(schema);
  if (plan) return plan;
  const all = branches(schema);
  const items = all.flatMap((s) => (s.items === undefined ? [] : Array.isArray(s.items) ? s.items : [s.items]));
  const objects = all.filter((s) => s.properties !== undefined);
  // An object whose schema names no members, or takes any (a free-form map), ignores nothing.
  const freeForm = all.some(
    (s) =>
      s.additionalProperties === true ||
      typeof s.additionalProperties === 'object' ||
      s.patternProperties !== undefined,
  );
  let members: Map<string, Schema[]> | undefined;
  if (objects.length > 0 && !freeForm) {
    members = new Map();
    for (const s of objects)
      for (const [key, member] of Object.entries(s.properties!))
        members.set(key, [...(members.get(key) ?? []), member]);
  }
  plans.set(schema, (plan = { items, members }));
  return plan;
}

/** Appends the paths of the members `value` has that `schema` does not name. */
export function ignoredMembers(schema: Schema, value: unknown, path: string, out: string[], depth = 0): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  const plan = planOf(schema);
  if (Array.isArray(value)) {
    value.forEach((v, i) => plan.items.forEach((s) => ignoredMembers(s, v, `${path}[${i}]`, out, depth + 1)));
    return;
  }
  if (plan.members === undefined) return;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const member = (value as Record<string, unknown>)[key];
    const named = plan.members.get(key);
    // A named member that is no object or array ignores nothing below it: its path is not even written.
    if (named !== undefined && (member === null || typeof member !== 'object')) continue;
    const at = path ? `${path}.${key}` : key;
    if (named === undefined) out.push(at);
    // A member named by several alternatives is ignored only where none of them reads it.
    else if (named.length === 1) ignoredMembers(named[0]!, member, at, out, depth + 1);
    else {
      const each = named.map((s) => {
        const found: string[] = [];
        ignoredMembers(s, member, at, found, depth + 1);
        return found;
      });
      out.push(...each.reduce((a, b) => a.filter((p) => b.includes(p))));
    }
  }
}

export function registerIgnoredMembers(app: App): void {
  // preHandler: after validation, on the body the route will read. A callback hook: no promise per request.
  app.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const schema = req.routeOptions.schema?.body as Schema | undefined;
    if (schema === undefined || req.body === null || typeof req.body !== 'object') return done();
    const ignored: string[] = [];
    ignoredMembers(schema, req.body, '', ignored);
    if (ignored.length > 0) {
      const named = ignored.slice(0, MAX_NAMED).join(', ');
      reply.header(
        IGNORED_HEADER,
        ignored.length > MAX_NAMED ? `${named}, and ${ignored.length - MAX_NAMED} more` : named,
      );
      req.log.debug({ ignored }, `request members the interface does not name were ignored: ${named}`);
    }
    done();
  });
}
