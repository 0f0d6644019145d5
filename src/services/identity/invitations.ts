/** Invitations, the face: binds the dependencies to the use case acceptInvitation (accept-invitation.ts). */
import { bind } from '../../foundations/bind.js';
import { acceptInvitation, type InvitationsDeps } from './accept-invitation.js';

export type { InvitationsDeps };

export function createInvitations(deps: InvitationsDeps) {
  return { accept: bind(deps, acceptInvitation) };
}
