/**
 * Returns and return methods (the Return resource, GET/PATCH /returns; creating returns and listing
 * methods, which the original interface names without shapes, are shaped here; README.md "Returns").
 */
import { Type, type Static } from 'typebox';
import { TRACKING_STAGES } from '../domain/types.js';
import { Address, Country, Currency, DimUnits, IsoDate, Package, Time, WeightUnits } from './common.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Name = (max = 200) => Type.String({ minLength: 1, maxLength: max });
const Money = Type.Number({ minimum: 0, maximum: 1_000_000 });
const MethodType = Type.Enum(['drop_off', 'pickup'], {
  description: 'drop_off: the customer hands the parcel in; pickup: the carrier collects it',
});

export const Cost = Type.Object({ carrier_charge: Money, customer_charge: Money });

const MethodFields = {
  method_name: Name(),
  type: MethodType,
  service: Type.String({ minLength: 1, maxLength: 200, description: 'a service of the account’s carrier' }),
  packaging: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'a packaging type of the carrier; else the account default',
    }),
  ),
  label_type: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'a label type of the carrier; else the account default, else PDF',
    }),
  ),
  cost: Cost,
  return_charge: Money,
  // Where its returned parcels go; else the account's billing_address (a pickup method needs one or the other).
  destination: Type.Optional(Address),
};

export const ReturnMethodInput = Type.Object({ shipping_account: Id, ...MethodFields });
export type ReturnMethodInput = Static<typeof ReturnMethodInput>;
export const ReturnMethodBody = Type.Object({ return_method: ReturnMethodInput });
// A change naming nothing known would silently change nothing: unknown members are refused.
export const ReturnMethodPatch = Type.Object({
  return_method: Type.Partial(
    Type.Object({
      ...MethodFields,
      destination: Type.Union([Address, Type.Null()], {
        description:
          'Where the method’s returned parcels go; null clears it, and they go to its shipping account’s billing_address (a pickup method needs one or the other)',
      }),
    }),
    { minProperties: 1, additionalProperties: false },
  ),
});
export type ReturnMethodPatch = Static<typeof ReturnMethodPatch>['return_method'];

const Hours = Type.Object({ open: Type.String(), close: Type.String() });
export const ReturnOption = Type.Object({
  id: Type.String(),
  location_id: Type.String(),
  location_name: Type.String(),
  street1: Type.String(),
  city: Type.String(),
  state: Type.Optional(Type.String()),
  postal_code: Type.Optional(Type.String()),
  country: Type.String(),
  lat: Type.Optional(Type.String()),
  lng: Type.Optional(Type.String()),
  distance: Type.Optional(Type.Number()),
  distance_units: Type.Optional(Type.String()),
  operational_hours: Type.Object({
    MON: Type.Optional(Hours),
    TUE: Type.Optional(Hours),
    WED: Type.Optional(Hours),
    THU: Type.Optional(Hours),
    FRI: Type.Optional(Hours),
    SAT: Type.Optional(Hours),
    SUN: Type.Optional(Hours),
  }),
});

const ErrorObject = Type.Object({ code: Type.String(), message: Type.String(), detail: Type.String() });

/** The method inside a return: what it was when the return was made. */
export const ReturnMethodSummary = Type.Object({
  id: Type.String(),
  carrier: Type.String(),
  carrier_name: Type.String(),
  carrier_logo: Type.String({ format: 'uri' }),
  method_name: Type.String(),
  type: Type.String(),
  cost: Cost,
  return_charge: Type.Number(),
});

export const ReturnMethodView = Type.Object({
  ...ReturnMethodSummary.properties,
  shipping_account: Type.String(),
  service: Type.String(),
  packaging: Type.Optional(Type.String()),
  label_type: Type.Optional(Type.String()),
  destination: Type.Optional(Address),
  created: Type.String({ format: 'date-time' }),
  options: Type.Optional(
    Type.Array(ReturnOption, {
      description: 'drop-off locations near the customer (GET with country and postal_code)',
    }),
  ),
  /** Why this method has no options: its carrier's location search failed. */
  options_error: Type.Optional(ErrorObject),
});
export type ReturnMethodView = Static<typeof ReturnMethodView>;

