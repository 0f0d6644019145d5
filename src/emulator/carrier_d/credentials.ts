/**
 * The credentials USPS issues: an app's OAuth consumer key and secret, which `/oauth2/v3/token`
 * takes as client_id and client_secret, carried by a Waybill account under the same names (carriers
 * README). The payment members (CRID, MIDs, account) are checked by the payment authorization.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [['client_id', 'client_secret']];
