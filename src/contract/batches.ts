/** Batch label purchase (an addition to the original interface; README.md "Batches"): requests and views. */
import { Type, type Static } from 'typebox';
import { DIM_UNITS, MAX_BATCH_ITEMS, WEIGHT_UNITS } from '../domain/catalog.js';
import { Costs, ManifestResponse } from './answers.js';
import { IsoDate, ShippingAccountRef } from './common.js';
import { MAX_SHOPPING_ACCOUNTS, SELECTIONS, ShoppedRateView } from './shipment.js';

export { MAX_BATCH_ITEMS };
const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });

const SHIPMENT_ELEMENT =
  'a POST /ship shipment, rate shopping included: shipping_account, or shipping_accounts with select (and deliver_by) to book the rate selected among those accounts; validate_address checks the recipient first';

/**
 * Each element is only checked to be an object here: a bad element fails itself (with the /ship
 * schema's error) instead of failing the whole batch.
 */
export const BatchBody = Type.Object({
  batch: Type.Object({
    shipments: Type.Array(Type.Object({}, { additionalProperties: true, description: SHIPMENT_ELEMENT }), {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
    }),
    label_type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'label type for every shipment that names none' }),
    ),
    reference: Type.Optional(Text()),
  }),
});
export type BatchInput = Static<typeof BatchBody>['batch'];

/** What the rows of a CSV import share (the query string of POST /batches with text/csv). */
export const CsvQuery = Type.Object({
  shipping_account: Type.Optional(ShippingAccountRef),
  shipping_accounts: Type.Optional(
    Type.Array(ShippingAccountRef, {
      minItems: 1,
      maxItems: MAX_SHOPPING_ACCOUNTS,
      description:
        'in place of shipping_account, with select: each row is rated with all these accounts and books the rate select picks; repeat the parameter per account (shipping_accounts=A&shipping_accounts=B); the rows ship from the billing_address of the first',
    }),
  ),
  select: Type.Optional(
    Type.Enum([...SELECTIONS], {
      description: 'with shipping_accounts: cheapest, fastest or best_value, the rate each row books',
    }),
  ),
  service: Type.Optional(Text(100)),
  packaging: Type.Optional(Text(100)),
  label_type: Type.Optional(Text(100)),
  dim_units: Type.Optional(Type.Enum([...DIM_UNITS])),
  weight_units: Type.Optional(Type.Enum([...WEIGHT_UNITS])),
  ship_date: Type.Optional(IsoDate),
  reference: Type.Optional(Text()),
});
export type CsvQuery = Static<typeof CsvQuery>;

const Counts = Type.Object({
  total: Type.Integer(),
  queued: Type.Integer(),
  in_progress: Type.Integer(),
  booked: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
});

export const BATCH_STATUSES = ['queued', 'in_progress', 'completed', 'completed_with_errors', 'cancelled'] as const;

export const BatchView = Type.Object({
  id: Type.String(),
  status: Type.Enum([...BATCH_STATUSES]),
  created: Type.String(),
  completed: Type.Optional(Type.String()),
  reference: Type.Union([Type.String(), Type.Null()]),
  label_type: Type.Union([Type.String(), Type.Null()]),
  counts: Counts,
  print_formats: Type.Optional(
    Type.Array(Type.Enum(['pdf', 'zpl', 'epl']), {
      description:
        'GET /batches/{id} only: the formats of GET /batches/{id}/labels that hold every booked label (labels are not converted): one, or none before a label is booked or when they are of several formats',
    }),
  ),
});
export type BatchView = Static<typeof BatchView>;
export const BatchResponse = Type.Object({ batch: BatchView });

const ItemError = Type.Object({ code: Type.String(), message: Type.String(), detail: Type.String() });
export const BatchItemView = Type.Object({
  index: Type.Integer({ description: 'position in the batch, from 0' }),
  row: Type.Optional(Type.Integer({ description: 'CSV line number; the header is line 1' })),
  reference: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(['queued', 'in_progress', 'booked', 'failed', 'cancelled']),
  shipment: Type.Optional(
    Type.Object({
      id: Type.String(),
      tracking_number: Type.String(),
      carrier: Type.String(),
      service: Type.Union([Type.String(), Type.Null()]),
      costs: Type.Optional(Costs),
      recovered: Type.Optional(
        Type.String({
          description:
            "the booking was found at the carrier after the instance booking it stopped mid-call: stored with its labels where the carrier hands them out again, else without (the shipment's `recovered` says which)",
        }),
      ),
    }),
  ),
  error: Type.Optional(ItemError),
});
export type BatchItemView = Static<typeof BatchItemView>;

const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
};
export const BatchesQuery = Type.Object(Page);
export const BatchItemsQuery = Type.Object({
  status: Type.Optional(Type.Enum(['queued', 'in_progress', 'booked', 'failed', 'cancelled'])),
  ...Page,
});
export type BatchItemsQuery = Static<typeof BatchItemsQuery>;
export const LabelsQuery = Type.Object({
  format: Type.Enum(['pdf', 'zpl', 'epl'], { description: 'the format the labels were booked in' }),
});
export const RetryQuery = Type.Object({
  include_interrupted: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'also requeue items whose carrier call a restart interrupted (the carrier may have booked them)',
    }),
  ),
  index: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: MAX_BATCH_ITEMS - 1 }), {
      maxItems: 1000,
      description: 'only these failed items (repeat the parameter); naming an interrupted item retries it',
    }),
  ),
});
export type RetryQuery = Static<typeof RetryQuery>;
export const ManifestsResponse = Type.Object({ manifests: Type.Array(ManifestResponse.properties.manifest) });

/** POST /batches/preview: each item priced as it would be booked, or why it cannot be; nothing is stored or bought. */
export const BatchPreviewItem = Type.Object({
  index: Type.Integer({ description: 'position in the batch, from 0' }),
  row: Type.Optional(Type.Integer({ description: 'CSV line number; the header is line 1' })),
  reference: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(['priced', 'refused'], {
    description:
      'priced: it would be booked at `rate` (the service it would book, priced as POST /rate prices it); refused: it would fail with `error`',
  }),
  // POST /rate's entry, written once in the document; here it always names its carrier and account.
  rate: Type.Optional(ShoppedRateView),
  error: Type.Optional(ItemError),
});
export type BatchPreviewItem = Static<typeof BatchPreviewItem>;
export const BatchPreviewResponse = Type.Object({
  preview: Type.Object({
    items: Type.Array(BatchPreviewItem),
    counts: Type.Object({ total: Type.Integer(), priced: Type.Integer(), refused: Type.Integer() }),
    totals: Type.Array(
      Type.Object({
        currency: Type.String(),
        amount: Type.String({ description: 'decimal text' }),
        items: Type.Integer(),
      }),
      { description: 'per currency, largest count first' },
    ),
  }),
});
export type BatchPreview = Static<typeof BatchPreviewResponse>['preview'];
