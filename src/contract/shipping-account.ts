import { Type, type Static } from 'typebox';
import { CARRIER_SLUGS } from '../carriers/declarations.js';
import { Address, Country, Currency, DimUnits, Nullable, ShippingAccountRef, WeightUnits } from './common.js';

export const Carrier = Type.Enum([...CARRIER_SLUGS], { description: 'carrier slug' });

/** Catalog values are checked per carrier by the accounts service against GET /meta/carriers. */
export const Defaults = Type.Object({
  currency: Type.Optional(Currency),
  dim_units: Type.Optional(DimUnits),
  weight_units: Type.Optional(WeightUnits),
  label_type: Type.Optional(Type.String({ description: 'a label type of the carrier' })),
  packaging_type: Type.Optional(Type.String({ description: 'a packaging type of the carrier' })),
  service: Type.Optional(Type.String({ description: 'a service of the carrier' })),
});

export const ShippingAccountInput = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  carrier: Carrier,
  country: Country,
  auth: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: 4096 }), {
      description: 'carrier credentials; members per carrier (GET /meta/carriers)',
    }),
  ),
  billing_address: Type.Optional(Address),
  defaults: Type.Optional(Defaults),
  location_id: Type.Optional(Type.String({ maxLength: 200 })),
  parent_shipping_account: Type.Optional(ShippingAccountRef),
  test: Type.Optional(Type.Boolean()),
});
export type ShippingAccountInput = Static<typeof ShippingAccountInput>;

export const CreateShippingAccountBody = Type.Object({ shipping_account: ShippingAccountInput });

/**
 * PATCH /shippingaccount/{id}: what may change. `auth` members replace the stored ones of the same
 * name (the others stay); `defaults` members likewise. carrier and country name what the account
 * is: they may be sent (clients echo a read) but not changed.
 */
export const ShippingAccountPatch = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  auth: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: 4096 }), { description: 'credential members to replace' }),
  ),
  billing_address: Type.Optional(Address),
  defaults: Type.Optional(Defaults),
  location_id: Type.Optional(Type.String({ maxLength: 200 })),
  carrier: Type.Optional(Carrier),
  country: Type.Optional(Country),
});
export type ShippingAccountPatch = Static<typeof ShippingAccountPatch>;
export const PatchShippingAccountBody = Type.Object({ shipping_account: ShippingAccountPatch });

export const ShippingAccountView = Type.Object({
  id: Type.String({
    description:
      'the shipping account number: decimal digits (accounts registered before numbers were introduced keep their ids)',
  }),
  // Clients of the original interface read these at the top level; always present, null when unset.
  name: Nullable(Type.String()),
  dim_units: Nullable(DimUnits),
  weight_units: Nullable(WeightUnits),
  currency: Nullable(Currency),
  carrier: Type.String(),
  country: Type.String(),
  auth: Type.Record(Type.String(), Type.String()),
  billing_address: Type.Optional(Address),
  defaults: Defaults,
  location_id: Type.Optional(Type.String()),
  parent_shipping_account: Type.Optional(Type.String()),
  test: Type.Boolean(),
  created: Type.String({ format: 'date-time' }),
});
export type ShippingAccountView = Static<typeof ShippingAccountView>;

// No maxLength: an id longer than any id names nothing and is answered as not found.
export const IdParam = Type.Object({ id: Type.String({ minLength: 1 }) });
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  // Bounded: 1e21 is an integer to the validator but not to the database, which failed with a 500.
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0 })),
});

/** GET/POST /shippingaccount/{id}/balance: the carrier's prepaid postage on the account. */
export const BalanceResponse = Type.Object({
  balance: Type.Object({
    amount: Type.Number({ description: 'postage left, in currency units' }),
    currency: Type.String({ description: 'ISO 4217 currency code of the carrier account' }),
    updated: Type.String({ format: 'date-time', description: 'when the carrier was asked' }),
  }),
});
export const AddFundsBody = Type.Object({
  add_funds: Type.Object({
    amount: Type.Number({
      exclusiveMinimum: 0,
      description:
        'postage to buy; each carrier has its own limits (GET /meta/carriers names the carrier, its documentation the limits); outside them a 400',
    }),
    currency: Currency,
  }),
});
