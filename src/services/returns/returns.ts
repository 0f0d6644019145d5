/**
 * Returns, the face: binds the dependencies to the use cases, each a named function of its own:
 * createReturn (create-return.ts), readReturn and listReturns (read-returns.ts), patchReturn
 * (void-return.ts: custom pairs and voiding).
 *
 * Carrier calls: creating costs one booking, plus one pickup for pickup methods; voiding one cancel,
 * plus one pickup cancel. Listing and reading call no carrier.
 */
import { bind } from '../../foundations/bind.js';
import { createSingleFlight } from '../kernel/index.js';
import { createReturn } from './create-return.js';
import { listReturns, readReturn } from './read-returns.js';
import type { ReturnsDeps } from './returns-deps.js';
import { patchReturn } from './void-return.js';

export type { ReturnsDeps };

export function createReturnsService(deps: ReturnsDeps) {
  // Concurrent voids of one return share the one running (void-return.ts VoidOnce).
  const voidOnce = createSingleFlight<void>();
  return {
    create: bind(deps, createReturn),
    read: bind(deps, readReturn),
    list: bind(deps, listReturns),
    patch: bind({ ...deps, voidOnce }, patchReturn),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
