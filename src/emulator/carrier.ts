/**
 * What every emulated carrier provides to the shared server. A carrier folder
 * (src/emulator/<slug>/) exports one factory returning this object (built by skeleton.ts) and
 * its state, listed in registry.ts; server.ts mounts its plugin under `/<slug>` and the fault
 * injector asks it for its own error bodies, so that an injected 401 or 500 looks exactly like
 * that carrier's real one.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CarrierSlug } from '../carriers/carrier.js';
import type { ShiftableClock } from './clock.js';
import type { Sequences } from './sequences.js';
import type { CredentialBook } from './credentials.js';
import type { renderInvoicePdf, renderLabel } from '../documents/drawing/index.js';

/** Faults a carrier answers in its own wire format (the others are transport-level). */
export type CarrierFaultKind = 'http_500' | 'http_429' | 'auth' | 'malformed';

export interface FaultResponse {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export interface EmulatedCarrier {
  readonly slug: CarrierSlug;
  /** Operation names a fault rule may target (besides `*`); each route declares one of them. */
  readonly operations: readonly string[];
  /** The carrier's routes at the carrier's real paths; registered with prefix `/<slug>`. */
  readonly plugin: FastifyPluginAsync;
  /** The body the real carrier sends for this failure on this operation. */
  faultResponse(kind: CarrierFaultKind, operation: string, retryAfterSeconds: number): FaultResponse;
  /** What the carrier booked, oldest first, with the references each booking carries (GET /_emulator/bookings). */
  bookings?(): EmulatedBooking[];
}

/** One booking the emulator made, as the control API lists it. */
export interface EmulatedBooking {
  tracking_number: string;
  /** Every reference the booking carries, the shipper's and Waybill's alike, as the carrier keeps them. */
  references: string[];
  booked_at: string;
  cancelled: boolean;
}

/** What a carrier folder's factory returns: the carrier, and its state for tests to inspect. */
export interface EmulatedCarrierModule<S> {
  carrier: EmulatedCarrier;
  state: S;
}

/** What the server hands every carrier factory. */
export interface EmulatorContext {
  clock: ShiftableClock;
  /** Where numbers come from, so that a restarted emulator never hands out one again. */
  sequences: Sequences;
  /** The credentials the carriers issued; the others are refused as each carrier refuses them. */
  credentials: CredentialBook;
  /** How the carriers draw their documents (documents/drawing/, on threads; handed in so a test can hold a drawing). */
  drawing: Drawing;
}

/** Labels and invoices as the carriers draw them. */
export interface Drawing {
  renderLabel: typeof renderLabel;
  renderInvoicePdf: typeof renderInvoicePdf;
}

/** Tags a route with its carrier and operation, which is how faults find the calls they target. */
export interface EmulatorRouteTag {
  carrier: CarrierSlug;
  operation: string;
}

/** Route options that tag a route with its operation (faults and authentication read it). */
export interface TaggedRoute {
  config: { emulator: EmulatorRouteTag };
}

/** What a carrier's route modules share at least: its state, the emulator clock and route tags. */
export interface CarrierCtx<S, O extends string> {
  state: S;
  clock: ShiftableClock;
  tag(operation: O): TaggedRoute;
}

export function carrierCtx<S, O extends string>(
  carrier: CarrierSlug,
  state: S,
  clock: ShiftableClock,
): CarrierCtx<S, O> {
  return { state, clock, tag: (operation) => ({ config: { emulator: { carrier, operation } } }) };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    emulator?: EmulatorRouteTag;
  }
}
