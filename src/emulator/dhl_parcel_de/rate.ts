/**
 * DHL Parcel Germany publishes prices but has no rating API: there is no route to register. The
 * adapter rates from the published price list (its codes-prices.ts); the emulator checks only
 * what a booking's product allows (prices.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { DhlParcelDeCtx } from './context.js';

export function registerRateRoutes(_app: FastifyInstance, _ctx: DhlParcelDeCtx): void {}
