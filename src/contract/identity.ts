/** Users, sessions, invitations and API keys as objects (README "Teams and platforms"). */
import { Type, type Static } from 'typebox';
import { KEY_SCOPES, PERMISSIONS, ROLES } from '../domain/permissions.js';

const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+$',
  description: 'e-mail address; compared without regard to case',
});
const Name = Type.String({ minLength: 1, maxLength: 200, description: 'the person’s name, as the console shows it' });
const Role = Type.Enum([...ROLES], {
  description:
    'owner: everything; admin: accounts, webhooks, keys, users below owner; shipper: rate, ship, batches, pickups, returns, cancel; viewer: read only',
});
/** Written once here so every form says the same; the service holds the same bounds (services/identity). */
const Password = Type.String({ minLength: 10, maxLength: 200, description: '10 to 200 characters' });
const Permission = Type.Enum(Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]);
const When = Type.String({ format: 'date-time' });
const Scope = Type.Enum([...KEY_SCOPES, 'full'], {
  description:
    'read: reads only; ship: also rates, books, cancels, batches, pickups, returns; admin: also accounts, webhooks, keys, users below owner; full (keys made before scopes, JWTs): everything',
});

export const UserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.Optional(Type.String()),
  role: Role,
  status: Type.Enum(['invited', 'active', 'disabled'], {
    description: 'invited: has not accepted an invitation nor signed in yet',
  }),
  created: When,
  last_sign_in: Type.Optional(When),
});
export type UserView = Static<typeof UserView>;
export const UserResponse = Type.Object({ user: UserView });
export const UserList = Type.Object({ users: Type.Array(UserView) });

export const InviteBody = Type.Object({
  invitation: Type.Object({ email: Email, name: Type.Optional(Name), role: Role }),
});
export type InviteInput = Static<typeof InviteBody>['invitation'];
export const InvitationView = Type.Object({
  url: Type.String({
    description:
      'the link to hand to the person: it works once, until it expires; a new invitation of the same person replaces it',
  }),
  expires: When,
});
export const InvitationResponse = Type.Object({ user: UserView, invitation: InvitationView });

export const UpdateUserBody = Type.Object({
  user: Type.Object(
    {
      name: Type.Optional(Name),
      role: Type.Optional(Role),
      disabled: Type.Optional(
        Type.Boolean({ description: 'true ends the user’s sessions and refuses sign-in until set false again' }),
      ),
    },
    { minProperties: 1 },
  ),
});
export type UpdateUserInput = Static<typeof UpdateUserBody>['user'];

export const SignInBody = Type.Object({
  session: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) }),
});
export type SignInInput = Static<typeof SignInBody>['session'];

export const AcceptInvitationBody = Type.Object({
  invitation: Type.Object({
    token: Type.String({ minLength: 1, maxLength: 300, description: 'what follows # in the invitation link' }),
    password: Password,
    name: Type.Optional(Name),
  }),
});
export type AcceptInvitationInput = Static<typeof AcceptInvitationBody>['invitation'];

export const MeView = Type.Object({
  tenant: Type.String(),
  actor: Type.Object({
    kind: Type.Enum(['user', 'key', 'jwt']),
    id: Type.Optional(Type.String()),
    subject: Type.Optional(Type.String()),
  }),
  user: Type.Optional(UserView),
  role: Type.Optional(Role),
  scope: Type.Optional(Scope),
  permissions: Type.Array(Permission),
  csrf_token: Type.Optional(
    Type.String({
      description: 'signed in by cookie: send it as the X-CSRF-Token header of every request that is not GET or HEAD',
    }),
  ),
  session: Type.Optional(
    Type.Object({
      created: When,
      expires: Type.String({ format: 'date-time', description: 'the latest it ends, however active' }),
      idle_expires: Type.String({ format: 'date-time', description: 'when it ends unless used before' }),
    }),
  ),
});
export type MeView = Static<typeof MeView>;
export const MeResponse = Type.Object({ me: MeView });

export const SignInMethods = Type.Object({
  password: Type.Boolean(),
  sso: Type.Boolean({ description: 'single sign-on (OpenID Connect) is configured: GET /session/sso starts it' }),
  first_owner_needed: Type.Optional(
    Type.Boolean({
      description:
        'true on a fresh install, while no user exists: the operator makes the first owner on the server with `waybill users create --tenant <team> --email <address> --role owner --with-password`',
    }),
  ),
});

export const KeyView = Type.Object({
  id: Type.String(),
  name: Type.Optional(Type.String()),
  scope: Scope,
  prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
  created: When,
  created_by: Type.Optional(
    Type.Object(
      { kind: Type.Enum(['user', 'key']), id: Type.String(), email: Type.Optional(Type.String()) },
      { description: 'absent for keys made with `waybill keys create`' },
    ),
  ),
  expires: Type.Optional(When),
  last_used: Type.Optional(Type.String({ format: 'date-time', description: 'to the minute' })),
  revoked: Type.Optional(When),
  status: Type.Enum(['active', 'expired', 'revoked', 'maker_removed', 'maker_disabled'], {
    description:
      'whether the key is accepted now: maker_removed and maker_disabled are refused because the user who made it (or made the key that made it) was removed or disabled',
  }),
  key: Type.Optional(Type.String({ description: 'the key itself: shown only in the answer to POST /keys' })),
});
export type KeyView = Static<typeof KeyView>;
export const KeyResponse = Type.Object({ key: KeyView });
export const KeyList = Type.Object({ keys: Type.Array(KeyView) });
export const CreateKeyBody = Type.Object({
  key: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200, description: 'what the key is for' }),
    scope: Type.Enum([...KEY_SCOPES], { description: 'read, ship or admin; at most what the caller may do itself' }),
    expires_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'when the key stops working; absent: never' }),
    ),
  }),
});
export type CreateKeyInput = Static<typeof CreateKeyBody>['key'];
