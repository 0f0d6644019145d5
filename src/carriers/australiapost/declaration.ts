/** australiapost declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';

export const declaration: CarrierDeclaration = {
  slug: 'australiapost',
  name: 'Australia Post',
  logo: { text: 'AP' },
  // Its column: no pickups and no drop-off points (its Shipping and Tracking API has no public calls for them).
  operations: ['shipping_account', 'ship', 'rate', 'track', 'cancel', 'manifest', 'validate_credentials', 'webhook'],
  auth: {
    required: ['api_key', 'password', 'account_number'],
    optional: [],
    secret: ['password'],
    pairs: [['api_key', 'password']],
  },
  catalog,
  // No tracking quota is published to derive this from; half an hour keeps tracking timely.
  trackingPollMs: 30 * 60_000,
  hosts: { live: 'https://digitalapi.auspost.com.au', test: 'https://digitalapi.auspost.com.au/test' },
  rateAddressFields: ['postal_code', 'country'],
  shipAddressFields: ['name', 'street1', 'city', 'postal_code', 'country'],
  // The Tracking API takes at most 10 ids a call (its error 51101 TOO_MANY_AP_TRACKING_IDS).
  trackBatchSize: 10,
  unsupportedNotes: {
    pickup: 'its Shipping and Tracking API books no pickups; lodge the parcels with the day’s order (POST /manifest)',
    dopu: 'its Shipping and Tracking API has no location search',
  },
};
