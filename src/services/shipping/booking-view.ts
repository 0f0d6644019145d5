/** The public booking record made of what one booking produced (README.md "Shipping"). */
import type { BookedShipment, ShipmentRequest } from '../../domain/types.js';
import type { ShipChoice } from './ship-choice.js';

/** What a booking through shipping_accounts or validate_address chose, shown with it. */
export type BookingExtras = Omit<ShipChoice, 'shipment'>;

export interface StoredLabel {
  id: string;
  bytes: Uint8Array;
  format: string;
  tracking_number: string | null;
}

/** What one booking produced, before it is shown as a response. */
export interface Booking {
  id: string;
  carrier: string;
  req: ShipmentRequest;
  booked: BookedShipment;
  test: boolean;
  labels: StoredLabel[];
  combined?: StoredLabel;
  now: Date;
  extras?: BookingExtras;
  /** Found at the carrier after the booking's answer was lost: says so, and whether its labels were fetched again. */
  recovered?: string;
}

export function labelTypeName(req: ShipmentRequest): string {
  return req.label_size ? `${req.label_type}__${req.label_size}` : (req.label_type ?? 'PDF');
}

/** `label` is a URL or base64. */
export function bookingView(b: Booking, labelRef: (l: StoredLabel) => string, trackingUrl: string) {
  const { id, carrier, req, booked, test, labels, combined, now, extras, recovered } = b;
  return {
    id,
    carrier,
    shipping_account: req.shipping_account,
    service: booked.service_type ?? req.service,
    packaging: req.packaging,
    ship_date: req.ship_date ?? booked.ship_date ?? now.toISOString().slice(0, 10),
    test,
    type: req.type ?? 'outbound',
    tracking_number: booked.tracking_number,
    tracking_url: trackingUrl,
    label_type: labelTypeName(req),
    ...(booked.costs ? { costs: booked.costs } : {}),
    currency: booked.costs?.currency ?? req.currency,
    dim_units: req.dim_units,
    weight_units: req.weight_units,
    packages: booked.packages.map((p, i) => {
      const input = req.packages[i];
      return {
        tracking_number: p.tracking_number,
        ...(labels[i] ? { label: labelRef(labels[i]) } : {}),
        label_type: p.label_format,
        ...(input
          ? { weight: input.weight, length: input.length, width: input.width, height: input.height, value: input.value }
          : {}),
      };
    }),
    ...(combined ? { combined_label: labelRef(combined) } : {}),
    // Clients of the original interface read these lists as objects, never strings.
    special_services: (req.special_services ?? []).map((slug) => ({ slug })),
    shipping_documents: booked.shipping_documents ?? [],
    references: req.references ?? [],
    sender: req.sender,
    recipient: req.recipient,
    ...(booked.estimated_date ? { estimated_date: booked.estimated_date } : {}),
    ...(booked.transit_days !== undefined ? { transit_days: booked.transit_days } : {}),
    ...(extras?.selected_rate ? { selected_rate: extras.selected_rate } : {}),
    ...(extras?.address_validation ? { address_validation: extras.address_validation } : {}),
    ...(recovered ? { recovered } : {}),
  };
}

export type BookingView = ReturnType<typeof bookingView>;
