/**
 * The carriers: one folder each, one line each, the export name being the carrier's slug. Each
 * folder's index.ts exports its `declaration` and `loadAdapter`, which loads the carrier's code and
 * gives its adapter factory. Adding a carrier is copying a folder and adding its line here (and one
 * to the emulator's registry); the slug list, the declarations and the adapters are all derived
 * from this file (declarations.ts, adapters.ts). Lines are in the order of the slugs: a module's
 * namespace lists its exports so, and the test runner's transform keeps the written order.
 *
 * A carrier's code loads with its first call, not at start (bench/README.md: about 4 MB of idle
 * memory for all of them): what a carrier offers is read from its declaration until then.
 */
export * as australiapost from './australiapost/index.js';
export * as canadapost from './canadapost/index.js';
export * as carrier_a from './carrier_a/index.js';
export * as carrier_b from './carrier_b/index.js';
export * as carrier_c from './carrier_c/index.js';
export * as carrier_d from './carrier_d/index.js';
export * as carrier_d_reseller from './carrier_d_reseller/index.js';
export * as dhl_parcel_de from './dhl_parcel_de/index.js';
