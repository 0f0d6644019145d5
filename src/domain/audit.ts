/**
 * Who made a change, as the audit log records it: the principal's tenant and actor, where the
 * request came from and its id. Built once per request by http/audit-context.ts and handed down to
 * the services, which write it in the change's transaction (services/audit/).
 */
import type { Actor } from './principal.js';

/** What the audit log records, by resource: the closed set of actions (README "Audit log"). */
export const AUDIT_ACTIONS = {
  'label.bought': 'shipment',
  'label.voided': 'shipment',
  'batch.started': 'batch',
  'batch.cancelled': 'batch',
  'funds.added': 'shipping_account',
  'shipping_account.created': 'shipping_account',
  'shipping_account.updated': 'shipping_account',
  'shipping_account.deleted': 'shipping_account',
  'price_list.uploaded': 'shipping_account',
  'price_list.deleted': 'shipping_account',
  'key.created': 'key',
  'key.revoked': 'key',
  'webhook.created': 'webhook',
  'webhook.updated': 'webhook',
  'webhook.deleted': 'webhook',
  'webhook.secret_rotated': 'webhook',
  'user.invited': 'user',
  'user.updated': 'user',
  'user.removed': 'user',
  'portal_link.created': 'portal_link',
  'return_method.created': 'return_method',
  'return_method.updated': 'return_method',
  'return_method.deleted': 'return_method',
  'return.created': 'return',
  'return.voided': 'return',
  // A customer's return through a portal link that could not be made: the merchant's detail.
  'return.failed': 'return',
  'pickup.scheduled': 'pickup',
  'pickup.cancelled': 'pickup',
  'session.signed_in': 'user',
  'session.sign_in_failed': 'user',
  'tenant.created': 'tenant',
  'tenant.suspended': 'tenant',
  'tenant.reactivated': 'tenant',
  'tenant.deleted': 'tenant',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditActor =
  | Actor
  /** The operator's command line (`waybill users …`). */
  | { kind: 'operator' }
  /** Nobody known: a sign-in that failed. */
  | { kind: 'anonymous' }
  /** The tenant's platform (what it did to its merchant), without naming who at the platform. */
  | { kind: 'platform' }
  /** A merchant's customer, through a signed portal link (no account of theirs). */
  | { kind: 'customer' };

export interface AuditContext {
  tenant: string;
  actor: AuditActor;
  /** A user's e-mail address, kept with the entry so it reads the same after the user is gone. */
  email?: string;
  ip?: string;
  requestId?: string;
}

/** `user:<id>`, `key:<id>`, `jwt:<sub>`, `operator`, `anonymous`: the actor as stored and filtered on. */
export function actorText(actor: AuditActor): string {
  switch (actor.kind) {
    case 'user':
    case 'key':
      return `${actor.kind}:${actor.id}`;
    case 'jwt':
      return `jwt:${actor.subject}`;
    default:
      return actor.kind;
  }
}
