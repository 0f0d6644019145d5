/**
 * How a carrier_a shipment moves, as a function of the emulator clock. The plan is fixed at
 * booking time and revealed as time passes, with the event codes, descriptions and derived codes
 * FedEx tracking uses (vendor/Tracking-Status-Codes.html; real replies show OC/IN "Shipment
 * information sent to FedEx", PU "Picked up", AR "Arrived at FedEx location", DP "Left FedEx
 * origin facility", IT "In transit", AR "At local FedEx facility", OD "On FedEx vehicle for
 * delivery" (derived IT), DL "Delivered"):
 *
 *   booking            OC  label created
 *   + 2 h              PU  picked up (on the ship date, 10:00 local, when that is a later day)
 *   PU + 1 h / + 3 h   AR, DP at the origin facility
 *   each day between   IT  in transit at the hub, 12:00 hub time
 *   delivery day       (CC customs release, international) AR at the destination facility,
 *                      OD out for delivery, DL delivered 45 min before the commit time (16:30 at the latest)
 *
 * The delivery day is the estimated delivery date: ship date + the service's business days.
 * A cancelled shipment shows OC then CA "Shipment cancelled by sender".
 */
import { addDays, atLocal, daysUntil, keepInOrder, localDate, utcOffsetMinutes } from '../calendar.js';
import { EU_COUNTRIES, serviceByType } from './services.js';
import type { StoredShipment } from './state.js';

export type EventPlace = 'customer' | 'origin' | 'hub' | 'destination';

export interface PlannedEvent {
  at: Date;
  eventType: string;
  eventDescription: string;
  derivedStatusCode: string;
  derivedStatus: string;
  place: EventPlace;
  locationType: string;
}

export interface Hub {
  city: string;
  stateOrProvinceCode?: string;
  postalCode: string;
  countryCode: string;
  offset: number;
}

const HOUR = 3_600_000;
const MEMPHIS: Hub = {
  city: 'MEMPHIS',
  stateOrProvinceCode: 'TN',
  postalCode: '38118',
  countryCode: 'US',
  offset: -360,
};
const COLOGNE: Hub = { city: 'COLOGNE', postalCode: '51147', countryCode: 'DE', offset: 60 };

export function hubFor(shipment: StoredShipment): Hub {
  const eu = EU_COUNTRIES.has(shipment.shipper.countryCode) && EU_COUNTRIES.has(shipment.recipient.countryCode);
  return eu ? COLOGNE : MEMPHIS;
}

export function originOffset(shipment: StoredShipment): number {
  return utcOffsetMinutes(shipment.shipper.countryCode, shipment.shipper.postalCode);
}

export function destinationOffset(shipment: StoredShipment): number {
  return utcOffsetMinutes(shipment.recipient.countryCode, shipment.recipient.postalCode);
}

/** When FedEx takes the package: after this the shipment can no longer be cancelled. */
export function pickupTime(shipment: StoredShipment): Date {
  const offset = originOffset(shipment);
  if (shipment.shipDate > localDate(shipment.bookedAt, offset)) return atLocal(shipment.shipDate, '10:00', offset);
  return new Date(shipment.bookedAt.getTime() + 2 * HOUR);
}

const minutes = (time: string): number => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const clock = (total: number): string =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** The delivery-day times: [arrival at the destination facility, out for delivery, delivered]. */
export function deliveryTimes(serviceType: string): [string, string, string] {
  const commit = minutes(serviceByType(serviceType)?.commitTime ?? '16:30');
  const delivered = Math.min(commit - 45, 16 * 60 + 30);
  const out = Math.min(7 * 60 + 30, delivered - 120);
  return [clock(out - 90), clock(out), clock(delivered)];
}

function event(
  at: Date,
  eventType: string,
  eventDescription: string,
  derived: [string, string],
  place: EventPlace,
  locationType: string,
): PlannedEvent {
  return {
    at,
    eventType,
    eventDescription,
    derivedStatusCode: derived[0],
    derivedStatus: derived[1],
    place,
    locationType,
  };
}

const IN_TRANSIT: [string, string] = ['IT', 'In transit'];

/** The whole plan, oldest first (cancellation excluded). */
export function plannedEvents(shipment: StoredShipment): PlannedEvent[] {
  const dest = destinationOffset(shipment);
  const hub = hubFor(shipment);
  const pickup = pickupTime(shipment);
  const events: PlannedEvent[] = [
    event(shipment.bookedAt, 'OC', 'Shipment information sent to FedEx', ['IN', 'Initiated'], 'customer', 'CUSTOMER'),
    event(pickup, 'PU', 'Picked up', ['PU', 'Picked up'], 'origin', 'PICKUP_LOCATION'),
    event(new Date(pickup.getTime() + HOUR), 'AR', 'Arrived at FedEx location', IN_TRANSIT, 'origin', 'FEDEX_FACILITY'),
    event(
      new Date(pickup.getTime() + 3 * HOUR),
      'DP',
      'Left FedEx origin facility',
      IN_TRANSIT,
      'origin',
      'ORIGIN_FEDEX_FACILITY',
    ),
  ];
  const departed = localDate(new Date(pickup.getTime() + 3 * HOUR), hub.offset);
  for (const day of daysUntil(addDays(departed, 1), shipment.deliveryDate)) {
    events.push(event(atLocal(day, '12:00', hub.offset), 'IT', 'In transit', IN_TRANSIT, 'hub', 'FEDEX_FACILITY'));
  }
  const [arrive, out, delivered] = deliveryTimes(shipment.serviceType);
  if (shipment.international) {
    const release = new Date(atLocal(shipment.deliveryDate, arrive, dest).getTime() - HOUR);
    events.push(
      event(release, 'CC', 'International shipment release - Import', IN_TRANSIT, 'destination', 'DESTINATION_AIRPORT'),
    );
  }
  events.push(
    event(
      atLocal(shipment.deliveryDate, arrive, dest),
      'AR',
      'At local FedEx facility',
      IN_TRANSIT,
      'destination',
      'DESTINATION_FEDEX_FACILITY',
    ),
    event(
      atLocal(shipment.deliveryDate, out, dest),
      'OD',
      'On FedEx vehicle for delivery',
      IN_TRANSIT,
      'destination',
      'VEHICLE',
    ),
    event(
      atLocal(shipment.deliveryDate, delivered, dest),
      'DL',
      'Delivered',
      ['DL', 'Delivered'],
      'destination',
      'DELIVERY_LOCATION',
    ),
  );
  // A late booking on a short lane can crowd the day.
  return keepInOrder(events);
}

/** What has happened by `now`, oldest first. */
export function eventsUntil(shipment: StoredShipment, now: Date): PlannedEvent[] {
  const cancelled = shipment.cancelledAt;
  const until = cancelled && cancelled.getTime() < now.getTime() ? cancelled : now;
  const seen = plannedEvents(shipment).filter((e, i) => i === 0 || e.at.getTime() <= until.getTime());
  if (cancelled && cancelled.getTime() <= now.getTime()) {
    seen.push(event(cancelled, 'CA', 'Shipment cancelled by sender', ['CA', 'Cancelled'], 'customer', 'CUSTOMER'));
  }
  return seen;
}

/** The estimated delivery: the service's commit time on the delivery day, destination time. */
export function estimatedDelivery(shipment: StoredShipment): Date {
  const commit = serviceByType(shipment.serviceType)?.commitTime ?? '23:59:00';
  return atLocal(shipment.deliveryDate, commit, destinationOffset(shipment));
}
