/** A shipping account's price list: its upload (CSV or JSON), its view and which list priced a rate. */
import { Type, type Static } from 'typebox';
import { MAX_PRICE_LIST_ROWS } from '../domain/price-list.js';

export const PriceListSourceView = Type.Union(
  [
    Type.Object({ source: Type.Literal('published') }),
    Type.Object({
      source: Type.Literal('uploaded'),
      uploaded_at: Type.String({ format: 'date-time', description: 'when the list was uploaded' }),
    }),
  ],
  {
    description:
      'the price list that priced this rate: the carrier’s published list, or the one uploaded for the shipping account (README "Price lists"); absent when the carrier’s rating API priced it',
  },
);

/** The columns of the CSV upload, in the order a download writes them. */
export const PRICE_LIST_COLUMNS = [
  'service_code',
  'service_name',
  'zone_label',
  'country_codes',
  'min_weight',
  'max_weight',
  'max_length',
  'max_width',
  'max_height',
  'rate',
  'currency',
  'transit_days',
  'domicile',
  'international',
] as const;

const Cell = Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]);

/** One row of a JSON upload: the CSV's columns as members, values as text or numbers. */
export const PriceListRowInput = Type.Object(
  {
    service_code: Type.String({ minLength: 1, maxLength: 100 }),
    service_name: Type.Optional(Type.String({ maxLength: 200 })),
    zone_label: Type.Optional(Type.String({ maxLength: 200 })),
    country_codes: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'ISO alpha-2 codes separated by commas; empty: every destination no other row names',
      }),
    ),
    min_weight: Cell,
    max_weight: Cell,
    max_length: Type.Optional(Cell),
    max_width: Type.Optional(Cell),
    max_height: Type.Optional(Cell),
    rate: Cell,
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    transit_days: Cell,
    domicile: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
    international: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  },
  { additionalProperties: false },
);
export type PriceListRowInput = Static<typeof PriceListRowInput>;

export const PriceListJsonBody = Type.Object({
  price_list: Type.Object(
    { rows: Type.Array(PriceListRowInput, { minItems: 1, maxItems: MAX_PRICE_LIST_ROWS }) },
    { additionalProperties: false },
  ),
});
export type PriceListJsonBody = Static<typeof PriceListJsonBody>;

export const PriceBandView = Type.Object({
  service: Type.String({ description: 'the service /rate answers and /ship books' }),
  service_name: Type.String(),
  zone: Type.String(),
  countries: Type.Array(Type.String(), { description: 'empty: every destination no other row names' }),
  min_kg: Type.Number(),
  max_kg: Type.Number(),
  max_cm: Type.Optional(
    Type.Array(Type.Number(), { minItems: 3, maxItems: 3, description: 'longest, middle and shortest side' }),
  ),
  price: Type.String({ description: 'decimal text' }),
  currency: Type.String(),
  transit_days: Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: 'fewest and most days' }),
});

export const PriceListView = Type.Object({
  shipping_account: Type.String(),
  source: Type.Literal('uploaded'),
  uploaded_at: Type.String({ format: 'date-time' }),
  row_count: Type.Integer(),
  rows: Type.Optional(Type.Array(PriceBandView, { description: 'the bands, in the order uploaded (GET only)' })),
});
export type PriceListView = Static<typeof PriceListView>;
