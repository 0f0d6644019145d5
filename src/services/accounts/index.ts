export { createAccountsService } from './accounts.js';
export type { AccountsService, MasterTestAccounts, ResolvedAccount } from './accounts.js';
export { emulatorMasterAccounts, parseMasterAccounts, sharesMasterCredentials } from './master-accounts.js';
