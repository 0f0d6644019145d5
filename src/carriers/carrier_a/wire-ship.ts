/**
 * Wire bodies for booking and cancelling a shipment, by the sources wire.ts names; the parts every
 * operation shares are in wire.ts.
 */
import type {
  CarrierAAccountNumber,
  CarrierACustomsClearanceDetail,
  CarrierAPackageLineItem,
  CarrierAParty,
  CarrierAPayment,
  CarrierAPickupType,
  CarrierARateRequestType,
  CarrierAShipmentSpecialServices,
  CarrierASmartPostIndicia,
} from './wire.js';
import type { CarrierAAlert } from './wire-rate.js';

// ---------- ship (/ship/v1/shipments) ----------

export type CarrierAImageType = 'PDF' | 'PNG' | 'ZPLII' | 'EPL2';
/** ship-api.json LabelSpecification.labelStockType enum (validated in codes.ts). */
export type CarrierALabelStockType = string;

export interface CarrierAShipRequest {
  accountNumber: CarrierAAccountNumber;
  labelResponseOptions: 'LABEL' | 'URL_ONLY';
  shipAction?: 'CONFIRM' | 'TRANSFER';
  oneLabelAtATime?: boolean;
  requestedShipment: {
    shipDatestamp?: string;
    pickupType: CarrierAPickupType;
    serviceType: string;
    packagingType: string;
    blockInsightVisibility?: boolean;
    shipper: CarrierAParty;
    recipients: CarrierAParty[];
    shippingChargesPayment: CarrierAPayment;
    labelSpecification: {
      imageType: CarrierAImageType;
      labelStockType: CarrierALabelStockType;
      labelFormatType?: 'COMMON2D' | 'LABEL_DATA_ONLY';
      labelOrder?: 'SHIPPING_LABEL_FIRST' | 'SHIPPING_LABEL_LAST';
    };
    rateRequestType?: CarrierARateRequestType[];
    preferredCurrency?: string;
    totalWeight: number;
    totalPackageCount?: number;
    requestedPackageLineItems: CarrierAPackageLineItem[];
    shipmentSpecialServices?: CarrierAShipmentSpecialServices;
    customsClearanceDetail?: CarrierACustomsClearanceDetail;
    shippingDocumentSpecification?: {
      shippingDocumentTypes: string[];
      commercialInvoiceDetail?: { documentFormat: { docType: 'PDF'; stockType: 'PAPER_LETTER' } };
    };
    smartPostInfoDetail?: { hubId: string; indicia: CarrierASmartPostIndicia };
  };
}

/** ship-api.json LabelResponseVO. */
export interface CarrierALabelDocument {
  contentType?: string;
  trackingNumber?: string;
  docType?: string;
  encodedLabel?: string;
  url?: string;
}

/** ship-api.json PieceResponse (subset). */
export interface CarrierAPieceResponse {
  trackingNumber?: string;
  masterTrackingNumber?: string;
  packageSequenceNumber?: number;
  packageDocuments?: CarrierALabelDocument[];
}

/** ship-api.json ShipmentRateDetail (subset). */
export interface CarrierAShipmentRateDetail {
  rateType?: string;
  totalBaseCharge?: number;
  totalSurcharges?: number;
  totalFreightDiscounts?: number;
  totalTaxes?: number;
  totalNetCharge?: number;
  currency?: string;
}

/** ship-api.json TransactionShipmentOutputVO (subset). */
export interface CarrierATransactionShipment {
  masterTrackingNumber?: string;
  serviceType?: string;
  serviceName?: string;
  shipmentDocuments?: CarrierALabelDocument[];
  pieceResponses?: CarrierAPieceResponse[];
  completedShipmentDetail?: {
    masterTrackingId?: { trackingNumber?: string };
    shipmentRating?: { actualRateType?: string; shipmentRateDetails?: CarrierAShipmentRateDetail[] };
    operationalDetail?: { deliveryDate?: string; commitDate?: string; commitDates?: string[]; transitTime?: string };
    shipmentDocuments?: { type?: string; imageType?: string; parts?: { image?: string }[] }[];
  };
}

export interface CarrierAShipResponse {
  transactionId?: string;
  output?: { transactionShipments?: CarrierATransactionShipment[]; alerts?: CarrierAAlert[] };
}

// ---------- cancel (/ship/v1/shipments/cancel) ----------

export interface CarrierACancelRequest {
  accountNumber: CarrierAAccountNumber;
  deletionControl: 'DELETE_ALL_PACKAGES';
  trackingNumber: string;
}

export interface CarrierACancelResponse {
  transactionId?: string;
  output?: {
    cancelledShipment?: boolean;
    cancelledHistory?: boolean;
    successMessage?: string;
    message?: string;
    alerts?: CarrierAAlert[];
  };
}
