/** The carrier's folder as the registry sees it: its declaration and its adapter factory. */
export { declaration } from './declaration.js';
export { createCarrierDResellerAdapter as createAdapter } from './client.js';
