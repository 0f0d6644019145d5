/**
 * carrier_d tracking: `GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL` (tracking.yaml
 * TrackingDetails, shaped like fixtures/tracking_TrackingResponse.json). A label's scans are planned
 * at booking and revealed by the emulator clock, with USPS event codes (Pub 199 Appendix G-4):
 *
 *   booking                         GX  Shipping Label Created, USPS Awaiting Item
 *   mailing date 17:00 (or +2 h)    03  USPS in possession of item
 *   acceptance + 3 h                10  Arrived at USPS Regional Origin Facility
 *   next day 06:00                  T1  Departed USPS Regional Facility
 *   each day between, 12:00         TL  In Transit to Next Facility
 *   delivery day 05:00, 08:00, 13:30    07 Arrived at Post Office, OF Out for Delivery, 01 Delivered
 *
 * The delivery day is the mailing date + the class's business days. A cancelled label shows GX
 * and then nothing moves (status "Label Cancelled").
 */
import type { FastifyInstance } from 'fastify';
import { addBusinessDays, atLocal, daysUntil, formatOffset, localDate, utcOffsetMinutes } from '../calendar.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';
import type { StoredLabel } from './state.js';

interface PlannedScan {
  at: Date;
  code: string;
  type: string;
  city: string;
  state?: string;
  zip?: string;
  country?: string;
  offset: number;
}

const HOUR = 3_600_000;
const ORIGIN_FACILITY = { city: 'JAMAICA', state: 'NY', zip: '11430' };

export function planScans(label: StoredLabel): PlannedScan[] {
  const originOffset = utcOffsetMinutes('US', label.fromZip);
  const destOffset = label.international ? originOffset : utcOffsetMinutes('US', label.toZip);
  const origin = { city: ORIGIN_FACILITY.city, state: ORIGIN_FACILITY.state, zip: label.fromZip, offset: originOffset };
  const dest = label.international
    ? { city: label.toCity.toUpperCase(), country: label.toCountry, offset: destOffset }
    : {
        city: label.toCity.toUpperCase(),
        ...(label.toState ? { state: label.toState } : {}),
        ...(label.toZip ? { zip: label.toZip } : {}),
        offset: destOffset,
      };
  const scans: PlannedScan[] = [
    { at: label.bookedAt, code: 'GX', type: 'Shipping Label Created, USPS Awaiting Item', ...origin },
  ];
  if (label.refunded === 'CANCELED') return scans;
  const evening = atLocal(label.mailingDate, '17:00', originOffset);
  const accepted =
    evening.getTime() > label.bookedAt.getTime() ? evening : new Date(label.bookedAt.getTime() + 2 * HOUR);
  scans.push({ at: accepted, code: '03', type: 'USPS in possession of item', ...origin });
  scans.push({
    at: new Date(accepted.getTime() + 3 * HOUR),
    code: '10',
    type: 'Arrived at USPS Regional Origin Facility',
    ...origin,
  });
  const acceptedDay = localDate(accepted, originOffset);
  const deliveryDay = addBusinessDays(acceptedDay, Math.max(1, label.transitDays));
  const departed = addBusinessDays(acceptedDay, 1);
  scans.push({
    at: atLocal(departed, '06:00', originOffset),
    code: 'T1',
    type: 'Departed USPS Regional Facility',
    ...origin,
  });
  for (const day of daysUntil(departed, deliveryDay, (d) => addBusinessDays(d, 1))) {
    scans.push({
      at: atLocal(day, '12:00', originOffset),
      code: 'TL',
      type: 'In Transit to Next Facility',
      city: '',
      offset: originOffset,
    });
  }
  scans.push({ at: atLocal(deliveryDay, '05:00', destOffset), code: '07', type: 'Arrived at Post Office', ...dest });
  scans.push({ at: atLocal(deliveryDay, '08:00', destOffset), code: 'OF', type: 'Out for Delivery', ...dest });
  scans.push({ at: atLocal(deliveryDay, '13:30', destOffset), code: '01', type: 'Delivered, In/At Mailbox', ...dest });
  return scans;
}

const CATEGORY: Record<string, string> = {
  GX: 'Pre-Shipment',
  '03': 'Accepted',
  '10': 'In Transit',
  T1: 'In Transit',
  TL: 'In Transit',
  '07': 'In Transit',
  OF: 'Out for Delivery',
  '01': 'Delivered',
};

function eventOf(s: PlannedScan) {
  const local = new Date(s.at.getTime() + s.offset * 60_000).toISOString().slice(0, 19);
  return {
    eventType: s.type,
    eventTimestamp: local,
    GMTTimestamp: `${s.at.toISOString().slice(0, 19)}Z`,
    GMTOffset: formatOffset(s.offset),
    eventCountry: s.country ?? null,
    eventCity: s.city || null,
    eventState: s.state ?? null,
    eventZIP: s.zip ?? null,
    firm: null,
    name: null,
    authorizedAgent: 'false',
    eventCode: s.code,
    additionalProp: null,
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.get('/tracking/v3/tracking/:trackingNumber', ctx.tag('track'), async (request) => {
    const n = (request.params as { trackingNumber: string }).trackingNumber;
    const label = ctx.state.labels.get(n);
    if (!label) throw new UspsFailure(404, [errors.trackingNotFound()]);
    const now = ctx.clock.now().getTime();
    const plan = planScans(label);
    const seen = plan.filter((s) => s.at.getTime() <= now).reverse();
    const latest = seen[0];
    const delivered = plan[plan.length - 1];
    const cancelled = label.refunded === 'CANCELED';
    return {
      trackingNumber: n,
      mailClass: label.mailClass,
      originZIP: label.fromZip,
      destinationCity: label.toCity.toUpperCase(),
      ...(label.toState ? { destinationState: label.toState } : {}),
      ...(label.toZip ? { destinationZIP: label.toZip } : {}),
      ...(!cancelled && latest?.code !== '01' && delivered
        ? { expectedDeliveryDate: localDate(delivered.at, delivered.offset) }
        : {}),
      status: cancelled ? 'Label Cancelled' : (latest?.type ?? 'Label Created'),
      statusCategory: cancelled ? 'Cancelled' : (CATEGORY[latest?.code ?? 'GX'] ?? 'In Transit'),
      statusSummary: cancelled
        ? 'The label was cancelled by the shipper.'
        : `Your item: ${latest?.type ?? 'label created'}.`,
      trackingEvents: seen.map(eventOf),
    };
  });
}