export const MethodsQuery = Type.Object({
  country: Type.Optional(Country),
  postal_code: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  city: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const JsonValue = Type.Unknown({ description: 'any JSON value' });
export const CustomPair = Type.Object({ name: Name(100), value: JsonValue });
const Custom = Type.Array(CustomPair, { maxItems: 50 });

type Reason = { name: string; value: string; reasons?: Reason };
const Reason = Type.Object({
  name: Name(),
  value: Type.String({ maxLength: 1000 }),
  reasons: Type.Optional(Type.Object({ name: Name(), value: Type.String({ maxLength: 1000 }) })),
});

export const ReturnLine = Type.Object({
  product_name: Name(500),
  line_id: Type.Optional(Type.String({ maxLength: 200 })),
  sku: Type.Optional(Type.String({ maxLength: 200 })),
  hs_code: Type.Optional(Type.String({ maxLength: 30 })),
  country_of_manufacture: Type.Optional(Country),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
  value: Type.Optional(Type.Number({ minimum: 0 })),
  weight: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  reasons: Type.Optional(Type.Array(Reason, { maxItems: 20 })),
});
export type ReturnLine = Static<typeof ReturnLine> & { reasons?: Reason[] };

export const ReturnInput = Type.Object({
  return_method: Id,
  customer_id: Name(),
  order_id: Type.Optional(Name()),
  /** Where the parcel comes from: the label's sender and, for pickup methods, the pickup address. */
  customer: Address,
  /** Where it goes; default: the shipping account's billing_address. */
  destination: Type.Optional(Address),
  return_lines: Type.Array(ReturnLine, { minItems: 1, maxItems: 500 }),
  packages: Type.Array(Package, { minItems: 1, maxItems: 50 }),
  custom: Type.Optional(Custom),
  pickup: Type.Optional(
    Type.Object({ date: IsoDate, ready_time: Time, close_time: Time }, { description: 'required for pickup methods' }),
  ),
  ship_date: Type.Optional(IsoDate),
  currency: Type.Optional(Currency),
  dim_units: Type.Optional(DimUnits),
  weight_units: Type.Optional(WeightUnits),
  test: Type.Optional(Type.Boolean()),
  debug: Type.Optional(Type.Boolean()),
});
export type ReturnInput = Static<typeof ReturnInput>;
export const ReturnBody = Type.Object({ return: ReturnInput });

export const ReturnPatchBody = Type.Object(
  {
    custom: Type.Optional(Custom),
    shipment: Type.Optional(
      Type.Object({ status: Type.Literal('SHIPMENT_VOIDED', { description: 'the only status a client may set' }) }),
    ),
  },
  { minProperties: 1, additionalProperties: false },
);
export type ReturnPatch = Static<typeof ReturnPatchBody>;

export const ReturnView = Type.Object({
  id: Type.String(),
  customer_id: Type.String(),
  order_id: Type.Optional(Type.String()),
  created: Type.String({ description: 'date-time without zone (UTC)', examples: ['2026-11-22T14:03:07'] }),
  custom: Custom,
  return_lines: Type.Optional(Type.Array(ReturnLine)),
  return_method: ReturnMethodSummary,
  pickup: Type.Optional(
    Type.Object({
      id: Type.String(),
      confirmation_number: Type.String(),
      reference_number: Type.String(),
      date: Type.Optional(Type.String()),
      location_code: Type.Optional(Type.String()),
      status: Type.String({ description: 'SCHEDULED or CANCELLED' }),
    }),
  ),
  shipment: Type.Object({
    id: Type.String(),
    type: Type.Literal('return', {
      description: 'a return’s shipment is always of type return (GET /shipments/{id} says so too)',
    }),
    tracking_number: Type.String(),
    reference_number: Type.String(),
    status: Type.String({ description: 'the tracking stage' }),
    label: Type.Optional(Type.String({ description: 'base64, in the single-return read' })),
  }),
});
export type ReturnView = Static<typeof ReturnView>;

export const ReturnsQuery = Type.Object({
  start_date: Type.Optional(
    Type.String({ description: 'on created: a date (whole day) or a date-time (UTC unless it has an offset)' }),
  ),
  end_date: Type.Optional(Type.String({ description: 'on created, inclusive: a date (whole day) or a date-time' })),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'a tracking, reference or pickup confirmation number' }),
  ),
  return_method: Type.Optional(Id),
  customer_id: Type.Optional(Name()),
  order_id: Type.Optional(Name()),
  status: Type.Optional(Type.Enum([...TRACKING_STAGES], { description: 'the shipment’s tracking stage' })),
  custom: Type.Optional(
    Type.Array(Type.String({ minLength: 3, maxLength: 1100 }), {
      maxItems: 10,
      description: 'name:value; repeat for several (all must match)',
    }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export type ReturnsQuery = Static<typeof ReturnsQuery>;
