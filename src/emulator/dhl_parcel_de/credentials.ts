/**
 * The credentials DHL Parcel Germany issues: an API app of the developer portal (its key and
 * secret, client_id and client_secret) and a user of the business customer portal (username and
 * password). The token endpoint takes both pairs at once; the tracking API takes the app as HTTP
 * Basic and the user in its request document.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [
  ['client_id', 'client_secret'],
  ['username', 'password'],
];
