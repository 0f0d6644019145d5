/**
 * The credentials DHL Express issues for MyDHL API: a username and password sent as HTTP Basic,
 * carried by a Waybill account as my_carrier_c_username and my_carrier_c_password, or as the older
 * site_id and password (carriers README).
 */
import type { CredentialMembers } from '../credentials.js';

export const CREDENTIALS: CredentialMembers = [
  ['site_id', 'password'],
  ['my_carrier_c_username', 'my_carrier_c_password'],
];
