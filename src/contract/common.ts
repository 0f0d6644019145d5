/**
 * Building blocks of the public contract. Each schema is written once and serves validation,
 * TypeScript types (Static) and the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox';
import { CURRENCIES, DIM_UNITS } from '../domain/catalog.js';
// The shipment's building blocks are written once, in the domain: its types are their Static.
export { Address, AddressFields, Country, Package, WeightUnits } from '../domain/shipment-schemas.js';
import { ERROR_CODES } from '../domain/errors.js';

export const Currency = Type.Enum([...CURRENCIES], { description: 'ISO 4217 currency code' });
export const DimUnits = Type.Enum([...DIM_UNITS]);
export const IsoDate = Type.String({ format: 'date', description: 'ISO date YYYY-MM-DD' });
export const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour' });

/**
 * `shipping_account` in every request body: the account number as a JSON string or integer
 * (clients of the original interface send either). Validation coerces an integer to its decimal
 * text, so handlers always see a string; older accounts keep their non-numeric ids.
 */
export const ShippingAccountRef = Type.Unsafe<string>({
  anyOf: [
    Type.String({ minLength: 1, maxLength: 100 }),
    Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  ],
  description: 'shipping account id, e.g. "481516234200001" or 481516234200001',
});

/** A member every answer carries: its value, or null when unset. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A non-empty address member, for contexts where the spec requires it. */
export const RequiredText = Type.String({ minLength: 1, maxLength: 1000 });

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.Enum([...ERROR_CODES], { description: 'standardized error code' }),
    message: Type.String({ description: 'what went wrong, e.g. the carrier’s own complaint' }),
    detail: Type.String({ description: 'extra information: a field path, a carrier’s raw code' }),
  }),
});
