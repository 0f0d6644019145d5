/** carrier_d_reseller declares itself: what it supports, its credentials, its catalog and its hosts. */
import type { CarrierDeclaration } from '../carrier.js';
import { catalog } from './catalog.js';
import { shipmentFields } from './fields.js';

export const declaration: CarrierDeclaration = {
  slug: 'carrier_d_reseller',
  name: 'Postage reseller that sells carrier_d postage',
  logo: { text: 'DR' },
  // The spec's "Operations supported per carrier" table, carrier_d_reseller column: no pickup, dopu or
  // pickup_availability. Beyond it, lookup_reference: a booking found by Waybill's reference in the
  // account's transactions listing (lookup.ts).
  operations: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'manifest',
    'validate_credentials',
    'webhook',
    'lookup_reference',
  ],
  // The Label Server documents no delay between buying a label and its listing; the same margin as
  // the other carriers' searches.
  lookupDelayMs: 10 * 60_000,
  // The spec's "auth members per carrier". The operator's own requester id is configuration, not an
  // account member.
  auth: {
    required: ['account_id', 'passphrase'],
    optional: [],
    secret: ['passphrase'],
    pairs: [['account_id', 'passphrase']],
  },
  catalog,
  shipmentFields,
  // WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID: the operator's RequesterID for live accounts.
  operatorSettings: ['requester_id'],
  // None of the carrier's documents states a tracking quota to derive this from; half an hour keeps
  // well inside any plausible one while tracking stays timely.
  trackingPollMs: 30 * 60_000,
  // Its labels are carrier_d postage: any carrier_d retail counter takes the parcel.
  retailDropOff: true,
  prepaidPostage: true,
  hosts: { live: 'https://labelserver.endicia.com', test: 'https://elstestserver2.endicia.com' },
  // PackageStatusRequest takes a PicNumbers list (README.md §10); ELS publishes no maximum, so a
  // batch stays at a size the guide's other lists (refund, SCAN) are used with.
  trackBatchSize: 20,
  // SCANRequest forms the PicNumbers it is given and knows no "the day's labels" (README.md §9).
  manifest: { listsLabels: true },
};
