/** carrier_a's calls (README.md: rate/v1, ship/v1, track/v1 (by number and by reference), pickup/v1, location/v1, address/v1, oauth/token). */
import type { Endpoint } from '../shared/endpoint.js';

export const ENDPOINTS = {
  token: { operation: 'oauth', method: 'POST', path: '/oauth/token', idempotent: true },
  rate: { operation: 'rate', method: 'POST', path: '/rate/v1/rates/quotes', idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: '/ship/v1/shipments', idempotent: false },
  cancel: { operation: 'cancel', method: 'PUT', path: '/ship/v1/shipments/cancel', idempotent: false },
  track: { operation: 'track', method: 'POST', path: '/track/v1/trackingnumbers', idempotent: true },
  lookupReference: {
    operation: 'lookup_reference',
    method: 'POST',
    path: '/track/v1/referencenumbers',
    idempotent: true,
  },
  pickupAvailability: {
    operation: 'pickup_availability',
    method: 'POST',
    path: '/pickup/v1/pickups/availabilities',
    idempotent: true,
  },
  pickup: { operation: 'pickup', method: 'POST', path: '/pickup/v1/pickups', idempotent: false },
  pickupCancel: { operation: 'pickup_cancel', method: 'PUT', path: '/pickup/v1/pickups/cancel', idempotent: false },
  locations: { operation: 'locations', method: 'POST', path: '/location/v1/locations', idempotent: true },
  address: { operation: 'address', method: 'POST', path: '/address/v1/addresses/resolve', idempotent: true },
} as const satisfies Record<string, Endpoint>;
