/** GET /audit: the tenant's audit log, listed like GET /shipments, exported as CSV or JSON Lines. */
import { Type, type Static } from 'typebox';

export const AuditQuery = Type.Object({
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'user:<id>, key:<id>, or an e-mail' })),
  action: Type.Optional(Type.String({ pattern: '^[a-z_]+\\.[a-z_]+$', description: 'label.bought, …' })),
  resource: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'an id or a type' })),
  start_date: Type.Optional(Type.String()),
  end_date: Type.Optional(Type.String()),
  format: Type.Optional(Type.Enum(['json', 'csv', 'jsonl'], {})),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

const Text = Type.Optional(Type.String());
export const AuditEntryView = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    kind: Type.Enum(['user', 'key', 'jwt', 'operator', 'anonymous', 'platform', 'customer']),
    id: Text,
    email: Text,
  }),
  action: Type.String(),
  resource: Type.Object({ type: Type.String(), id: Text }),
  ip: Text,
  request_id: Text,
  changes: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'secrets masked' })),
});
export type AuditEntryView = Static<typeof AuditEntryView>;
