/** carrier_b declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';
import { shipmentFields } from './fields.js';

export const declaration: CarrierDeclaration = {
  slug: 'carrier_b',
  name: 'Parcel carrier with optional mail-innovations services',
  logo: { text: 'B' },
  // The spec's "Operations supported per carrier" table, carrier_b column: no manifest, no
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
  // Reference tracking (lookup.ts) searches UPS's tracking data, which neither Tracking.yaml nor the
  // Tracking API's public pages promise at the instant of booking; ten minutes is this service's
  // margin, not a figure of UPS's.
  lookupDelayMs: 10 * 60_000,
  // The spec's "auth members per carrier", plus client_id and client_secret: the carrier's current
  // API authenticates with an OAuth client id and secret, taken from these members when present and
  // otherwise from userid / password (carrier protocol notes). Accounts registered with only the
  // legacy access-license members still validate.
  auth: {
    required: ['account_number'],
    optional: [
      'access_license_number',
      'control_id',
      'customer_guid',
      'customer_id',
      'domain',
      'invoice_amount',
      'invoice_date',
      'invoice_number',
      'password',
      'qr_password',
      'qr_userid',
      'userid',
      'client_id',
      'client_secret',
    ],
    secret: ['access_license_number', 'password', 'qr_password', 'client_secret'],
    // OAuth client credentials, else the legacy user id and password as the client (client.ts).
    pairs: [
      ['client_id', 'client_secret'],
      ['userid', 'password'],
    ],
  },
  catalog,
  shipmentFields,
  // None of the carrier's documents states a tracking quota to derive this from; half an hour keeps
  // well inside any plausible one while tracking stays timely.
  trackingPollMs: 30 * 60_000,
  // The hosts without `/api`: the OAuth endpoint lives beside it (/security/v1/oauth/token).
  hosts: { live: 'https://onlinetools.ups.com', test: 'https://wwwcie.ups.com' },
};
