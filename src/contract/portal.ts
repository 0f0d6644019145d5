/**
 * The public pages' API: the tracking page of a shipment and the returns portal of one order, both
 * opened by a signed link. What these answer is shown to the merchant's customer, so no view here
 * holds a recipient's name, street, phone or e-mail.
 */
import { Type, type Static } from 'typebox';
import { DURATION_PATTERN } from '../foundations/duration.js';
import { TRACKING_STAGES } from '../domain/types.js';
import { Merchant } from './branding.js';
import { Address, Country, Currency, DimUnits, IsoDate, WeightUnits } from './common.js';
import { ReturnOption } from './returns.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Name = (max = 200) => Type.String({ minLength: 1, maxLength: max });

export const PortalLine = Type.Object({
  line_id: Name(),
  product_name: Name(500),
  sku: Name(),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000, description: 'ordered' }),
  value: Type.Number({ minimum: 0 }),
  weight: Type.Number({ exclusiveMinimum: 0, description: 'of one item, in weight_units' }),
  hs_code: Type.Optional(Type.String({ maxLength: 30 })),
  country_of_manufacture: Type.Optional(Country),
});
export type PortalLine = Static<typeof PortalLine>;

export const PortalLinkInput = Type.Object({
  customer_id: Name(),
  order_id: Name(),
  customer: Address,
  lines: Type.Array(PortalLine, { minItems: 1, maxItems: 200 }),
  return_methods: Type.Optional(
    Type.Array(Id, { minItems: 1, maxItems: 20, description: 'default: all of the tenant’s return methods' }),
  ),
  reasons: Type.Optional(
    Type.Array(Name(), {
      minItems: 1,
      maxItems: 20,
      description: 'the choices of the Reason list; a default list otherwise',
    }),
  ),
  expires_in: Type.Optional(
    Type.String({
      pattern: DURATION_PATTERN,
      default: '7d',
      description: 'how long the link works: 3600 (seconds), 90m, 24h, 7d; at most 90d',
    }),
  ),
  currency: Type.Optional(Currency),
  weight_units: Type.Optional(WeightUnits),
  dim_units: Type.Optional(DimUnits),
});
export type PortalLinkInput = Static<typeof PortalLinkInput>;
export const PortalLinkBody = Type.Object({ portal_link: PortalLinkInput });
export const PortalLinkAnswer = Type.Object({
  portal_link: Type.Object({
    id: Type.String(),
    url: Type.String({ format: 'uri', description: 'the customer’s link: signed, holds no personal data' }),
    expires: Type.String({ format: 'date-time' }),
  }),
});

export const TokenParam = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

const Place = Type.Object({
  city: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
});

export const TrackingPage = Type.Object({
  tracking: Type.Object({
    merchant: Type.Optional(Merchant),
    carrier: Type.String(),
    carrier_name: Type.String(),
    service: Type.Optional(Type.String()),
    tracking_number: Type.String(),
    tracking_stage: Type.Enum([...TRACKING_STAGES]),
    status: Type.String(),
    delivered: Type.Boolean(),
    delivery_date: Type.Optional(Type.String()),
    estimated_delivery: Type.Optional(Type.String()),
    checkpoints: Type.Array(
      Type.Object({
        time: Type.String({ description: 'local time at the place, with its UTC offset' }),
        description: Type.String(),
        tracking_stage: Type.String(),
        location: Type.Optional(Place),
      }),
    ),
  }),
});
export type TrackingPage = Static<typeof TrackingPage>['tracking'];

const ErrorObject = Type.Object({ code: Type.String(), message: Type.String(), detail: Type.String() });

export const PortalMethod = Type.Object({
  id: Type.String(),
  method_name: Type.String(),
  carrier: Type.String(),
  carrier_name: Type.String(),
  carrier_logo: Type.String({ description: 'path of the carrier’s neutral mark on this service' }),
  type: Type.String({ description: 'drop_off or pickup' }),
  customer_charge: Type.Number(),
  options: Type.Optional(Type.Array(ReturnOption, { description: 'drop-off places near the customer, nearest first' })),
  options_error: Type.Optional(ErrorObject),
  pickup_dates: Type.Optional(Type.Array(Type.String({ format: 'date' }))),
});
export type PortalMethod = Static<typeof PortalMethod>;

export const PortalReturnSummary = Type.Object({
  id: Type.String(),
  created: Type.String(),
  tracking_number: Type.String(),
  status: Type.String(),
  method_name: Type.String(),
  label_url: Type.String({ description: 'signed path of the label: works without a key' }),
  lines: Type.Array(Type.Object({ line_id: Type.String(), product_name: Type.String(), quantity: Type.Integer() })),
  pickup_date: Type.Optional(Type.String()),
});
export type PortalReturnSummary = Static<typeof PortalReturnSummary>;

export const PortalPage = Type.Object({
  portal: Type.Object({
    merchant: Type.Optional(Merchant),
    order_id: Type.String(),
    expires: Type.String({ format: 'date-time' }),
    currency: Type.Optional(Type.String()),
    lines: Type.Array(
      Type.Object({
        line_id: Type.String(),
        product_name: Type.String(),
        sku: Type.String(),
        quantity: Type.Integer({ description: 'ordered' }),
        returned: Type.Integer({ description: 'in returns made through this link (voided ones not counted)' }),
        returnable: Type.Integer(),
      }),
    ),
    reasons: Type.Array(Type.String()),
    return_methods: Type.Array(PortalMethod),
    returns: Type.Array(PortalReturnSummary),
  }),
});
export type PortalPage = Static<typeof PortalPage>['portal'];

export const PortalReturnInput = Type.Object({
  return_method: Id,
  lines: Type.Array(
    Type.Object({ line_id: Name(), quantity: Type.Integer({ minimum: 1, maximum: 100_000 }), reason: Name() }),
    { minItems: 1, maxItems: 200 },
  ),
  /** For pickup methods: one of the portal's pickup_dates. */
  pickup_date: Type.Optional(IsoDate),
});
export type PortalReturnInput = Static<typeof PortalReturnInput>;
export const PortalReturnBody = Type.Object({ return: PortalReturnInput });
export const PortalReturnAnswer = Type.Object({ return: PortalReturnSummary });
