/**
 * Carrier-neutral types: what the public interface speaks (README.md "Shipping"), one file
 * per topic. Carrier wire types live in each carrier's wire.ts and never leak past its adapter.
 * This barrel keeps the many importers (most of them in the carrier folders) on one path.
 */
export * from './shipment.js';
export * from './tracking.js';
export * from './pickup.js';
export * from './manifest.js';
export * from './address-validation.js';
