/** Platforms and their merchants (README "Platforms"): /tenants and GET /usage. */
import { Type, type Static } from 'typebox';
import { InvitationView, KeyView } from './identity.js';

export const TenantView = Type.Object({
  id: Type.String(),
  status: Type.Enum(['active', 'suspended']),
  created: Type.String({ format: 'date-time' }),
});
export type TenantView = Static<typeof TenantView>;
export const TenantResponse = Type.Object({ tenant: TenantView });
export const TenantList = Type.Object({ tenants: Type.Array(TenantView) });

export const CreateTenantBody = Type.Object({
  tenant: Type.Object({
    id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }),
    owner_email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
  }),
});
export type CreateTenantInput = Static<typeof CreateTenantBody>['tenant'];

export const CreatedTenant = Type.Object({
  tenant: TenantView,
  key: KeyView,
  invitation: InvitationView,
});

export const UsageQuery = Type.Object({
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$' })),
  tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type UsageQuery = Static<typeof UsageQuery>;

const Count = Type.Integer({ minimum: 0 });
export const UsageList = Type.Object({
  usage: Type.Array(
    Type.Object({
      tenant: Type.String(),
      month: Type.String(),
      carrier: Type.String(),
      labels_booked: Count,
      labels_voided: Count,
      batch_items: Count,
      tracking_calls: Count,
    }),
  ),
});
