/**
 * The carriers as the service describes them: GET /meta/carriers (CarrierMeta), and GET
 * /meta/carrier/{slug}, one carrier as clients of the original interface read it, a top-level
 * object of field lists (http/routes/meta-carrier.ts builds it from the carrier declarations).
 */
import { Type } from 'typebox';
import { Carrier } from './shipping-account.js';

const Strings = Type.Array(Type.String());
/** GET /meta/carriers and /meta/carriers/{slug}: a carrier's operations, credentials and catalogs. */
export const CarrierMeta = Type.Object({
  slug: Carrier,
  name: Type.String(),
  operations: Strings,
  auth: Type.Object({ required: Strings, optional: Strings }),
  services: Strings,
  service_details: Type.Array(
    Type.Object({
      slug: Type.String({ description: 'the value to send as service' }),
      name: Type.String({ description: 'the service’s name for people' }),
    }),
    { description: 'every service with its name, sorted by name' },
  ),
  packaging_types: Strings,
  label_types: Strings,
  special_services: Strings,
  package_special_services: Strings,
  prepaid_postage: Type.Boolean({
    description:
      'the carrier sells postage in advance: GET and POST /shippingaccount/{id}/balance work for its accounts',
  }),
});

const Size = Type.Object({ name: Type.String(), slug: Type.String() });
export const CarrierField = Type.Object({
  name: Type.String({ description: 'human name' }),
  slug: Type.String({ description: 'the value to send' }),
  code: Type.Optional(Type.String()),
  type: Type.Optional(Type.String({ description: 'string, password, boolean, date, address, packages' })),
  required: Type.Optional(Type.Boolean()),
  // Clients of the original interface read sizes as a list of strings; names live beside them.
  sizes: Type.Optional(Type.Array(Type.String(), { description: 'size slugs of this label format' })),
  size_details: Type.Optional(Type.Array(Size)),
});
const Fields = Type.Array(CarrierField);

export const CarrierDescription = Type.Object({
  slug: Type.String(),
  display_name: Type.String(),
  multi_package: Type.Boolean(),
  servicetype_availability: Type.Boolean({ description: 'rates are answered per service type' }),
  operations: Type.Array(Type.String()),
  rate: Type.Object({ fields: Fields, service_type_field: Type.String() }),
  service_types: Fields,
  label_types: Fields,
  packaging_types: Fields,
  special_services: Fields,
  package_special_services: Fields,
  auth: Fields,
  references: Fields,
  customs: Fields,
  notifications: Fields,
  billing_fields: Fields,
  custom_fields: Fields,
});
