/** carrier_c declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';
import { shipmentFields, customsItemFields } from './fields.js';

export const declaration: CarrierDeclaration = {
  slug: 'carrier_c',
  name: 'International express carrier',
  logo: { text: 'C' },
  // The spec's "Operations supported per carrier" table, carrier_c column: no cancel, no manifest.
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'pickup',
    'dopu',
    'pickup_availability',
    'validate_credentials',
    'webhook',
    'validate_address',
    'lookup_reference',
  ],
  // Tracking by shipment reference (lookup.ts) searches DHL's tracking data, which neither the
  // express-api swagger nor the MyDHL API's public pages promise at the instant of booking; ten
  // minutes is this service's margin, not a figure of DHL's.
  lookupDelayMs: 10 * 60_000,
  // The spec's "auth members per carrier". The API's HTTP Basic credentials are
  // my_carrier_c_username + my_carrier_c_password, else site_id + password.
  auth: {
    required: ['account_number', 'password', 'site_id'],
    optional: ['api_key', 'carrier_c_api_key', 'my_carrier_c_username', 'my_carrier_c_password'],
    secret: ['password', 'api_key', 'carrier_c_api_key', 'my_carrier_c_password'],
    // HTTP Basic: the MyDHL user when given, else site id and password (auth.ts).
    pairs: [
      ['site_id', 'password'],
      ['my_carrier_c_username', 'my_carrier_c_password'],
    ],
  },
  catalog,
  shipmentFields,
  customsItemFields,
  // None of the carrier's documents states a tracking quota to derive this from; half an hour keeps
  // well inside any plausible one while tracking stays timely.
  trackingPollMs: 30 * 60_000,
  hosts: { live: 'https://express.api.dhl.com/mydhlapi', test: 'https://express.api.dhl.com/mydhlapi/test' },
  // express-api-3.1.1_swagger.yaml supermodelIoLogisticsExpressContact: phone, companyName and
  // fullName are required of shipper and receiver to book.
  shipAddressFields: ['name', 'street1', 'city', 'country', 'phone'],
  // express-api-3.1.1_swagger.yaml, parameter shipmentTrackingNumberMulti of GET /tracking:
  // "Supports up to 200 tracking numbers" (maxItems: 200).
  trackBatchSize: 200,
  // The spec's table says carrier_c has no cancel: the MyDHL API has no call that voids a shipment.
  unsupportedNotes: {
    cancel: 'its API cannot void a booked shipment; cancel the pickup scheduled for it instead',
  },
};
