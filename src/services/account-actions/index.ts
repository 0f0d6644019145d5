export { createBalanceService } from './balances.js';
export { createCredentialsCheck } from './credentials.js';
export { createManifestService } from './manifests.js';
