/**
 * Success answers of the carrier operations, written once: Fastify serializes with them (a member
 * not listed here never reaches a client) and /openapi.json publishes them. Shapes follow
 * the README's examples and the places real clients of the original interface read them.
 */
import { Type } from 'typebox';
import { TRACKING_STAGES } from '../domain/types.js';
import { Address, ErrorBody, IsoDate, Time } from './common.js';
import { PickupAvailabilityInput, PickupInput } from './operations.js';
import { Reference, ShoppedRateView } from './shipment.js';
import { AddressValidationView } from './address.js';

const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Decimal = Type.String({ description: 'decimal text, e.g. "38.54"' });

export const Costs = Type.Object({
  base_charge: Decimal,
  surcharges: Decimal,
  discounts: Decimal,
  taxes: Decimal,
  net_charge: Decimal,
  currency: Type.String(),
});

const BookedPackage = Type.Object({
  tracking_number: Type.String(),
  label: Type.Optional(
    Type.String({
      description:
        'base64 of the label when include_base64_label, else an absolute URL of GET /labels/{id}, signed: it works without a key until it expires (WAYBILL_LABEL_URL_TTL); absent only on a booking `recovered` from a carrier that did not hand its labels out again',
    }),
  ),
  label_type: Type.String(),
  weight: Type.Optional(Type.Number()),
  length: Type.Optional(Type.Number()),
  width: Type.Optional(Type.Number()),
  height: Type.Optional(Type.Number()),
  value: Type.Optional(Type.Number()),
});

export const ShippingDocumentView = Type.Object({
  type: Type.String(),
  format: Type.String(),
  content: Type.String({ description: 'base64' }),
});

/** The booking record (README.md "Shipping"); every list holds objects, never strings. */
export const BookingResponse = Type.Object({
  shipment: Type.Object({
    id: Type.String(),
    carrier: Type.String(),
    shipping_account: Type.String(),
    service: Type.Optional(Type.String()),
    packaging: Type.String(),
    ship_date: IsoDate,
    test: Type.Boolean(),
    type: Type.String(),
    tracking_number: Type.String({ description: 'master tracking number' }),
    tracking_url: Type.String({
      format: 'uri',
      description: 'public tracking page of the shipment for the recipient: signed, no key needed',
    }),
    label_type: Type.String(),
    costs: Type.Optional(Costs),
    currency: Type.Optional(Type.String()),
    dim_units: Type.String(),
    weight_units: Type.String(),
    packages: Type.Array(BookedPackage),
    combined_label: Type.Optional(
      Type.String({ description: 'every package label in one document (combined_labels)' }),
    ),
    special_services: Type.Array(Type.Object({ slug: Type.String() }), {
      description: 'the special services booked, as objects',
    }),
    shipping_documents: Type.Array(ShippingDocumentView),
    references: Type.Array(Reference),
    sender: Address,
    recipient: Address,
    estimated_date: Type.Optional(Type.String()),
    transit_days: Type.Optional(Type.Integer()),
    selected_rate: Type.Optional(ShoppedRateView),
    address_validation: Type.Optional(AddressValidationView),
    recovered: Type.Optional(
      Type.String({
        description:
          "present when the booking call's answer was lost (the connection was cut or timed out, or the instance stopped mid-call) and the booking was found at the carrier by Waybill's reference, by a retry or by the service's own lookup once the call's timeout and the carrier's indexing delay had passed: says so, and whether its labels were fetched again from the carrier (else its packages carry no label)",
      }),
    ),
  }),
});

const Checkpoint = Type.Object({
  time: DateTime('with a UTC offset'),
  description: Type.String(),
  status: Type.String(),
  tracking_stage: Type.Enum([...TRACKING_STAGES]),
  location: Type.Optional(
    Type.Object({
      city: Type.Optional(Type.String()),
      state: Type.Optional(Type.String()),
      postal_code: Type.Optional(Type.String()),
      country: Type.Optional(Type.String()),
    }),
  ),
});

