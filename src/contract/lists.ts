/**
 * GET /shipments and GET /pickups: the stored bookings and pickups of the caller's tenant, as
 * bare arrays with the total in X-Total-Count and pages in Link (the shape of GET /returns).
 */
import { Type, type Static } from 'typebox';
import { TRACKING_STAGES } from '../domain/types.js';
import { BookingResponse, PickupResponse, TrackingResultView } from './answers.js';
import { Carrier } from './shipping-account.js';

const DateBound = (description: string) => Type.Optional(Type.String({ description }));
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
};
const Dates = {
  start_date: DateBound('on created: a date (whole day) or a date-time (UTC unless it has an offset)'),
  end_date: DateBound('on created, inclusive: a date (whole day) or a date-time'),
};
const Stage = Type.Enum([...TRACKING_STAGES], { description: 'the tracking stage the shipment last reached' });

export const ShipmentsQuery = Type.Object({
  carrier: Type.Optional(Carrier),
  shipping_account: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  status: Type.Optional(Stage),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'a tracking number or reference (exact), or part of the recipient’s name',
    }),
  ),
  batch: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'the shipments a batch booked (POST /batches)' }),
  ),
  ...Dates,
  ...Paging,
});
export type ShipmentsQuery = Static<typeof ShipmentsQuery>;

const listed = {
  status: Stage,
  created: Type.String({ format: 'date-time' }),
  cancelled: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'when the shipment was cancelled: its labels are void from then on, their URLs unsigned, and GET /labels/{id} answers 410 label_voided',
    }),
  ),
};

/** The booking record plus what happened since: its stage and when it was made and cancelled. */
export const ShipmentView = Type.Object({ ...BookingResponse.properties.shipment.properties, ...listed });
export type ShipmentView = Static<typeof ShipmentView>;

/** In lists, without the customs documents (base64). */
export const ShipmentListItem = Type.Omit(ShipmentView, ['shipping_documents']);

export const ShipmentDetail = Type.Object({
  shipment: Type.Object({
    ...ShipmentView.properties,
    tracking: Type.Optional(
      Type.Union([TrackingResultView], {
        description: 'the latest tracking result stored for it (POST /track refreshes it), with its checkpoints',
      }),
    ),
  }),
});

export const PickupsQuery = Type.Object({
  carrier: Type.Optional(Carrier),
  shipping_account: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  status: Type.Optional(Type.Enum(['scheduled', 'cancelled'])),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'a confirmation number' })),
  ...Dates,
  ...Paging,
});
export type PickupsQuery = Static<typeof PickupsQuery>;

export const PickupView = Type.Object({
  ...PickupResponse.properties.pickup.properties,
  status: Type.Enum(['scheduled', 'cancelled']),
  cancelled: Type.Optional(Type.String({ format: 'date-time' })),
});
export type PickupView = Static<typeof PickupView>;
