export { createReturnMethodsService } from './methods.js';
export { createPortalService } from './portal.js';
export { createReturnsService } from './returns.js';
