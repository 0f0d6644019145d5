/**
 * Australia Post Shipping and Tracking API wire types (JSON, kg and cm): what the adapter sends.
 * Answers are read defensively through shared/json.ts, never cast to these.
 */

/** `from` / `to` of a price request. */
export interface AusPostPlace {
  country: string;
  postcode?: string;
  suburb?: string;
  state?: string;
}

/** `features` of an item: transit cover with its amount in AUD. */
export interface AusPostFeatures {
  TRANSIT_COVER?: { attributes: { cover_amount: number } };
}

export interface AusPostPriceItem {
  item_reference: string;
  length?: number;
  width?: number;
  height?: number;
  weight: number;
  packaging_type?: string;
  product_ids?: string[];
  features?: AusPostFeatures;
}

export interface AusPostPriceRequest {
  from: AusPostPlace;
  to: AusPostPlace;
  items: AusPostPriceItem[];
}

export interface AusPostAddress {
  name: string;
  business_name?: string;
  lines: string[];
  suburb: string;
  state?: string;
  postcode: string;
  country: string;
  phone?: string;
  email?: string;
}

export interface AusPostItemContent {
  description: string;
  quantity: number;
  value: number;
  weight?: number;
  tariff_code?: string;
  country_of_origin?: string;
  sku?: string;
}

export interface AusPostShipmentItem {
  item_reference: string;
  product_id: string;
  length?: number;
  width?: number;
  height?: number;
  weight: number;
  packaging_type?: string;
  item_description?: string;
  authority_to_leave?: boolean;
  safe_drop_enabled?: boolean;
  allow_partial_delivery?: boolean;
  contains_dangerous_goods?: boolean;
  features?: AusPostFeatures;
  /** International items: the customs declaration printed with the label. */
  classification_type?: string;
  commercial_value?: boolean;
  description_of_other?: string;
  item_contents?: AusPostItemContent[];
}

export interface AusPostShipment {
  shipment_reference?: string;
  customer_reference_1?: string;
  customer_reference_2?: string;
  email_tracking_enabled?: boolean;
  movement_type?: 'DESPATCH' | 'RETURN';
  from: AusPostAddress;
  to: AusPostAddress;
  items: AusPostShipmentItem[];
}

export interface AusPostShipmentRequest {
  shipments: AusPostShipment[];
}

export interface AusPostLabelRequest {
  wait_for_label_url: boolean;
  preferences: {
    type: 'PRINT';
    format: 'PDF' | 'ZPL';
    groups: { group: string; layout: string; branded: boolean; left_offset: number; top_offset: number }[];
  }[];
  shipments: { shipment_id: string; items?: { item_id: string }[] }[];
}

export interface AusPostOrderRequest {
  order_reference: string;
  payment_method: 'CHARGE_TO_ACCOUNT';
  shipments: { shipment_id: string }[];
}
