/**
 * How a carrier_c shipment moves, as a function of the emulator clock, with the express event
 * codes of vendor/status.csv (PU "Shipment pick up", PL "Processed at location", DF "Depart
 * facility", AF "Arrived facility", CR "Clearance release", AR "Arrival in delivery facility",
 * WC "With delivering courier", OK "Delivery"):
 *
 *   booking            nothing yet: status "pre-transit"
 *   pickup day         PU at 14:00 local (or 2 h after booking on the same day), PL + 1 h, DF + 3 h
 *   each day between   AF at the hub, 12:00 hub time
 *   delivery day       (CR 06:00, international) AR 07:00, WC 08:30, OK 45 min before the
 *                      product's commit time (16:30 at the latest), signed by the receiver
 */
import {
  addDays,
  atLocal,
  daysUntil,
  formatOffset,
  keepInOrder,
  localDate,
  localTime,
  utcOffsetMinutes,
} from '../calendar.js';
import { productByCode } from './prices.js';
import type { StoredShipment } from './state.js';

export interface Place {
  code: string;
  description: string;
  offset: number;
}

export interface PlannedEvent {
  at: Date;
  typeCode: string;
  description: string;
  place: Place;
  signedBy?: string;
}

const HOUR = 3_600_000;
const LEIPZIG: Place = { code: 'LEJ', description: 'LEIPZIG - GERMANY', offset: 60 };
const CINCINNATI: Place = { code: 'CVG', description: 'CINCINNATI HUB - USA', offset: -300 };

function placeOf(city: string, country: string, postalCode: string): Place {
  const code = (city.toUpperCase().replace(/[^A-Z]/g, '') + 'XXX').slice(0, 3);
  return { code, description: `${city.toUpperCase()} - ${country}`, offset: utcOffsetMinutes(country, postalCode) };
}

export function originOf(s: StoredShipment): Place {
  return placeOf(s.shipper.city, s.shipper.countryCode, s.shipper.postalCode);
}

export function destinationOf(s: StoredShipment): Place {
  return placeOf(s.receiver.city, s.receiver.countryCode, s.receiver.postalCode);
}

const clockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function deliveredTime(productCode: string): string {
  const [h = 18, m = 0] = (productByCode(productCode)?.commitTime ?? '18:00').split(':').map(Number);
  return clockTime(Math.min(h * 60 + m - 45, 16 * 60 + 30));
}

/** The whole plan, oldest first. */
export function plannedEvents(s: StoredShipment): PlannedEvent[] {
  const origin = originOf(s);
  const dest = destinationOf(s);
  const hub = ['US', 'CA', 'MX'].includes(s.shipper.countryCode) ? CINCINNATI : LEIPZIG;
  const sameDay = s.pickupDate === localDate(s.bookedAt, origin.offset);
  const pickup = sameDay ? new Date(s.bookedAt.getTime() + 2 * HOUR) : atLocal(s.pickupDate, '14:00', origin.offset);
  const events: PlannedEvent[] = [
    { at: pickup, typeCode: 'PU', description: 'Shipment picked up', place: origin },
    {
      at: new Date(pickup.getTime() + HOUR),
      typeCode: 'PL',
      description: `Processed at ${origin.description}`,
      place: origin,
    },
    {
      at: new Date(pickup.getTime() + 3 * HOUR),
      typeCode: 'DF',
      description: `Departed Facility in ${origin.description}`,
      place: origin,
    },
  ];
  for (const day of daysUntil(addDays(localDate(pickup, hub.offset), 1), s.deliveryDate)) {
    events.push({
      at: atLocal(day, '12:00', hub.offset),
      typeCode: 'AF',
      description: `Arrived at DHL Sort Facility ${hub.description}`,
      place: hub,
    });
  }
  if (s.international)
    events.push({
      at: atLocal(s.deliveryDate, '06:00', dest.offset),
      typeCode: 'CR',
      description: 'Customs clearance status updated. Clearance processing complete',
      place: dest,
    });
  events.push(
    {
      at: atLocal(s.deliveryDate, '07:00', dest.offset),
      typeCode: 'AR',
      description: `Arrived at DHL Delivery Facility ${dest.description}`,
      place: dest,
    },
    {
      at: atLocal(s.deliveryDate, '08:30', dest.offset),
      typeCode: 'WC',
      description: 'Shipment is out with courier for delivery',
      place: dest,
    },
    {
      at: atLocal(s.deliveryDate, deliveredTime(s.productCode), dest.offset),
      typeCode: 'OK',
      description: 'Delivered',
      place: dest,
      signedBy: s.receiver.name || s.receiver.company,
    },
  );
  // A late booking on a short lane can crowd the day.
  return keepInOrder(events);
}

export function eventsUntil(s: StoredShipment, now: Date): PlannedEvent[] {
  return plannedEvents(s).filter((e) => e.at.getTime() <= now.getTime());
}

/** One event as MyDHL's tracking answer writes it: local date, time and GMTOffset. */
export function eventReply(e: PlannedEvent): Record<string, unknown> {
  return {
    date: localDate(e.at, e.place.offset),
    time: localTime(e.at, e.place.offset),
    GMTOffset: formatOffset(e.place.offset),
    typeCode: e.typeCode,
    description: e.description,
    serviceArea: [{ code: e.place.code, description: e.place.description }],
    ...(e.signedBy ? { signedBy: e.signedBy } : {}),
  };
}
