/**
 * Wire bodies for rating, by the sources wire.ts names; the parts every
 * operation shares are in wire.ts.
 */
import type {
  CarrierAAccountNumber,
  CarrierAAddress,
  CarrierACustomsClearanceDetail,
  CarrierAPackageLineItem,
  CarrierAPickupType,
  CarrierARateRequestType,
  CarrierAShipmentSpecialServices,
  CarrierASmartPostIndicia,
} from './wire.js';

// ---------- rate (/rate/v1/rates/quotes) ----------

export interface CarrierARateRequest {
  accountNumber: CarrierAAccountNumber;
  rateRequestControlParameters?: {
    returnTransitTimes?: boolean;
    servicesNeededOnRateFailure?: boolean;
    rateSortOrder?: 'COMMITASCENDING' | 'SERVICENAMETRADITIONAL' | 'COMMITDESCENDING';
    variableOptions?: string;
  };
  requestedShipment: {
    shipper: { address: CarrierAAddress };
    recipient: { address: CarrierAAddress };
    serviceType?: string;
    preferredCurrency?: string;
    rateRequestType: CarrierARateRequestType[];
    /** Note the casing: rate says shipDateStamp, ship says shipDatestamp. */
    shipDateStamp?: string;
    pickupType: CarrierAPickupType;
    packagingType?: string;
    documentShipment?: boolean;
    totalWeight?: number;
    totalPackageCount?: number;
    requestedPackageLineItems: CarrierAPackageLineItem[];
    shipmentSpecialServices?: CarrierAShipmentSpecialServices;
    customsClearanceDetail?: CarrierACustomsClearanceDetail;
    smartPostInfoDetail?: { hubId: string; indicia: CarrierASmartPostIndicia };
  };
}

/** rate-api.json RatedShipmentDetail (subset). */
export interface CarrierARatedShipmentDetail {
  rateType?: string;
  totalBaseCharge?: number;
  totalNetCharge?: number;
  totalDiscounts?: number;
  currency?: string;
  shipmentRateDetail?: { currency?: string; totalSurcharges?: number };
}

/** rate-api.json RateReplyDetail (subset). */
export interface CarrierARateReplyDetail {
  serviceType?: string;
  serviceName?: string;
  ratedShipmentDetails?: CarrierARatedShipmentDetail[];
  commit?: {
    dateDetail?: { dayOfWeek?: string; dayFormat?: string; dayCxsFormat?: string };
    transitDays?: { minimumTransitTime?: string; description?: string };
    daysInTransit?: string;
  };
  operationalDetail?: {
    transitTime?: string;
    deliveryDate?: string;
    deliveryDay?: string;
    commitDate?: string;
    commitDays?: string[];
  };
}

export interface CarrierAAlert {
  code?: string;
  alertType?: 'NOTE' | 'WARNING';
  message?: string;
}

export interface CarrierARateResponse {
  transactionId?: string;
  output?: { rateReplyDetails?: CarrierARateReplyDetail[]; alerts?: CarrierAAlert[]; quoteDate?: string };
}
