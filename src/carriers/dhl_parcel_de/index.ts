/**
 * The carrier's folder as the registry sees it: its declaration, and its adapter factory, which
 * loads the carrier's code (client.ts and its operation files) when first asked for.
 */
export { declaration } from './declaration.js';
export const loadAdapter = async () => (await import('./client.js')).createAdapter;
