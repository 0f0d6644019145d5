/** carrier_a declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';

export const declaration: CarrierDeclaration = {
  slug: 'carrier_a',
  name: 'International express and ground parcel carrier',
  logo: { text: 'A' },
  // The spec's "Operations supported per carrier" table, carrier_a column: no manifest, no
  // validate_credentials.
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'pickup_availability',
    'webhook',
    'validate_address',
    'lookup_reference',
  ],
  // Track by References (lookup.ts) searches FedEx's tracking data, which neither track.json nor
  // the Track API's public documentation promises at the instant of booking; ten minutes is this
  // service's margin, not a figure of FedEx's.
  lookupDelayMs: 10 * 60_000,
  // The spec's "auth members per carrier". The REST API uses client_id, client_secret and
  // account_number; key, password and meter_number belong to the legacy SOAP API and are stored only.
  auth: {
    required: ['account_number'],
    optional: [
      'client_id',
      'client_secret',
      'fulfillment_email',
      'fulfillment_password',
      'hub_id',
      'key',
      'meter_number',
      'password',
    ],
    secret: ['client_secret', 'fulfillment_password', 'key', 'password'],
    pairs: [['client_id', 'client_secret']],
  },
  catalog,
  exampleService: 'carrier_a_ground',
  // None of the carrier's documents states a tracking quota to derive this from; half an hour keeps
  // well inside any plausible one while tracking stays timely.
  trackingPollMs: 30 * 60_000,
  hosts: { live: 'https://apis.fedex.com', test: 'https://apis-sandbox.fedex.com' },
  // Spec "Required fields by context" lists city, country, name and street1 for carrier_a rates, but
  // rate-api.json's RateParty is an address alone (no contact), and clients of the original
  // interface rate with addresses that carry no name: the name is asked for when booking.
  rateAddressFields: ['city', 'country', 'street1'],
  // ship-api.json: shipper and recipient contact.phoneNumber are required to book.
  shipAddressFields: ['name', 'street1', 'city', 'country', 'phone'],
  // track.json TrackingNumberRequest.trackingInfo: "Maximum limit is 30."
  trackBatchSize: 30,
  // Spec "POST /rate", carrier_a examples: reference types and customs_items members.
  referenceTypes: [
    'ref',
    'customer_reference',
    'reference',
    'department_number',
    'invoice_number',
    'p_o_number',
    'rma_number',
  ],
  customsFields: [
    'description',
    'manufacture_country_code',
    'weight',
    'weight_unit',
    'quantity',
    'quantity_unit',
    'value',
    'harmonized_code',
  ],
};
