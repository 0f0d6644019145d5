/**
 * Wire bodies for pickups, by the sources wire.ts names; the parts every
 * operation shares are in wire.ts.
 */
import type {
  CarrierAAccountNumber,
  CarrierAAddress,
  CarrierAContact,
  CarrierADimensions,
  CarrierAWeight,
} from './wire.js';
import type { CarrierAAlert } from './wire-rate.js';

// ---------- pickup (/pickup/v1/pickups, /availabilities, /cancel) ----------

export type CarrierACarrierCode = 'FDXE' | 'FDXG';

/** pickup-api.json Full_Schema_Pickup_Availability (associatedAccountNumber is a plain string here). */
export interface CarrierAPickupAvailabilityRequest {
  pickupAddress: CarrierAAddress;
  dispatchDate?: string;
  numberOfBusinessDays?: number;
  packageReadyTime?: string;
  customerCloseTime?: string;
  pickupType?: 'ON_CALL' | 'TAG';
  pickupRequestType: ('SAME_DAY' | 'FUTURE_DAY')[];
  shipmentAttributes?: { serviceType?: string; weight?: CarrierAWeight; dimensions?: CarrierADimensions };
  associatedAccountNumber?: string;
  carriers: CarrierACarrierCode[];
  countryRelationship: 'DOMESTIC' | 'INTERNATIONAL';
}

/** pickup-api.json PickupScheduleOption (subset). */
export interface CarrierAPickupScheduleOption {
  carrier?: string;
  available?: boolean;
  pickupDate?: string;
  cutOffTime?: string;
  defaultReadyTime?: string;
  defaultLatestTimeOptions?: string | string[];
  readyTimeOptions?: string[];
  latestTimeOptions?: string[];
}

export interface CarrierAPickupAvailabilityResponse {
  output?: { options?: CarrierAPickupScheduleOption[]; requestTimestamp?: string };
}

/** pickup-api.json Full_Schema_Create_Pickup (subset). */
export interface CarrierAPickupRequest {
  associatedAccountNumber: CarrierAAccountNumber;
  carrierCode: CarrierACarrierCode;
  originDetail: {
    pickupAddressType?: 'ACCOUNT' | 'SHIPPER' | 'OTHER';
    pickupLocation: { contact?: CarrierAContact; address: CarrierAAddress; accountNumber?: CarrierAAccountNumber };
    readyDateTimestamp: string;
    customerCloseTime: string;
    packageLocation?: 'FRONT' | 'NONE' | 'REAR' | 'SIDE';
  };
  totalWeight?: CarrierAWeight;
  packageCount?: number;
  pickupType?: string;
  remarks?: string;
  countryRelationships?: 'DOMESTIC' | 'INTERNATIONAL';
  pickupNotificationDetail?: { emailDetails: { address: string; locale?: string }[]; format?: 'HTML' | 'TEXT' };
}

export interface CarrierAPickupResponse {
  output?: { pickupConfirmationCode?: string; message?: string; location?: string; alerts?: CarrierAAlert[] };
}

/** pickup-api.json Full_Schema_Cancel_Pickup. */
export interface CarrierAPickupCancelRequest {
  associatedAccountNumber: CarrierAAccountNumber;
  pickupConfirmationCode: string;
  carrierCode?: CarrierACarrierCode;
  scheduledDate: string;
  location?: string;
  remarks?: string;
}

export interface CarrierAPickupCancelResponse {
  output?: { pickupConfirmationCode?: string; cancelConfirmationMessage?: string; alerts?: CarrierAAlert[] };
}
