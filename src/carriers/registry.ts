/**
 * The carriers: one folder each, one line each, the export name being the carrier's slug. Each
 * folder's index.ts exports its `declaration` and its `createAdapter` factory. Adding a carrier is
 * copying a folder and adding its line here (and one to the emulator's registry); the slug list,
 * the declarations and the adapters are all derived from this file (declarations.ts, adapters.ts).
 *
 * Adapters load with their folder, synchronously: services ask an adapter which operations it has
 * (its optional methods) before calling, so loading one on first use would need every operation
 * to be declared ahead of its code.
 */
export * as carrier_a from './carrier_a/index.js';
export * as carrier_b from './carrier_b/index.js';
export * as carrier_c from './carrier_c/index.js';
export * as carrier_d from './carrier_d/index.js';
export * as carrier_d_reseller from './carrier_d_reseller/index.js';
