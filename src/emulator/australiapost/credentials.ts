/**
 * The credentials Australia Post issues for its Shipping and Tracking API: an API key and its
 * password, sent as HTTP Basic, beside the `account-number` header of the contract account.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [['api_key', 'password']];