/** The spec's Tracking result, answered unwrapped. */
export const TrackingResultView = Type.Object({
  carrier: Type.String(),
  tracking_number: Type.String(),
  status: Type.String({ description: 'latest important status text' }),
  tracking_stage: Type.Enum([...TRACKING_STAGES]),
  delivered: Type.Boolean(),
  delivery_date: Type.Optional(DateTime()),
  estimated_delivery: Type.Optional(DateTime()),
  signed_by: Type.Optional(Type.String()),
  checkpoints: Type.Optional(
    Type.Array(Checkpoint, { description: 'newest first; left out when the request says checkpoints: false' }),
  ),
  packages: Type.Optional(
    Type.Array(Type.Object({ tracking_number: Type.String(), checkpoints: Type.Array(Checkpoint) }), {
      description: 'each package of a multi-package shipment, where the carrier tells them apart',
    }),
  ),
});

/** A batch answer: one slot per request element, in order; a failed element carries its error. */
export const TrackBatchResponse = Type.Array(Type.Union([TrackingResultView, ErrorBody]));
export const TrackResponse = Type.Union([TrackingResultView, TrackBatchResponse]);

const PickupSlot = Type.Object({ date: IsoDate, earliest: Time, latest: Time });

/** The request echoed, plus the slots found (spec "Pickup availability result"). */
export const PickupAvailabilityResponse = Type.Object({
  ...PickupAvailabilityInput.properties,
  test: Type.Boolean(),
  debug: Type.Boolean(),
  dates: Type.Array(PickupSlot),
});

/** The pickup as stored: the request, its id and the carrier's confirmation (spec "Pickup confirmation"). */
export const PickupResponse = Type.Object({
  pickup: Type.Object({
    ...PickupInput.properties,
    id: Type.String(),
    carrier: Type.String(),
    shipping_account: Type.String(),
    test: Type.Boolean(),
    confirmation_number: Type.String({
      description: 'the carrier’s reference of the pickup; cancels it where the carrier allows',
    }),
    currency: Type.String(),
    location_code: Type.Optional(
      Type.String({ description: 'the carrier’s code for the pickup location, where it has one' }),
    ),
    pickup_date: IsoDate,
    ready_time: Time,
    close_time: Time,
    created: DateTime(),
  }),
});

const Hours = Type.Object({ open: Time, close: Time });
const Weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

export const DopuResponse = Type.Object({
  locations: Type.Array(
    Type.Object({
      location_id: Type.String(),
      location_name: Type.String(),
      company_name: Type.Optional(Type.String()),
      street1: Type.String(),
      city: Type.String(),
      state: Type.Optional(Type.String()),
      postal_code: Type.Optional(Type.String()),
      country: Type.String(),
      lat: Type.Optional(Type.Number()),
      lng: Type.Optional(Type.Number()),
      distance: Type.Optional(Type.Number()),
      distance_units: Type.Optional(Type.String()),
      operational_hours: Type.Object(Object.fromEntries(Weekdays.map((d) => [d, Type.Optional(Hours)]))),
    }),
  ),
});

export const ManifestResponse = Type.Object({
  manifest: Type.Object({
    id: Type.String(),
    carrier: Type.String(),
    tracking_numbers: Type.Array(Type.String()),
    document: Type.String({ description: 'the end-of-day form, base64 PDF' }),
    created: DateTime(),
  }),
});

const Bytes = { schema: Type.Unsafe<Uint8Array>(Type.String({ format: 'binary' })) };
/** GET /labels/{id}: the bytes, typed by the label's format. */
export const LabelBytes = {
  description: 'label bytes',
  content: {
    'application/pdf': Bytes,
    'image/png': Bytes,
    'image/gif': Bytes,
    'image/jpeg': Bytes,
    'application/octet-stream': Bytes,
  },
};
