/** GET /audit: the tenant's audit log, listed like GET /shipments, exported as CSV or JSON Lines. */
import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, type AuditAction } from '../domain/audit.js';

export const AuditQuery = Type.Object({
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'user:<id>, key:<id>, jwt:<sub>, operator, anonymous, or a user’s e-mail address' })),
  action: Type.Optional(Type.Enum(Object.keys(AUDIT_ACTIONS) as AuditAction[])),
  resource: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a resource’s id, or a resource type (shipment, key, user, …)' })),
  start_date: Type.Optional(Type.String({ description: 'on at: a date (whole day) or a date-time (UTC unless it has an offset)' })),
  end_date: Type.Optional(Type.String({ description: 'on at, inclusive: a date (whole day) or a date-time' })),
  format: Type.Optional(Type.Enum(['json', 'csv', 'jsonl'], { default: 'json', description: 'csv and jsonl: every matching entry, newest first, streamed as a download (page and pageSize do not apply)' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntryView = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    kind: Type.Enum(['user', 'key', 'jwt', 'operator', 'anonymous']),
    id: Type.Optional(Type.String({ description: 'the user’s or key’s id, the JWT’s subject' })),
    email: Type.Optional(Type.String({ description: 'a user’s e-mail address when the change was made' })),
  }),
  action: Type.String({ description: 'label.bought, key.revoked, …: README "Audit log" lists them' }),
  resource: Type.Object({ type: Type.String(), id: Type.Optional(Type.String()) }),
  ip: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String()),
  changes: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'what changed; secrets are masked' })),
});
export type AuditEntryView = Static<typeof AuditEntryView>;
