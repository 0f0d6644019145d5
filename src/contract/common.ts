/**
 * Building blocks of the public contract. Each schema is written once and serves validation,
 * TypeScript types (Static) and the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox';
import { CURRENCIES, DIM_UNITS, WEIGHT_UNITS } from '../domain/catalog.js';
import { ERROR_CODES } from '../domain/errors.js';

export const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code', examples: ['US'] });
export const Currency = Type.Enum([...CURRENCIES], { description: 'ISO 4217 currency code' });
export const WeightUnits = Type.Enum([...WEIGHT_UNITS]);
export const DimUnits = Type.Enum([...DIM_UNITS]);
export const IsoDate = Type.String({ format: 'date', description: 'ISO date YYYY-MM-DD' });
export const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour' });
const Text = (description?: string) => Type.String({ maxLength: 1000, ...(description ? { description } : {}) });

export const AddressFields = {
  name: Type.Optional(Text('contact name')),
  company: Type.Optional(Text()),
  street1: Type.Optional(Text()),
  street2: Type.Optional(Text()),
  street3: Type.Optional(Text()),
  city: Type.Optional(Text()),
  state: Type.Optional(Text('state or province')),
  postal_code: Type.Optional(Text()),
  country: Country,
  phone: Type.Optional(Text()),
  email: Type.Optional(Text()),
  residential: Type.Optional(Type.Boolean()),
  location_type: Type.Optional(Text('free description of the pickup spot')),
  tax_id: Type.Optional(Text()),
  ioss_number: Type.Optional(Text()),
  eori_number: Type.Optional(Text()),
  personal_id_number: Type.Optional(Text()),
  trader_type: Type.Optional(Text()),
};

export const Address = Type.Object(AddressFields, { description: 'A postal address with contact' });

/**
 * `shipping_account` in every request body: the account number as a JSON string or integer
 * (clients of the original interface send either). Validation coerces an integer to its decimal
 * text, so handlers always see a string; older accounts keep their non-numeric ids.
 */
export const ShippingAccountRef = Type.Unsafe<string>({
  anyOf: [Type.String({ minLength: 1, maxLength: 100 }), Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })],
  description: 'shipping account id, e.g. "481516234200001" or 481516234200001',
});

/** A member every answer carries: its value, or null when unset. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A non-empty address member, for contexts where the spec requires it. */
export const RequiredText = Type.String({ minLength: 1, maxLength: 1000 });

export const Package = Type.Object({
  weight: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'in weight_units' }),
  length: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000, description: 'in dim_units' })),
  width: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000 })),
  height: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000 })),
  value: Type.Optional(Type.Number({ minimum: 0, description: 'declared value in the request currency' })),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  special_services: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
});

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Enum([...ERROR_CODES], { description: 'standardized error code' }),
      message: Type.String({ description: 'what went wrong, e.g. the carrier’s own complaint' }),
      detail: Type.String({ description: 'extra information: a field path, a carrier’s raw code' }),
    }),
  },
);
