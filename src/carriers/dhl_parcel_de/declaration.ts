/** dhl_parcel_de declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';

export const declaration: CarrierDeclaration = {
  slug: 'dhl_parcel_de',
  name: 'DHL Parcel Germany',
  logo: { text: 'DE' },
  // Rates come from the price list (rate.ts), not a call.
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'manifest',
    'validate_credentials',
    'webhook',
  ],
  // The API client (client_id, client_secret) and the business customer's portal user (username,
  // password) together get a token (password grant); the tracking API takes the client as HTTP Basic
  // and the user in its request document. billing_number is the 14-digit Abrechnungsnummer every
  // booking names (EKP, procedure, participation).
  auth: {
    required: ['username', 'password', 'client_id', 'client_secret', 'billing_number'],
    optional: [],
    secret: ['password', 'client_secret'],
    pairs: [
      ['client_id', 'client_secret'],
      ['username', 'password'],
    ],
    // The sandbox's published billing number for DHL Paket: test accounts book with it.
    testValues: { billing_number: '33333333330102' },
  },
  catalog,
  // Parcels move once or twice a day; an hour keeps tracking timely within any sensible quota.
  trackingPollMs: 60 * 60_000,
  hosts: { live: 'https://api-eu.dhl.com', test: 'https://api-sandbox.dhl.com' },
  // Rating reads the destination country and the parcels only.
  rateAddressFields: ['country'],
  // The Shipping API's ContactAddress: name1, addressStreet, postalCode and city are required.
  shipAddressFields: ['name', 'street1', 'postal_code', 'city', 'country'],
  // The tracking API takes up to 20 piece codes a call.
  trackBatchSize: 20,
  // POST /manifests closes the parcels it names: the service names the day's labels it stored.
  manifest: { listsLabels: true },
  referenceTypes: ['ref', 'customer_reference', 'reference'],
  customsFields: [
    'description',
    'manufacture_country_code',
    'weight',
    'weight_unit',
    'quantity',
    'value',
    'harmonized_code',
  ],
  unsupportedNotes: {
    dopu: 'DHL Parcel Germany offers no public drop-off location API to Waybill',
    pickup_availability: 'DHL Parcel Germany offers no pickup availability API',
  },
};
