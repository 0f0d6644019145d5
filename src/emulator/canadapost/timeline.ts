/**
 * How a canadapost shipment moves, as a function of the emulator clock, in Eastern time (Canada
 * Post's tracking dates carry no offset; its time zone is named beside them), with event codes of
 * the carrier's recorded answers:
 *
 *   booking            3000 electronic information received
 *   mailing day        0100 processed at the origin's facility, 18:00
 *   each day between   0100 processed at the hub, 12:00
 *   delivery day       0174 out for delivery 08:00, 1496 delivered 14:00
 */
import { atLocal, daysUntil, addDays, keepInOrder, utcOffsetMinutes } from '../calendar.js';
import type { StoredShipment } from './state.js';

export interface PlannedEvent {
  at: Date;
  code: string;
  description: string;
  site: string;
  province: string;
  signatory?: string;
}

export const EASTERN = utcOffsetMinutes('CA');
const HUB = { site: 'MISSISSAUGA', province: 'ON' };

export function plannedEvents(s: StoredShipment): PlannedEvent[] {
  const origin = { site: s.sender.city.toUpperCase(), province: s.sender.province };
  const dest = { site: s.destination.city.toUpperCase(), province: s.destination.province };
  const events: PlannedEvent[] = [
    { at: s.bookedAt, code: '3000', description: 'Electronic information submitted by shipper', ...origin },
    {
      at: atLocal(s.mailingDate, '18:00', EASTERN),
      code: '0100',
      description: 'Item processed at postal facility',
      ...origin,
    },
  ];
  for (const day of daysUntil(addDays(s.mailingDate, 1), s.deliveryDate)) {
    events.push({
      at: atLocal(day, '12:00', EASTERN),
      code: '0100',
      description: 'Item processed at postal facility',
      ...HUB,
    });
  }
  events.push(
    { at: atLocal(s.deliveryDate, '08:00', EASTERN), code: '0174', description: 'Item out for delivery', ...dest },
    {
      at: atLocal(s.deliveryDate, '14:00', EASTERN),
      code: '1496',
      description: 'Item successfully delivered',
      ...dest,
      signatory: (s.destination.name || s.destination.company).toUpperCase(),
    },
  );
  return keepInOrder(events);
}

export function eventsUntil(s: StoredShipment, now: Date): PlannedEvent[] {
  return plannedEvents(s).filter((e) => e.at.getTime() <= now.getTime());
}
