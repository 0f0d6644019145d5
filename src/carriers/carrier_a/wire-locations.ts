/**
 * Wire bodies for drop-off locations, by the sources wire.ts names; the parts every
 * operation shares are in wire.ts.
 */
import type { CarrierAAddress, CarrierAContact } from './wire.js';

// ---------- locations (/location/v1/locations) ----------

export interface CarrierALocationsRequest {
  locationsSummaryRequestControlParameters: { distance: { units: 'MI' | 'KM'; value: number }; maxResults?: number };
  locationSearchCriterion: 'ADDRESS';
  location: { address: CarrierAAddress };
  multipleMatchesAction: 'RETURN_ALL' | 'RETURN_FIRST';
  sort?: { criteria: 'DISTANCE'; order: 'ASCENDING' };
  locationCapabilities?: { transferOfPossessionType: 'DROPOFF' | 'HOLD_AT_LOCATION' }[];
}

export interface CarrierALocationDetail {
  locationId?: string;
  distance?: { units?: string; value?: number };
  contactAndAddress?: { contact?: CarrierAContact; address?: CarrierAAddress };
  geoPositionalCoordinates?: { latitude?: number; longitude?: number };
  storeHours?: {
    dayOfWeek?: string;
    operationalHoursType?: string;
    operationalHours?: { begins?: string; ends?: string } | { begins?: string; ends?: string }[];
  }[];
}

export interface CarrierALocationsResponse {
  output?: { locationDetailList?: CarrierALocationDetail[]; totalResults?: number };
}
