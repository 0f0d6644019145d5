/**
 * dhl_parcel_de's calls: the token of the Parcel DE authentication API (password grant), the
 * Shipping API v2 (orders: create and delete; manifests: close out and fetch), the Returns API,
 * the Pickup API v3 (orders: create and delete) and the Parcel DE Tracking API (XML over GET).
 */
import type { Endpoint } from '../shared/endpoint.js';

export const ENDPOINTS = {
  token: { operation: 'oauth', method: 'POST', path: '/parcel/de/account/auth/ropc/v1/token', idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: '/parcel/de/shipping/v2/orders', idempotent: false },
  cancel: {
    operation: 'cancel',
    method: 'DELETE',
    path: '/parcel/de/shipping/v2/orders',
    idempotent: false,
    notFound: true,
  },
  returnLabel: { operation: 'ship', method: 'POST', path: '/parcel/de/shipping/returns/v1/orders', idempotent: false },
  manifest: { operation: 'manifest', method: 'POST', path: '/parcel/de/shipping/v2/manifests', idempotent: false },
  manifestDocument: {
    operation: 'manifest',
    method: 'GET',
    path: '/parcel/de/shipping/v2/manifests',
    idempotent: true,
  },
  pickup: {
    operation: 'pickup',
    method: 'POST',
    path: '/parcel/de/transportation/pickup/v3/orders',
    idempotent: false,
  },
  pickupCancel: {
    operation: 'pickup_cancel',
    method: 'DELETE',
    path: '/parcel/de/transportation/pickup/v3/orders',
    idempotent: false,
  },
  track: {
    operation: 'track',
    method: 'GET',
    path: '/parcel/de/tracking/v0/shipments',
    idempotent: true,
    notFound: true,
  },
} as const satisfies Record<string, Endpoint>;
