/** What the users' use cases are handed, once, by their face (users.ts). */
import type { Clock } from '../../foundations/clock.js';
import type { Db } from '../../storage/database.js';
import type { SignedLinks } from '../kernel/index.js';
import type { Passwords } from './passwords.js';

export interface UsersDeps {
  db: Db;
  clock: Clock;
  links: SignedLinks;
  passwords: Passwords;
  invitationTtlMs: number;
}
