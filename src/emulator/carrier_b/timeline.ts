/**
 * How a carrier_b shipment moves, as a function of the emulator clock. The plan is fixed at
 * booking time and revealed as time passes, with UPS activity types and status codes
 * (vendor/Tracking-package-activity-types.html, Tracking-status-description-codes.html; the codes
 * and texts of samples/tracking_response.json: MP "Shipper created a label…", statusCode 003):
 *
 *   booking            M  MP 003  label created, UPS has not received the package yet
 *   + 2 h              P  PU 038  picked up (on the ship date, 10:00 local, when that is a later day)
 *   PU + 1 h / + 3 h   I  OR/DP 005  origin scan, departed from facility
 *   each day between   I  AR 005  arrived at facility (hub, 12:00 hub time)
 *   delivery day       I  DS 005 07:00, I OT 072 08:30 out for delivery, D KB 011 14:30 delivered
 *
 * A voided shipment shows the label, then MV "Shipment information voided" (statusCode 007).
 */
import { addDays, atLocal, daysUntil, keepInOrder, localDate, utcOffsetMinutes } from '../calendar.js';
import type { StoredShipment, UpsParty } from './state.js';

export interface PlannedEvent {
  at: Date;
  type: string;
  code: string;
  statusCode: string;
  description: string;
  place: UpsParty | { city: string; state?: string; postalCode: string; countryCode: string };
  offset: number;
}

const HOUR = 3_600_000;
const LOUISVILLE = { city: 'LOUISVILLE', state: 'KY', postalCode: '40209', countryCode: 'US', offset: -300 };
const COLOGNE = { city: 'KOELN', postalCode: '51147', countryCode: 'DE', offset: 60 };

function offsetOf(p: UpsParty): number {
  return utcOffsetMinutes(p.countryCode, p.postalCode);
}

/** When UPS takes the package: after this the shipment can no longer be voided. */
export function pickupTime(shipment: StoredShipment): Date {
  const offset = offsetOf(shipment.shipFrom);
  if (shipment.shipDate > localDate(shipment.bookedAt, offset)) return atLocal(shipment.shipDate, '10:00', offset);
  return new Date(shipment.bookedAt.getTime() + 2 * HOUR);
}

export function deliveredAt(shipment: StoredShipment): Date {
  return atLocal(shipment.deliveryDate, '14:30', offsetOf(shipment.shipTo));
}

export function plannedEvents(shipment: StoredShipment): PlannedEvent[] {
  const origin = offsetOf(shipment.shipFrom);
  const dest = offsetOf(shipment.shipTo);
  const hub = shipment.shipFrom.countryCode === 'US' || shipment.shipTo.countryCode === 'US' ? LOUISVILLE : COLOGNE;
  const pickup = pickupTime(shipment);
  const e = (
    at: Date,
    type: string,
    code: string,
    statusCode: string,
    description: string,
    place: PlannedEvent['place'],
    offset: number,
  ): PlannedEvent => ({
    at,
    type,
    code,
    statusCode,
    description,
    place,
    offset,
  });
  const events = [
    e(
      shipment.bookedAt,
      'M',
      'MP',
      '003',
      'Shipper created a label, UPS has not received the package yet.',
      shipment.shipFrom,
      origin,
    ),
    e(pickup, 'P', 'PU', '038', 'Pickup Scan', shipment.shipFrom, origin),
    e(new Date(pickup.getTime() + HOUR), 'I', 'OR', '005', 'Origin Scan', shipment.shipFrom, origin),
    e(new Date(pickup.getTime() + 3 * HOUR), 'I', 'DP', '005', 'Departed from Facility', shipment.shipFrom, origin),
  ];
  const departed = localDate(new Date(pickup.getTime() + 3 * HOUR), hub.offset);
  for (const day of daysUntil(addDays(departed, 1), shipment.deliveryDate)) {
    events.push(e(atLocal(day, '12:00', hub.offset), 'I', 'AR', '005', 'Arrived at Facility', hub, hub.offset));
  }
  events.push(
    e(atLocal(shipment.deliveryDate, '07:00', dest), 'I', 'DS', '005', 'Destination Scan', shipment.shipTo, dest),
    e(atLocal(shipment.deliveryDate, '08:30', dest), 'I', 'OT', '072', 'Out For Delivery Today', shipment.shipTo, dest),
    e(deliveredAt(shipment), 'D', 'KB', '011', 'DELIVERED', shipment.shipTo, dest),
  );
  keepInOrder(events);
  return events;
}

/** What has happened by `now`, oldest first. */
export function eventsUntil(shipment: StoredShipment, now: Date): PlannedEvent[] {
  const voided = shipment.voidedAt;
  const until = voided && voided.getTime() < now.getTime() ? voided : now;
  const seen = plannedEvents(shipment).filter((ev, i) => i === 0 || ev.at.getTime() <= until.getTime());
  if (voided && voided.getTime() <= now.getTime()) {
    seen.push({
      at: voided,
      type: 'MV',
      code: 'VD',
      statusCode: '007',
      description: 'Shipment information voided',
      place: shipment.shipFrom,
      offset: offsetOf(shipment.shipFrom),
    });
  }
  return seen;
}
