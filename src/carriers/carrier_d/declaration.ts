/** carrier_d declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';
import { shipmentFields } from './fields.js';

export const declaration: CarrierDeclaration = {
  slug: 'carrier_d',
  name: 'National postal carrier (direct account)',
  logo: { text: 'D' },
  // The spec's "Operations supported per carrier" table, carrier_d column: no pickup_availability.
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'manifest',
    'validate_credentials',
    'webhook',
    'validate_address',
  ],
  // The spec's "auth members per carrier": six required (OAuth client plus the payment authorization
  // members), four optional.
  auth: {
    required: ['account_number', 'client_id', 'client_secret', 'customer_registration_id', 'mailer_id', 'manifest_mid'],
    optional: ['account_type', 'manifest_facility_postal_code', 'password', 'user_id'],
    secret: ['client_secret', 'password'],
    pairs: [['client_id', 'client_secret']],
    // account_type is EPS or PERMIT: test accounts take a valid one.
    testValues: { account_type: 'EPS' },
  },
  catalog,
  exampleService: 'priority_mail',
  shipmentFields,
  // None of the carrier's documents states a tracking quota to derive this from; half an hour keeps
  // well inside any plausible one while tracking stays timely.
  trackingPollMs: 30 * 60_000,
  hosts: { live: 'https://apis.usps.com', test: 'https://apis-tem.usps.com' },
  // scan-forms.yaml: fromAddress is required; USPS forms the day's labels itself without a list.
  manifest: { needsOrigin: true },
};
