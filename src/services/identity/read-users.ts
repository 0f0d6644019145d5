/** GET /users and GET /users/{id}. */
import type { UserView } from '../../contract/identity.js';
import * as users from '../../storage/repositories/users.js';
import type { UsersDeps } from './users-deps.js';
import { findUser, userView } from './user-view.js';

export async function listUsers(deps: UsersDeps, tenant: string): Promise<UserView[]> {
  return (await users.listUsers(deps.db, tenant)).map(userView);
}

export async function getUser(deps: UsersDeps, tenant: string, id: string): Promise<UserView> {
  return userView(await findUser(deps.db, tenant, id));
}
