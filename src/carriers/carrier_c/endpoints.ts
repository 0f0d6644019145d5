/** carrier_c's calls: the MyDHL API (README.md), every one with HTTP Basic credentials. */
import type { Endpoint } from '../shared/endpoint.js';

export const ENDPOINTS = {
  rate: { operation: 'rate', method: 'POST', path: '/rates', idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: '/shipments', idempotent: false },
  track: {
    operation: 'track',
    method: 'GET',
    path: '/shipments/{shipmentTrackingNumber}/tracking',
    idempotent: true,
    notFound: true,
  },
  trackMany: { operation: 'track', method: 'GET', path: '/tracking', idempotent: true, notFound: true },
  lookupReference: {
    operation: 'lookup_reference',
    method: 'GET',
    path: '/tracking',
    idempotent: true,
    notFound: true,
  },
  pickup: { operation: 'pickup', method: 'POST', path: '/pickups', idempotent: false },
  pickupCancel: {
    operation: 'pickup_cancel',
    method: 'DELETE',
    path: '/pickups/{dispatchConfirmationNumber}',
    idempotent: false,
  },
  locations: { operation: 'locations', method: 'GET', path: '/servicepoints', idempotent: true },
  /** validate_credentials' probe: any answer but a refusal went through authentication. */
  validate: { operation: 'address_validate', method: 'GET', path: '/address-validate', idempotent: true },
  /** validate_address: a 404 is DHL knowing no such postal location. */
  address: {
    operation: 'address_validate',
    method: 'GET',
    path: '/address-validate',
    idempotent: true,
    notFound: true,
  },
} as const satisfies Record<string, Endpoint>;
