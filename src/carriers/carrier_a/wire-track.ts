/**
 * Wire bodies for tracking and proof of delivery, by the sources wire.ts names; the parts every
 * operation shares are in wire.ts.
 */

// ---------- track (/track/v1/trackingnumbers, /track/v1/trackingdocuments) ----------

export interface CarrierATrackRequest {
  includeDetailedScans: boolean;
  trackingInfo: { trackingNumberInfo: { trackingNumber: string; carrierCode?: string } }[];
}

/** track.json AddressVO1 (subset). */
export interface CarrierATrackAddress {
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode?: string;
}

/** track.json ScanEvent. */
export interface CarrierAScanEvent {
  date?: string;
  eventType?: string;
  eventDescription?: string;
  exceptionDescription?: string;
  derivedStatus?: string;
  derivedStatusCode?: string;
  scanLocation?: CarrierATrackAddress;
}

/** track.json TrackResult (subset). */
export interface CarrierATrackResult {
  trackingNumberInfo?: { trackingNumber?: string };
  latestStatusDetail?: { code?: string; derivedCode?: string; description?: string; statusByLocale?: string };
  scanEvents?: CarrierAScanEvent[];
  dateAndTimes?: { type?: string; dateTime?: string }[];
  deliveryDetails?: { receivedByName?: string; signedByName?: string };
  estimatedDeliveryTimeWindow?: { window?: { begins?: string; ends?: string } };
  standardTransitTimeWindow?: { window?: { begins?: string; ends?: string } };
  error?: { code?: string; message?: string };
}

export interface CarrierATrackResponse {
  transactionId?: string;
  output?: { completeTrackResults?: { trackingNumber?: string; trackResults?: CarrierATrackResult[] }[] };
}

/** track.json Full_Schema_SPOD. */
export interface CarrierAProofOfDeliveryRequest {
  trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY'; documentFormat: 'PDF' | 'PNG' };
  trackDocumentSpecification: { trackingNumberInfo: { trackingNumber: string }; accountNumber?: string }[];
}

// ---------- track by references (/track/v1/referencenumbers) ----------

/** track.json Full_Schema_Tracking_References / ReferenceInformation. */
export interface CarrierATrackReferenceRequest {
  includeDetailedScans: boolean;
  referencesInformation: {
    type: string;
    value: string;
    accountNumber?: string;
    shipDateBegin?: string;
    shipDateEnd?: string;
    destinationCountryCode?: string;
    destinationPostalCode?: string;
  };
}
