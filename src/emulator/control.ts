/**
 * The control API under `/_emulator/` (README.md "The carrier emulator"). It is the emulator's
 * own, so its errors use one plain shape: `{ error: { code, message } }` with status 400.
 *
 *   GET    /_emulator                 carriers, their base paths and operations, the clock
 *   GET    /_emulator/clock           { now, offset_ms }
 *   POST   /_emulator/clock           { advance_ms }   → moves time; answers { now, offset_ms }
 *   DELETE /_emulator/clock           back to the base clock
 *   GET    /_emulator/faults          { faults: [...] }
 *   POST   /_emulator/faults          { carrier, operation, fault, count } → 201 { fault }
 *   DELETE /_emulator/faults[?carrier=slug]  → { cleared }
 *   GET    /_emulator/bookings[?carrier=slug]  { bookings: { <slug>: [{ tracking_number, references,
 *                                    booked_at, cancelled }] } }: what each carrier that keeps its
 *                                    bookings by reference booked, so tests count carrier bookings;
 *                                    with a state directory, those before a restart too
 *   POST   /_emulator/credentials    { carrier, auth: { member: value } } → 201 { known: n }: the
 *                                    carrier now knows the auth's id/secret pairs (credentials.ts)
 *   DELETE /_emulator/credentials    { carrier, auth } → { forgotten: n }: the carrier revokes the
 *                                    auth's ids, as a developer portal revoking an app does: they
 *                                    and the tokens issued to them are refused from then on
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatedCarrier } from './carrier.js';
import type { ShiftableClock } from './clock.js';
import type { CredentialBook, KnownCredential } from './credentials.js';
import { FaultRequestError, type FaultStore } from './faults.js';

interface ControlDeps {
  clock: ShiftableClock;
  faults: FaultStore;
  carriers: readonly EmulatedCarrier[];
  credentials: CredentialBook;
}

function badRequest(reply: FastifyReply, code: string, message: string): FastifyReply {
  return reply.code(400).send({ error: { code, message } });
}

export function registerControl(app: FastifyInstance, deps: ControlDeps): void {
  const { clock, faults, carriers, credentials } = deps;
  const clockView = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs });

  app.get('/_emulator', async () => ({
    carriers: carriers.map((c) => ({ slug: c.slug, base_path: `/${c.slug}`, operations: c.operations })),
    clock: clockView(),
  }));

  app.get('/_emulator/clock', async () => clockView());

  app.post('/_emulator/clock', async (request, reply) => {
    const body = request.body;
    const advance =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>).advance_ms : undefined;
    if (typeof advance !== 'number' || !Number.isFinite(advance) || !Number.isInteger(advance)) {
      return badRequest(reply, 'invalid_clock', 'body must be {"advance_ms": <integer milliseconds>}');
    }
    clock.advance(advance);
    return clockView();
  });

  app.delete('/_emulator/clock', async () => {
    clock.reset();
    return clockView();
  });

  app.get('/_emulator/faults', async () => ({ faults: faults.list() }));

  app.get('/_emulator/bookings', async (request) => {
    const only = (request.query as Record<string, string | undefined>).carrier;
    const listed = carriers.filter((c) => c.bookings && (only === undefined || c.slug === only));
    return { bookings: Object.fromEntries(listed.map((c) => [c.slug, c.bookings!()])) };
  });

  app.post('/_emulator/faults', async (request, reply) => {
    try {
      return reply.code(201).send({ fault: faults.add(request.body) });
    } catch (err) {
      if (err instanceof FaultRequestError) return badRequest(reply, 'invalid_fault', err.message);
      throw err;
    }
  });

  app.delete('/_emulator/faults', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    return { cleared: faults.clear(query.carrier) };
  });

  /** The id/secret pairs of a control request's `{carrier, auth}`, or the 400 that says what is wrong. */
  function pairsOf(body: unknown, reply: FastifyReply): KnownCredential[] | FastifyReply {
    const { carrier: slug, auth } = (body ?? {}) as { carrier?: unknown; auth?: unknown };
    const carrier = carriers.find((c) => c.slug === slug)?.slug;
    if (!carrier) return badRequest(reply, 'invalid_credentials', 'carrier must be one of the emulated carriers');
    if (!auth || typeof auth !== 'object' || Object.values(auth).some((v) => typeof v !== 'string')) {
      return badRequest(reply, 'invalid_credentials', 'auth must be an object of strings');
    }
    const found = credentials.credentialsOf(carrier, auth as Record<string, string>);
    if (found.length === 0)
      return badRequest(reply, 'invalid_credentials', `auth has no id and secret pair ${carrier} checks`);
    return found;
  }

  app.post('/_emulator/credentials', async (request, reply) => {
    const found = pairsOf(request.body, reply);
    if (!Array.isArray(found)) return found;
    for (const c of found) credentials.add(c);
    return reply.code(201).send({ known: found.length });
  });

  app.delete('/_emulator/credentials', async (request, reply) => {
    const found = pairsOf(request.body, reply);
    if (!Array.isArray(found)) return found;
    return { forgotten: found.filter((c) => credentials.forget(c)).length };
  });
}
