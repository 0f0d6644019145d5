/**
 * The credentials the Label Server issues: an account id and its pass phrase (the Certified
 * Intermediary, src/carriers/carrier_d_reseller/README.md §3), carried by a Waybill account as account_id and passphrase (src/carriers/carrier_d_reseller/README.md). The RequesterID is the operator's, configured, and not checked against the account.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [['account_id', 'passphrase']];
