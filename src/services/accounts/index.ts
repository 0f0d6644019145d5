export { createAccountsService } from './accounts.js';
export type { AccountsService, MasterTestAccounts, ResolvedAccount } from './accounts.js';
export { emulatorMasterAccounts, parseMasterAccounts, sharesMasterCredentials } from './master-accounts.js';
export { createPriceLists } from './price-lists.js';
export type { PriceLists } from './price-lists.js';
export { rateFromList } from './price-list-rate.js';
export { jsonRows, readPriceListCsv } from './price-list-csv.js';
