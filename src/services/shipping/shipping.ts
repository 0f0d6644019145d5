/**
 * Shipping, the face: binds the dependencies to the use cases, each a named function of its own:
 * ship (ship.ts), cancelShipment (cancel.ts), readLabel and readSignedLabel (labels.ts), and the
 * booking steps other booking paths share (booking.ts, store-booked.ts).
 */
import { bind } from '../../foundations/bind.js';
import { prepareBooking, recordBooking, recordFound } from './booking.js';
import type { BookingExtras } from './booking-view.js';
import { cancelShipment } from './cancel.js';
import { readLabel, readSignedLabel } from './labels.js';
import { ship } from './ship.js';
import type { ShippingDeps } from './shipping-deps.js';
import { storeBooking, storeShipped } from './store-booked.js';

export type { BookingExtras, ShippingDeps };
export type { BookingRecord, PreparedBooking } from './booking.js';

export function createShippingService(deps: ShippingDeps) {
  // `choose` is POST /ship's first step (shipping_accounts + select, validate_address) for other
  // booking paths (batches): its shipment goes to prepareBooking, the rest to recordBooking's extras.
  return {
    prepareBooking: bind(deps, prepareBooking),
    recordBooking: bind(deps, recordBooking),
    recordFound: bind(deps, recordFound),
    storeBooking: bind(deps, storeBooking),
    storeShipped: bind(deps, storeShipped),
    ship: bind(deps, ship),
    cancel: bind(deps, cancelShipment),
    label: bind(deps, readLabel),
    signedLabel: bind(deps, readSignedLabel),
    choose: deps.choice.choose,
  };
}
