/** POST /rate and POST /ship: one shipment schema (spec "POST /rate"; ship accepts the same fields). */
import { Type, type Static, type TProperties } from 'typebox';
import type { CarrierDeclaration } from '../carriers/carrier.js';
import { declarations } from '../carriers/declarations.js';
import { DIM_UNITS, WEIGHT_UNITS } from '../domain/catalog.js';
import { CustomsItemFields } from '../domain/shipment-schemas.js';
import { Address, Currency, ErrorBody, IsoDate, Package, ShippingAccountRef } from './common.js';
import { PriceListSourceView } from './price-list.js';

const Str = (maxLength = 1000) => Type.String({ maxLength });

/**
 * The members registered carriers add, in registry order. Every carrier accepts them all (a client
 * may send one shipment to several carriers); the carrier they belong to reads them.
 */
function carrierMembers(pick: (d: CarrierDeclaration) => TProperties | undefined, what: string): TProperties {
  const out: TProperties = {};
  for (const decl of Object.values(declarations)) {
    for (const [name, schema] of Object.entries(pick(decl) ?? {})) {
      const seen = out[name];
      if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(schema))
        throw new Error(`${decl.slug} declares ${what} member ${name} unlike another carrier`);
      out[name] = schema;
    }
  }
  return out;
}

export const CustomsItem = Type.Object({
  ...CustomsItemFields,
  ...carrierMembers((d) => d.customsItemFields, 'customs item'),
} as typeof CustomsItemFields);

export const Reference = Type.Object({ type: Str(100), value: Str(200) });
/** A notification request: `{type, value}` (an e-mail address, a message). */
export const Notification = Type.Object({ type: Str(100), value: Str(500) });

/** Optional members several carriers read. */
const SharedShipmentFields = {
  notifications: Type.Optional(Type.Array(Notification, { maxItems: 20 })),
  invoice_number: Type.Optional(Str(100)),
  invoice_date: Type.Optional(IsoDate),
};

export const ShipmentFields = {
  shipping_account: ShippingAccountRef,
  carrier: Type.Optional(Type.String({ description: 'carrier slug; must match the account’s carrier when given' })),
  sender: Address,
  recipient: Address,
  packages: Type.Array(Package, { minItems: 1, maxItems: 200 }),
  packaging: Type.Optional(
    Type.String({
      description:
        'packaging type; required to book unless the account defaults set packaging_type; rating without one quotes your_packaging',
    }),
  ),
  service: Type.Optional(
    Type.String({ description: 'service slug; for /rate only rates of that service are returned' }),
  ),
  ship_date: Type.Optional(IsoDate),
  currency: Type.Optional(Currency),
  dim_units: Type.Optional(Type.Enum([...DIM_UNITS], { description: 'required unless the account defaults set it' })),
  weight_units: Type.Optional(
    Type.Enum([...WEIGHT_UNITS], { description: 'required unless the account defaults set it' }),
  ),
  special_services: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
  type: Type.Optional(Type.Enum(['outbound', 'return'])),
  label_type: Type.Optional(Type.String({ description: 'a label type of the carrier, bare or <format>__<size>' })),
  label_size: Type.Optional(Type.String({ description: 'size part of the label type' })),
  include_base64_label: Type.Optional(Type.Boolean()),
  combined_labels: Type.Optional(Type.Boolean({ description: 'also return one document with every package label' })),
  customs_items: Type.Optional(Type.Array(CustomsItem, { maxItems: 200 })),
  references: Type.Optional(Type.Array(Reference, { maxItems: 20 })),
  terms_of_trade: Type.Optional(Str(20)),
  terms_of_payment: Type.Optional(Str(50)),
  insurance_cost: Type.Optional(Type.Number({ minimum: 0 })),
  declaration_statement: Type.Optional(Str()),
  broker_name: Type.Optional(Str()),
  broker_phone: Type.Optional(Str()),
  broker_company: Type.Optional(Str()),
  importer_type: Type.Optional(Str()),
  test: Type.Optional(Type.Boolean()),
  debug: Type.Optional(Type.Boolean()),
  webhooks: Type.Optional(Type.Boolean()),
  ...SharedShipmentFields,
};

export const ShipmentInput = Type.Object({
  ...ShipmentFields,
  ...carrierMembers((d) => d.shipmentFields, 'shipment'),
} as typeof ShipmentFields);
export type ShipmentInput = Static<typeof ShipmentInput>;

export const SELECTIONS = ['cheapest', 'fastest', 'best_value'] as const;
export type Selection = (typeof SELECTIONS)[number];
export const MAX_SHOPPING_ACCOUNTS = 20;

/** What /rate and /ship accept besides one shipment: several accounts at once, a choice among their rates, an address check. */
const RequestFields = {
  ...ShipmentFields,
  shipping_account: Type.Optional(ShippingAccountRef),
  shipping_accounts: Type.Optional(
    Type.Array(ShippingAccountRef, {
      minItems: 1,
      maxItems: MAX_SHOPPING_ACCOUNTS,
      description: 'rate with every account at once, in place of shipping_account',
    }),
  ),
  select: Type.Optional(
    Type.Enum([...SELECTIONS], { description: 'with shipping_accounts: the rate to pick (on /ship: to book)' }),
  ),
  deliver_by: Type.Optional(
    Type.String({
      format: 'date',
      description: 'with shipping_accounts: only rates estimated to arrive on or before this date',
    }),
  ),
  validate_address: Type.Optional(
    Type.Boolean({ description: '/ship: check the recipient with the carrier first; a corrected address is booked' }),
  ),
  reject_duplicates: Type.Optional(
    Type.Boolean({
      description:
        "/ship: refuse with 409 conflict when a live (not voided) shipment of the booking account already carries one of these references' values; the error's detail lists those shipments' ids",
    }),
  ),
};
export const ShipmentRequestInput = Type.Object({
  ...RequestFields,
  ...carrierMembers((d) => d.shipmentFields, 'shipment'),
} as typeof RequestFields);
export type ShipmentRequestInput = Static<typeof ShipmentRequestInput>;
export const ShipmentBody = Type.Object({ shipment: ShipmentRequestInput });

export const RateView = Type.Object({
  service_type: Type.String(),
  service_name: Type.String(),
  total_cost: Type.String({ description: 'decimal text' }),
  currency: Type.String(),
  transit_days: Type.Optional(Type.Integer()),
  estimated_date: Type.Optional(Type.String()),
  delivery_day: Type.Optional(Type.String()),
  price_list: Type.Optional(PriceListSourceView),
});
/** A rate of several accounts' (shipping_accounts) names the account and carrier it came from. */
export const ShoppedRateView = Type.Object({
  ...RateView.properties,
  carrier: Type.Optional(Type.String()),
  shipping_account: Type.Optional(Type.String()),
});
export const ShopErrorView = Type.Object({
  shipping_account: Type.String(),
  carrier: Type.String(),
  error: ErrorBody.properties.error,
});
export const RatesResponse = Type.Object({
  rates: Type.Array(ShoppedRateView),
  errors: Type.Optional(Type.Array(ShopErrorView, { description: 'with shipping_accounts: each account that failed' })),
  selected: Type.Optional(ShoppedRateView),
});
