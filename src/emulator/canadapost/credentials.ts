/**
 * The credentials Canada Post issues for its web services: an API key's username and password, sent
 * as HTTP Basic on every call. The customer number (and the contract id of a contract customer) go
 * in paths and bodies, not in the authentication, so they are not credentials the emulator checks.
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [['username', 'password']];
