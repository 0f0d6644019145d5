/**
 * canadapost's calls: Canada Post's REST web services, every one with HTTP Basic credentials and
 * XML in the service's versioned media type. Labels and invoices are fetched by the links a
 * shipment's answer carries (their paths, on the account's host), so they have no row here.
 */
import type { XmlEndpoint } from '../shared/http-client.js';

/** The media type of each service's bodies, sent as both Content-Type and Accept. */
export const MEDIA_TYPES = {
  rate: 'application/vnd.cpc.ship.rate-v4+xml',
  shipment: 'application/vnd.cpc.shipment-v8+xml',
  ncshipment: 'application/vnd.cpc.ncshipment-v4+xml',
  track: 'application/vnd.cpc.track-v2+xml',
} as const;

/** XML namespaces of the request documents. */
export const NAMESPACES = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
} as const;

/**
 * A call: its request document's root (a call without a body names its answer's) and the media
 * type it is sent in and asks for.
 */
export interface CpcEndpoint extends XmlEndpoint {
  contentType: string;
}

export const ENDPOINTS = {
  rate: { operation: 'rate', method: 'POST', path: '/rs/ship/price', idempotent: true, root: 'mailing-scenario', contentType: MEDIA_TYPES.rate },
  /** validate_credentials' probe: the service discovery, the cheapest authenticated read. */
  services: { operation: 'services', method: 'GET', path: '/rs/ship/service', idempotent: true, root: 'services', contentType: MEDIA_TYPES.rate },
  ship: { operation: 'ship', method: 'POST', path: '/rs/{customer}/{mobo}/shipment', idempotent: false, root: 'shipment', contentType: MEDIA_TYPES.shipment },
  shipNonContract: { operation: 'ship', method: 'POST', path: '/rs/{customer}/ncshipment', idempotent: false, root: 'non-contract-shipment', contentType: MEDIA_TYPES.ncshipment },
  /** A label or invoice, by the path of its link (the media type is the link's). */
  artifact: { operation: 'artifact', method: 'GET', path: '/rs/artifact', idempotent: true, root: 'artifact', contentType: 'application/pdf' },
  void: { operation: 'cancel', method: 'DELETE', path: '/rs/{customer}/{mobo}/shipment/{id}', idempotent: false, notFound: true, root: 'shipment', contentType: MEDIA_TYPES.shipment },
  refund: { operation: 'refund', method: 'POST', path: '/rs/{customer}/{mobo}/shipment/{id}/refund', idempotent: false, notFound: true, root: 'shipment-refund-request', contentType: MEDIA_TYPES.shipment },
  refundNonContract: { operation: 'refund', method: 'POST', path: '/rs/{customer}/ncshipment/{id}/refund', idempotent: false, notFound: true, root: 'non-contract-shipment-refund-request', contentType: MEDIA_TYPES.ncshipment },
  track: { operation: 'track', method: 'GET', path: '/vis/track/pin/{pin}/detail', idempotent: true, notFound: true, root: 'tracking-detail', contentType: MEDIA_TYPES.track },
} as const satisfies Record<string, CpcEndpoint>;
