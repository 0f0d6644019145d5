/**
 * The shipment's building blocks as schemas, written once: the domain's Address, Package and
 * CustomsItem are their static types (domain/shipment.ts), and the contract validates and documents
 * requests with them (contract/common.ts, contract/shipment.ts, which add the carriers' members).
 */
import { Type } from 'typebox';
import { WEIGHT_UNITS } from './catalog.js';

export const Country = Type.String({
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2 country code',
  examples: ['US'],
});
export const WeightUnits = Type.Enum([...WEIGHT_UNITS]);
const Str = (maxLength = 1000) => Type.String({ maxLength });
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

export const Package = Type.Object({
  weight: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'in weight_units' }),
  length: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000, description: 'in dim_units' })),
  width: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000 })),
  height: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10000 })),
  value: Type.Optional(Type.Number({ minimum: 0, description: 'declared value in the request currency' })),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  special_services: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
});

export const CustomsItemFields = {
  description: Type.Optional(Str()),
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  quantity_unit: Type.Optional(Str(20)),
  value: Type.Optional(Type.Number({ minimum: 0 })),
  weight: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  weight_unit: Type.Optional(WeightUnits),
  manufacture_country_code: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  harmonized_code: Type.Optional(Str(30)),
  commodity_code: Type.Optional(Str(30)),
};

export const CustomsItem = Type.Object(CustomsItemFields);
