/**
 * Shipments as the Shipping API answers them (the booking, the listing, the order): ids, each
 * item's `tracking_details` and `item_summary`, and the `shipment_summary` with GST apart.
 */
import { localDate } from '../calendar.js';
import { round2 } from '../json.js';
import type { StoredItem, StoredShipment } from './state.js';

/** Australia Post answers in Melbourne time (AEST, +10:00). */
export const AU_OFFSET = 600;

function itemReply(s: StoredShipment, i: StoredItem): Record<string, unknown> {
  return {
    item_id: i.itemId,
    item_reference: i.reference,
    tracking_details: { article_id: i.articleId, consignment_id: s.consignmentId, barcode_id: i.articleId },
    product_id: i.productId,
    item_summary: {
      total_cost: round2(i.exGst + i.gst),
      total_cost_ex_gst: i.exGst,
      total_gst: i.gst,
      status: s.orderId ? 'Sealed' : 'Created',
    },
  };
}

export function shipmentReply(s: StoredShipment): Record<string, unknown> {
  const exGst = round2(s.items.reduce((t, i) => t + i.exGst, 0));
  const gst = round2(s.items.reduce((t, i) => t + i.gst, 0));
  const status = s.orderId ? 'Sealed' : 'Created';
  const created = `${localDate(s.bookedAt, AU_OFFSET)}T${new Date(s.bookedAt.getTime() + AU_OFFSET * 60_000).toISOString().slice(11, 19)}+10:00`;
  return {
    shipment_id: s.shipmentId,
    shipment_reference: s.reference,
    shipment_creation_date: created,
    shipment_modified_date: created,
    ...(s.references[0] ? { customer_reference_1: s.references[0] } : {}),
    ...(s.references[1] ? { customer_reference_2: s.references[1] } : {}),
    sender_references: s.references,
    email_tracking_enabled: false,
    movement_type: s.movementType,
    items: s.items.map((i) => itemReply(s, i)),
    shipment_summary: {
      total_cost: round2(exGst + gst),
      total_cost_ex_gst: exGst,
      fuel_surcharge: 0,
      total_gst: gst,
      status,
      number_of_items: s.items.length,
      tracking_summary: { [status === 'Sealed' ? 'Sealed' : 'Initiated']: s.items.length },
    },
  };
}
