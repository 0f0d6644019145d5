/** australiapost's calls: the Shipping and Tracking API v1, every one with HTTP Basic and the account-number header. */
import type { Endpoint } from '../shared/endpoint.js';

export const ENDPOINTS = {
  /** validate_credentials: the account details of the contract account. */
  account: { operation: 'account', method: 'GET', path: '/shipping/v1/accounts/{account}', idempotent: true },
  rate: { operation: 'rate', method: 'POST', path: '/shipping/v1/prices/items', idempotent: true },
  ship: { operation: 'ship', method: 'POST', path: '/shipping/v1/shipments', idempotent: false },
  /** A label request; it completes asynchronously. */
  label: { operation: 'label', method: 'POST', path: '/shipping/v1/labels', idempotent: false },
  labelStatus: { operation: 'label', method: 'GET', path: '/shipping/v1/labels/{requestId}', idempotent: true },
  /** The signed link of an AVAILABLE label, on its own host: the path is the link's. */
  labelFile: { operation: 'label', method: 'GET', path: '/{link}', idempotent: true },
  /** Deletes a shipment no order holds yet: cancel, and the undoing of a booking whose label never came. */
  cancel: {
    operation: 'cancel',
    method: 'DELETE',
    path: '/shipping/v1/shipments/{shipmentId}',
    idempotent: false,
    notFound: true,
  },
  track: { operation: 'track', method: 'GET', path: '/shipping/v1/track', idempotent: true },
  /** The shipments not yet in an order, which the day's order is made of. */
  openShipments: { operation: 'manifest', method: 'GET', path: '/shipping/v1/shipments', idempotent: true },
  order: { operation: 'manifest', method: 'POST', path: '/shipping/v1/orders', idempotent: false },
  orderSummary: {
    operation: 'manifest',
    method: 'GET',
    path: '/shipping/v1/accounts/{account}/orders/{orderId}/summary',
    idempotent: true,
  },
} as const satisfies Record<string, Endpoint>;
