/** carrier_d's calls: the USPS REST APIs v3 (README.md), one base path per API. */
import type { Endpoint } from '../shared/endpoint.js';

export const ENDPOINTS = {
  token: { operation: 'oauth', method: 'POST', path: '/oauth2/v3/token', idempotent: true },
  paymentAuthorization: {
    operation: 'payment_authorization',
    method: 'POST',
    path: '/payments/v3/payment-authorization',
    idempotent: true,
  },
  rate: { operation: 'rate', method: 'POST', path: '/prices/v3/total-rates/search', idempotent: true },
  rateInternational: {
    operation: 'rate',
    method: 'POST',
    path: '/international-prices/v3/total-rates/search',
    idempotent: true,
  },
  label: { operation: 'ship', method: 'POST', path: '/labels/v3/label', idempotent: false },
  returnLabel: { operation: 'ship', method: 'POST', path: '/labels/v3/return-label', idempotent: false },
  internationalLabel: {
    operation: 'ship',
    method: 'POST',
    path: '/international-labels/v3/international-label',
    idempotent: false,
  },
  /** A refund: the label is cancelled at the API it was bought from. */
  cancel: {
    operation: 'cancel',
    method: 'DELETE',
    path: '/labels/v3/label/{trackingNumber}',
    idempotent: false,
    notFound: true,
  },
  cancelInternational: {
    operation: 'cancel',
    method: 'DELETE',
    path: '/international-labels/v3/international-label/{trackingNumber}',
    idempotent: false,
    notFound: true,
  },
  track: {
    operation: 'track',
    method: 'GET',
    path: '/tracking/v3/tracking/{trackingNumber}',
    idempotent: true,
    notFound: true,
  },
  pickup: { operation: 'pickup', method: 'POST', path: '/pickup/v3/carrier-pickup', idempotent: false },
  /** Read before the cancellation for the ETag it needs. */
  pickupLookup: {
    operation: 'pickup_cancel',
    method: 'GET',
    path: '/pickup/v3/carrier-pickup/{confirmationNumber}',
    idempotent: true,
    notFound: true,
  },
  pickupCancel: {
    operation: 'pickup_cancel',
    method: 'DELETE',
    path: '/pickup/v3/carrier-pickup/{confirmationNumber}',
    idempotent: false,
    notFound: true,
  },
  address: { operation: 'address', method: 'GET', path: '/addresses/v3/address', idempotent: true },
  locations: { operation: 'locations', method: 'GET', path: '/locations/v3/dropoff-locations', idempotent: true },
  manifest: { operation: 'manifest', method: 'POST', path: '/scan-forms/v3/scan-form', idempotent: false },
} as const satisfies Record<string, Endpoint>;
