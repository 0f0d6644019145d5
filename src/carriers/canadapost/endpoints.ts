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
  pickup: 'application/vnd.cpc.pickup+xml',
  pickuprequest: 'application/vnd.cpc.pickuprequest+xml',
  postoffice: 'application/vnd.cpc.postoffice+xml',
  manifest: 'application/vnd.cpc.manifest-v8+xml',
  authreturn: 'application/vnd.cpc.authreturn-v2+xml',
} as const;

/** XML namespaces of the request documents. */
export const NAMESPACES = {
  rate: 'http://www.canadapost.ca/ws/ship/rate-v4',
  shipment: 'http://www.canadapost.ca/ws/shipment-v8',
  ncshipment: 'http://www.canadapost.ca/ws/ncshipment-v4',
  pickuprequest: 'http://www.canadapost.ca/ws/pickuprequest',
  manifest: 'http://www.canadapost.ca/ws/manifest-v8',
  authreturn: 'http://www.canadapost.ca/ws/authreturn-v2',
} as const;

/**
 * A call: its request document's root (a call without a body names its answer's) and the media
 * type it is sent in and asks for.
 */
export interface CpcEndpoint extends XmlEndpoint {
  contentType: string;
}

export const ENDPOINTS = {
  rate: {
    operation: 'rate',
    method: 'POST',
    path: '/rs/ship/price',
    idempotent: true,
    root: 'mailing-scenario',
    contentType: MEDIA_TYPES.rate,
  },
  /** validate_credentials' probe: the service discovery, the cheapest authenticated read. */
  services: {
    operation: 'services',
    method: 'GET',
    path: '/rs/ship/service',
    idempotent: true,
    root: 'services',
    contentType: MEDIA_TYPES.rate,
  },
  ship: {
    operation: 'ship',
    method: 'POST',
    path: '/rs/{customer}/{mobo}/shipment',
    idempotent: false,
    root: 'shipment',
    contentType: MEDIA_TYPES.shipment,
  },
  shipNonContract: {
    operation: 'ship',
    method: 'POST',
    path: '/rs/{customer}/ncshipment',
    idempotent: false,
    root: 'non-contract-shipment',
    contentType: MEDIA_TYPES.ncshipment,
  },
  /** A label or invoice, by the path of its link (the media type is the link's). */
  artifact: {
    operation: 'artifact',
    method: 'GET',
    path: '/rs/artifact',
    idempotent: true,
    root: 'artifact',
    contentType: 'application/pdf',
  },
  void: {
    operation: 'cancel',
    method: 'DELETE',
    path: '/rs/{customer}/{mobo}/shipment/{id}',
    idempotent: false,
    notFound: true,
    root: 'shipment',
    contentType: MEDIA_TYPES.shipment,
  },
  refund: {
    operation: 'refund',
    method: 'POST',
    path: '/rs/{customer}/{mobo}/shipment/{id}/refund',
    idempotent: false,
    notFound: true,
    root: 'shipment-refund-request',
    contentType: MEDIA_TYPES.shipment,
  },
  refundNonContract: {
    operation: 'refund',
    method: 'POST',
    path: '/rs/{customer}/ncshipment/{id}/refund',
    idempotent: false,
    notFound: true,
    root: 'non-contract-shipment-refund-request',
    contentType: MEDIA_TYPES.ncshipment,
  },
  track: {
    operation: 'track',
    method: 'GET',
    path: '/vis/track/pin/{pin}/detail',
    idempotent: true,
    notFound: true,
    root: 'tracking-detail',
    contentType: MEDIA_TYPES.track,
  },
  pickupAvailability: {
    operation: 'pickup_availability',
    method: 'GET',
    path: '/ad/pickup/pickupavailability/{postal}',
    idempotent: true,
    root: 'pickup-availability',
    contentType: MEDIA_TYPES.pickup,
  },
  pickup: {
    operation: 'pickup',
    method: 'POST',
    path: '/enab/{customer}/pickuprequest',
    idempotent: false,
    root: 'pickup-request-details',
    contentType: MEDIA_TYPES.pickuprequest,
  },
  pickupCancel: {
    operation: 'pickup_cancel',
    method: 'DELETE',
    path: '/enab/{customer}/pickuprequest/{id}',
    idempotent: false,
    root: 'pickup-request-info',
    contentType: MEDIA_TYPES.pickuprequest,
  },
  postOffices: {
    operation: 'dopu',
    method: 'GET',
    path: '/rs/postoffice',
    idempotent: true,
    root: 'post-office-list',
    contentType: MEDIA_TYPES.postoffice,
  },
  /** One office's opening hours, by the path of its list entry's link. */
  postOffice: {
    operation: 'dopu',
    method: 'GET',
    path: '/rs/postoffice/{id}/detail',
    idempotent: true,
    root: 'post-office-detail',
    contentType: MEDIA_TYPES.postoffice,
  },
  /** Transmit Shipments: the day's group becomes a manifest. */
  manifest: {
    operation: 'manifest',
    method: 'POST',
    path: '/rs/{customer}/{mobo}/manifest',
    idempotent: false,
    root: 'transmit-set',
    contentType: MEDIA_TYPES.manifest,
  },
  /** Get Manifest, by the path of a `manifest` link of the transmit's answer. */
  manifestGet: {
    operation: 'manifest',
    method: 'GET',
    path: '/rs/{customer}/{mobo}/manifest/{id}',
    idempotent: true,
    root: 'manifest',
    contentType: MEDIA_TYPES.manifest,
  },
  authorizedReturn: {
    operation: 'ship',
    method: 'POST',
    path: '/rs/{customer}/{mobo}/authorizedreturn',
    idempotent: false,
    root: 'authorized-return',
    contentType: MEDIA_TYPES.authreturn,
  },
  /** Get Shipments by the customer-request-id a contract shipment was created with. */
  lookupReference: {
    operation: 'lookup_reference',
    method: 'GET',
    path: '/rs/{customer}/{mobo}/shipment',
    idempotent: true,
    root: 'shipments',
    contentType: MEDIA_TYPES.shipment,
  },
  shipment: {
    operation: 'lookup_reference',
    method: 'GET',
    path: '/rs/{customer}/{mobo}/shipment/{id}',
    idempotent: true,
    root: 'shipment-info',
    contentType: MEDIA_TYPES.shipment,
  },
  /** Get Shipment Details: the group a shipment was created in. */
  shipmentDetails: {
    operation: 'manifest',
    method: 'GET',
    path: '/rs/{customer}/{mobo}/shipment/{id}/details',
    idempotent: true,
    root: 'shipment-details',
    contentType: MEDIA_TYPES.shipment,
  },
} as const satisfies Record<string, CpcEndpoint>;
