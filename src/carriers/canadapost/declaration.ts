/** canadapost declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';

export const declaration: CarrierDeclaration = {
  slug: 'canadapost',
  name: 'Canada Post',
  logo: { text: 'CP' },
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'pickup_availability',
    'manifest',
    'validate_credentials',
    'webhook',
    'lookup_reference',
  ],
  auth: {
    required: ['username', 'password', 'customer_number'],
    // contract_id: absent means a non-contract customer (ncshipment). email: where Canada Post
    // answers a refund request, needed to cancel a transmitted shipment.
    optional: ['contract_id', 'email'],
    secret: ['password'],
    pairs: [['username', 'password']],
  },
  catalog,
  // The transmit set prints the address the parcels are handed over at; Canada Post picks the
  // day's group itself, so the service need not list the labels.
  manifest: { needsOrigin: true },
  // A mailing scenario needs the origin's postal code and the destination's (or its country).
  rateAddressFields: ['postal_code', 'country'],
  // The sender's phone is required by both shipment services; a Canadian postal code by the schema.
  shipAddressFields: ['name', 'street1', 'city', 'postal_code', 'country', 'phone'],
  // Canada Post publishes no tracking quota per key beyond its throttle; half an hour stays well clear of it.
  trackingPollMs: 30 * 60_000,
  hosts: { live: 'https://soa-gw.canadapost.ca', test: 'https://ct.soa-gw.canadapost.ca' },
  referenceTypes: ['ref', 'reference', 'customer_reference'],
  customsFields: [
    'description',
    'quantity',
    'value',
    'weight',
    'weight_unit',
    'harmonized_code',
    'manufacture_country_code',
  ],
};
