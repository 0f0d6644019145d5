/** Track, cancel, pickups, drop-off locations, manifests, credential checks and PDF merging. */
import { Type, type Static } from 'typebox';
import {
  Address,
  AddressFields,
  RequiredText,
  ShippingAccountRef,
  Currency,
  DimUnits,
  IsoDate,
  Package,
  Time,
  WeightUnits,
} from './common.js';

const Account = ShippingAccountRef;
const Flag = () => Type.Optional(Type.Boolean());

const TrackFields = {
  shipping_account: Account,
  tracking_number: Type.String({ minLength: 1, maxLength: 64 }),
  carrier: Type.Optional(Type.String()),
  checkpoints: Flag(),
  refresh: Flag(),
  test: Flag(),
  debug: Flag(),
  webhooks: Flag(),
};

export const TrackInput = Type.Object(TrackFields);
export type TrackInput = Static<typeof TrackInput>;
export const TrackBody = Type.Object({ track: TrackInput });
export const MAX_TRACK_BATCH = 1000;
/** One object, or a batch: an array of { track } objects whose elements are checked one by one. */
export const TrackRequest = Type.Union([
  TrackBody,
  Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_TRACK_BATCH }),
]);

/** The spec's cancel fields: track's, acting as in track, plus the checkpoint language. */
export const CancelInput = Type.Object({
  ...TrackFields,
  locale: Type.Optional(
    Type.String({
      pattern: '^[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?$',
      description: 'e.g. en_US, fr_CH, zh_Hant_HK',
    }),
  ),
});
export type CancelInput = Static<typeof CancelInput>;
export const CancelBody = Type.Object({ cancel: CancelInput });

/** Pickup location: the spec requires city, country, location_type, name, phone and street1. */
export const PickupLocation = Type.Object({
  ...AddressFields,
  city: RequiredText,
  location_type: RequiredText,
  name: RequiredText,
  phone: RequiredText,
  street1: RequiredText,
});
export const PickupShipment = Type.Object({
  packages: Type.Array(Package, { minItems: 1, maxItems: 200 }),
  recipient: Type.Optional(
    Type.Object({ ...AddressFields, city: RequiredText, name: RequiredText, street1: RequiredText }),
  ),
  service: Type.Optional(Type.String()),
});
const PickupCommon = {
  shipping_account: Account,
  carrier: Type.String(),
  location: PickupLocation,
  shipments: Type.Array(PickupShipment, { minItems: 1, maxItems: 100 }),
  dim_units: DimUnits,
  weight_units: WeightUnits,
  currency: Type.Optional(Currency),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  test: Flag(),
  debug: Flag(),
};

export const PickupAvailabilityInput = Type.Object({
  ...PickupCommon,
  start_date: IsoDate,
  end_date: IsoDate,
  ready_time: Type.Optional(Time),
  close_time: Type.Optional(Time),
});
export type PickupAvailabilityInput = Static<typeof PickupAvailabilityInput>;
export const PickupAvailabilityBody = Type.Object({ pickup_availability: PickupAvailabilityInput });

export const PickupInput = Type.Object({
  ...PickupCommon,
  time: Type.Object({ date: IsoDate, ready_time: Time, close_time: Time }),
});
export type PickupInput = Static<typeof PickupInput>;
export const PickupBody = Type.Object({ pickup: PickupInput });

export const PickupCancelInput = Type.Object({
  shipping_account: Account,
  confirmation_number: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'the confirmation_number POST /pickup answered',
  }),
  date: Type.Optional(IsoDate),
  // Clients send the carrier's location code, or echo the Address the pickup was booked at (the
  // stored pickup then gives the code).
  location: Type.Optional(
    Type.Union([
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'the carrier’s location code of the pickup, where the carrier needs it to cancel',
      }),
      Address,
    ]),
  ),
  carrier: Type.Optional(Type.String()),
  test: Flag(),
  debug: Flag(),
});
export type PickupCancelInput = Static<typeof PickupCancelInput>;
export const PickupCancelBody = Type.Object({ pickup_cancel: PickupCancelInput });

export const DopuInput = Type.Object({
  shipping_account: Account,
  location: Address,
  radius: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 500 })),
  radius_units: Type.Optional(Type.Enum(['MI', 'KM'])),
  packaging: Type.Optional(Type.String()),
  carrier: Type.Optional(Type.String()),
  test: Flag(),
  debug: Flag(),
});
export type DopuInput = Static<typeof DopuInput>;
export const DopuBody = Type.Object({ dopu: DopuInput });

export const ManifestBody = Type.Object({
  manifest: Type.Object({
    shipping_account: Account,
    tracking_numbers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000 })),
    ship_date: Type.Optional(IsoDate),
    test: Flag(),
    debug: Flag(),
  }),
});

export const ValidateCredentialsBody = Type.Object({
  validate_credentials: Type.Union([
    Type.Object({ shipping_account: Account }),
    Type.Object({
      carrier: Type.String(),
      country: Type.String({ pattern: '^[A-Z]{2}$' }),
      auth: Type.Record(Type.String(), Type.String()),
      test: Flag(),
    }),
  ]),
});

export const MergeBody = Type.Object({
  file_type: Type.Enum(['pdf', 'PDF', 'png', 'PNG', 'jpeg', 'JPEG', 'jpg', 'JPG']),
  files: Type.Array(Type.String({ minLength: 1, contentEncoding: 'base64' }), { minItems: 1, maxItems: 200 }),
});

export const SuccessMessage = Type.Object({ success: Type.Object({ message: Type.String() }) });
