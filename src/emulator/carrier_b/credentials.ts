/**
 * The credentials UPS issues: an app's OAuth client id and secret, sent to `/security/v1/oauth/token`
 * as HTTP Basic, carried by a Waybill account as client_id and client_secret, or for accounts
 * registered with the legacy access-license trio as userid and password (carriers README).
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [
  ['client_id', 'client_secret'],
  ['userid', 'password'],
];
