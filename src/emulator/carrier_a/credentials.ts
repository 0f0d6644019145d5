/**
 * The credentials FedEx issues: an API project's OAuth client id and secret, which `/oauth/token`
 * takes as the form fields client_id and client_secret, carried by a Waybill account under the same
 * names (carriers README). The key, password and meter number of the SOAP era are not checked.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [['client_id', 'client_secret']];
