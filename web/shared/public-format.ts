/**
 * Formatting for the public pages (the merchant's customers): times as the carrier's local clock
 * showed them, stages in a customer's words, what a return costs them. The console's operator
 * wording is in format.ts.
 */
import { money } from './format.js';

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * A carrier time such as 2026-11-24T17:28:36-05:00, as the clock read at that place: the offset
 * is the place's, so it is dropped rather than converted to the reader's zone.
 */
export function wallTime(iso: string, withTime = true): string {
  const m = WALL.exec(iso);
  if (!m) return iso;
  const [, y, mo, d, h, mi] = m;
  const hasTime = withTime && h !== undefined;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), hasTime ? Number(h) : 0, hasTime ? Number(mi) : 0);
  const opts: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
    ...(hasTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  };
  return new Intl.DateTimeFormat(undefined, opts).format(at);
}

const STAGES: Record<string, string> = {
  CREATION_PENDING: 'Label being created',
  CREATED: 'Label created, waiting for the carrier',
  PICKED_UP: 'Picked up by the carrier',
  IN_TRANSIT: 'On its way',
  OUT_FOR_DELIVERY: 'Out for delivery today',
  DRIVER_ASSIGNED: 'A driver has been assigned',
  CHECKED_IN: 'Checked in at a carrier facility',
  DELIVERED: 'Delivered',
  SHIPMENT_VOIDED: 'Cancelled by the sender',
  EXCEPTION: 'Delayed: the carrier reported a problem',
};

export function stageWords(stage: string): string {
  return STAGES[stage] ?? stage;
}

/** carrier_a_ground → Ground */
export function serviceWords(service: string, carrier: string): string {
  const bare = service.startsWith(`${carrier}_`) ? service.slice(carrier.length + 1) : service;
  const words = bare.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function placeText(p: { city?: string; state?: string; country?: string } | undefined): string {
  return p ? [p.city, p.state, p.country].filter(Boolean).join(', ') : '';
}

/** What a return costs the customer: "Free" when nothing. */
export function customerCost(amount: number, currency: string | undefined): string {
  return amount === 0 ? 'Free' : money(amount, currency);
}

const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
type Hours = Partial<Record<(typeof DAYS)[number], { open: string; close: string }>>;

/** Today's opening hours by the reader's own calendar. */
export function hoursToday(hours: Hours, now = new Date()): string {
  const h = hours[DAYS[now.getDay()]!];
  if (!h) return 'Closed today';
  // A drop box open round the clock is not "open today 00:00–23:59".
  return h.open === '00:00' && (h.close === '23:59' || h.close === '24:00')
    ? 'Open 24 hours'
    : `Open today ${h.open}–${h.close}`;
}

export function distanceText(distance: number | undefined, units: string | undefined): string {
  if (distance === undefined) return '';
  const u = (units ?? 'mi').toLowerCase();
  return `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} ${u === 'km' ? 'km' : u === 'mi' ? 'mi' : u}`;
}
