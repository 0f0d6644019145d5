/**
 * How an Australia Post item moves, as a function of the emulator clock, in the event words of its
 * Tracking API (events carry a description, a location and a local time with offset, no code):
 *
 *   booking              "Shipping information received by Australia Post"
 *   + 1 h                "Shipping information approved by Australia Post"
 *   next business day    14:00 "Received by Australia Post" at the sender's suburb, 18:00
 *                        "Item processed at facility"
 *   each day between     12:00 "In transit to next facility in <destination>"
 *   (abroad)             "Cleared and awaiting international departure" the first of those days
 *   delivery day         07:00 "Onboard for delivery", 13:00 "Delivered" (the product's days later)
 */
import {
  addBusinessDays,
  addDays,
  atLocal,
  daysUntil,
  formatOffset,
  keepInOrder,
  localDate,
  localTime,
  nextBusinessDay,
  utcOffsetMinutes,
} from '../calendar.js';
import { productById } from './prices.js';
import type { Party, StoredShipment } from './state.js';

export interface PlannedEvent {
  at: Date;
  description: string;
  location?: string;
  offset: number;
}

const HOUR = 3_600_000;

const place = (p: Party): string =>
  p.country === 'AU' ? `${p.suburb} ${p.state}`.trim().toUpperCase() : `${p.suburb.toUpperCase()} (${p.country})`;

export function plannedEvents(s: StoredShipment): PlannedEvent[] {
  const origin = utcOffsetMinutes(s.from.country, s.from.postcode);
  const dest = utcOffsetMinutes(s.to.country, s.to.postcode);
  const product = productById(s.items[0]?.productId ?? '');
  const pickupDay = nextBusinessDay(addDays(localDate(s.bookedAt, origin), 1));
  const deliveryDay = addBusinessDays(pickupDay, product?.transitDays ?? 3);
  const events: PlannedEvent[] = [
    { at: s.bookedAt, description: 'Shipping information received by Australia Post', offset: origin },
    {
      at: new Date(s.bookedAt.getTime() + HOUR),
      description: 'Shipping information approved by Australia Post',
      offset: origin,
    },
    {
      at: atLocal(pickupDay, '14:00', origin),
      description: 'Received by Australia Post',
      location: place(s.from),
      offset: origin,
    },
    {
      at: atLocal(pickupDay, '18:00', origin),
      description: 'Item processed at facility',
      location: place(s.from),
      offset: origin,
    },
  ];
  const international = s.to.country !== s.from.country;
  for (const [i, day] of [...daysUntil(addDays(pickupDay, 1), deliveryDay)].entries()) {
    if (international && i === 0)
      events.push({
        at: atLocal(day, '09:00', origin),
        description: 'Cleared and awaiting international departure',
        location: place(s.from),
        offset: origin,
      });
    events.push({
      at: atLocal(day, '12:00', dest),
      description: `In transit to next facility in ${place(s.to)}`,
      offset: dest,
    });
  }
  events.push(
    {
      at: atLocal(deliveryDay, '07:00', dest),
      description: 'Onboard for delivery',
      location: place(s.to),
      offset: dest,
    },
    { at: atLocal(deliveryDay, '13:00', dest), description: 'Delivered', location: place(s.to), offset: dest },
  );
  return keepInOrder(events);
}

export function eventsUntil(s: StoredShipment, now: Date): PlannedEvent[] {
  return plannedEvents(s).filter((e) => e.at.getTime() <= now.getTime());
}

/** One event as the Tracking API writes it. */
export function eventReply(e: PlannedEvent): Record<string, unknown> {
  return {
    ...(e.location ? { location: e.location } : {}),
    description: e.description,
    date: `${localDate(e.at, e.offset)}T${localTime(e.at, e.offset)}${formatOffset(e.offset)}`,
  };
}
