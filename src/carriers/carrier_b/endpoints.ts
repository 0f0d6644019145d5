/**
 * carrier_b's calls (README.md). The APIs live under `/api` (the vendor files' server),
 * the token endpoint beside them; `{version}` is API_VERSION.
 */
import type { Endpoint } from '../shared/endpoint.js';

/** The API version of every call (path `{version}`; Rating/Shipping/Pickup.yaml: "Valid values: v2409"). */
const API_VERSION = 'v2409';
/** AddressValidation.yaml lists version v2 only. */
const ADDRESS_VERSION = 'v2';

/** The path of the APIs' server under the base URL (every endpoint's but the token's). */
export const API_PATH = '/api';

export const ENDPOINTS = {
  token: { operation: 'oauth', method: 'POST', path: '/security/v1/oauth/token', idempotent: true },
  rate: { operation: 'rate', method: 'POST', path: `/rating/${API_VERSION}/{requestOption}`, idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: `/shipments/${API_VERSION}/ship`, idempotent: false },
  track: {
    operation: 'track',
    method: 'GET',
    path: '/track/v1/details/{inquiryNumber}',
    idempotent: true,
    notFound: true,
  },
  lookupReference: {
    operation: 'lookup_reference',
    method: 'GET',
    path: '/track/v1/reference/details/{referenceNumber}',
    idempotent: true,
    notFound: true,
  },
  /** Shipping.yaml "Label Recovery"; version v1: "original features of the application", the labels themselves. */
  labelRecovery: { operation: 'label_recovery', method: 'POST', path: '/labels/v1/recovery', idempotent: true },
  cancel: {
    operation: 'cancel',
    method: 'DELETE',
    path: `/shipments/${API_VERSION}/void/cancel/{shipmentId}`,
    idempotent: false,
    notFound: true,
  },
  pickupAvailability: {
    operation: 'pickup_availability',
    method: 'POST',
    path: `/shipments/${API_VERSION}/pickup/oncall`,
    idempotent: true,
  },
  pickup: { operation: 'pickup', method: 'POST', path: `/pickupcreation/${API_VERSION}/pickup`, idempotent: false },
  /** CancelBy 02 = PRN (Pickup.yaml "Valid Values: 01 = AccountNumber, 02 = PRN"). */
  pickupCancel: {
    operation: 'pickup_cancel',
    method: 'DELETE',
    path: `/shipments/${API_VERSION}/pickup/02`,
    idempotent: false,
  },
  locations: {
    operation: 'locations',
    method: 'POST',
    path: `/pickup/${API_VERSION}/servicecenterlocations`,
    idempotent: true,
  },
  address: {
    operation: 'address',
    method: 'POST',
    path: `/addressvalidation/${ADDRESS_VERSION}/{requestOption}`,
    idempotent: true,
  },
} as const satisfies Record<string, Endpoint>;
