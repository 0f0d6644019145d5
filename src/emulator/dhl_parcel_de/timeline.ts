/**
 * How a dhl_parcel_de parcel moves, as a function of the emulator clock, with the tracking API's
 * event codes (ICE event, reason, standard event code) and texts:
 *
 *   booking                 PARCV NRQRD VA  electronically announced
 *   pickup (ship date 16:00, or booking + 2 h when later)
 *                           PCKDU PUBCR AE  picked up
 *   pickup + 3 h            LDTMV MVMTV AA  processed in the parcel center of origin
 *   (international)         RSDCP FWEXH ZO  export customs cleared, the next morning
 *   delivery day 03:30      ULFMV UNLDD EE  processed in the destination parcel center
 *   delivery day 09:00      SRTED NRQRD PO  loaded onto the delivery vehicle
 *   delivery day 13:00      DLVRD OTHER ZU  delivered
 *
 * The delivery day is the ship date plus the product's business days. A cancelled shipment shows
 * the announcement, then CANCL NRQRD BV "cancelled by the sender".
 */
import { addDays, atLocal, keepInOrder, localDate } from '../calendar.js';
import type { StoredShipment } from './state.js';

export interface PlannedEvent {
  at: Date;
  ice: string;
  ric: string;
  code: string;
  text: string;
  short: string;
  place: 'origin' | 'destination' | 'none';
}

const HOUR = 3_600_000;
/** Germany's offset on the calendar's terms (standard time; the tracking answer writes German local time). */
export const GERMANY = 60;

/** When DHL takes the parcel: after this the order can no longer be deleted. */
export function pickupTime(s: StoredShipment): Date {
  const planned = atLocal(s.shipDate, '16:00', GERMANY);
  const soonest = new Date(s.bookedAt.getTime() + 2 * HOUR);
  return planned.getTime() > soonest.getTime() ? planned : soonest;
}

const ev = (
  at: Date,
  ice: string,
  ric: string,
  code: string,
  text: string,
  short: string,
  place: PlannedEvent['place'],
): PlannedEvent => ({ at, ice, ric, code, text, short, place });

export function plannedEvents(s: StoredShipment): PlannedEvent[] {
  const pickup = pickupTime(s);
  const events = [
    ev(
      s.bookedAt,
      'PARCV',
      'NRQRD',
      'VA',
      'The shipment has been electronically announced by the sender',
      'Electronic announcement',
      'none',
    ),
    ev(pickup, 'PCKDU', 'PUBCR', 'AE', 'The shipment has been picked up', 'Pick-up successful', 'origin'),
    ev(
      new Date(pickup.getTime() + 3 * HOUR),
      'LDTMV',
      'MVMTV',
      'AA',
      'The shipment has been processed in the parcel center of origin',
      'Parcel center of origin',
      'origin',
    ),
  ];
  if (s.international) {
    const next = addDays(localDate(pickup, GERMANY), 1);
    events.push(
      ev(
        atLocal(next, '06:00', GERMANY),
        'RSDCP',
        'FWEXH',
        'ZO',
        'The shipment has been cleared for export',
        'Export clearance',
        'origin',
      ),
    );
  }
  events.push(
    ev(
      atLocal(s.deliveryDate, '03:30', GERMANY),
      'ULFMV',
      'UNLDD',
      'EE',
      'The shipment has been processed in the destination parcel center',
      'Destination parcel center',
      'destination',
    ),
    ev(
      atLocal(s.deliveryDate, '09:00', GERMANY),
      'SRTED',
      'NRQRD',
      'PO',
      'The shipment has been loaded onto the delivery vehicle',
      'In delivery',
      'destination',
    ),
    ev(
      atLocal(s.deliveryDate, '13:00', GERMANY),
      'DLVRD',
      'OTHER',
      'ZU',
      'The shipment has been successfully delivered',
      'Delivery successful',
      'destination',
    ),
  );
  return keepInOrder(events);
}

/** What has happened by `now`, oldest first. */
export function eventsUntil(s: StoredShipment, now: Date): PlannedEvent[] {
  const cancelled = s.cancelledAt;
  const until = cancelled && cancelled.getTime() < now.getTime() ? cancelled : now;
  const seen = plannedEvents(s).filter((e, i) => i === 0 || e.at.getTime() <= until.getTime());
  if (cancelled && cancelled.getTime() <= now.getTime()) {
    seen.push(
      ev(cancelled, 'CANCL', 'NRQRD', 'BV', 'The shipment order was canceled by the sender', 'Order canceled', 'none'),
    );
  }
  return seen;
}
