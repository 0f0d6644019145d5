/**
 * Tracking event codes and status categories → TrackingStage: the tracking part of the codes,
 * kept apart from codes.ts, which holds what rating, labels and pickups need.
 */
import type { TrackingStage } from '../../domain/types.js';

/**
 * Tracking event codes (tracking.yaml eventCode: "USPS Pub 199 Appendix G-4: Domestic Tracking Scan
 * Events") → tracking stage. Codes not listed are movements: IN_TRANSIT.
 */
const EVENT_STAGES: Readonly<Record<string, TrackingStage>> = {
  GX: 'CREATED',
  MA: 'CREATED',
  '03': 'PICKED_UP',
  '80': 'PICKED_UP',
  OA: 'PICKED_UP',
  '10': 'IN_TRANSIT',
  '07': 'IN_TRANSIT',
  A1: 'IN_TRANSIT',
  T1: 'IN_TRANSIT',
  TL: 'IN_TRANSIT',
  SF: 'IN_TRANSIT',
  L1: 'IN_TRANSIT',
  U1: 'IN_TRANSIT',
  PC: 'IN_TRANSIT',
  '06': 'IN_TRANSIT',
  '08': 'IN_TRANSIT',
  '15': 'IN_TRANSIT',
  OF: 'OUT_FOR_DELIVERY',
  '59': 'OUT_FOR_DELIVERY',
  '14': 'CHECKED_IN',
  '16': 'CHECKED_IN',
  '19': 'CHECKED_IN',
  '01': 'DELIVERED',
  '17': 'DELIVERED',
  '43': 'DELIVERED',
  '02': 'EXCEPTION',
  '04': 'EXCEPTION',
  '05': 'EXCEPTION',
  '09': 'EXCEPTION',
  '11': 'EXCEPTION',
  '21': 'EXCEPTION',
  '22': 'EXCEPTION',
  '23': 'EXCEPTION',
  '24': 'EXCEPTION',
  '25': 'EXCEPTION',
  '26': 'EXCEPTION',
  '27': 'EXCEPTION',
  '28': 'EXCEPTION',
  '29': 'EXCEPTION',
  '31': 'EXCEPTION',
  '44': 'EXCEPTION',
  '51': 'EXCEPTION',
  '52': 'EXCEPTION',
  '53': 'EXCEPTION',
  '54': 'EXCEPTION',
  '55': 'EXCEPTION',
  '56': 'EXCEPTION',
  '57': 'EXCEPTION',
};

/** statusCategory of the tracking answer (Pub 199 G-4/G-5 categories) → stage, for summaries. */
const CATEGORY_STAGES: Readonly<Record<string, TrackingStage>> = {
  'pre-shipment': 'CREATED',
  'label created': 'CREATED',
  accepted: 'PICKED_UP',
  'in transit': 'IN_TRANSIT',
  'out for delivery': 'OUT_FOR_DELIVERY',
  'available for pickup': 'CHECKED_IN',
  delivered: 'DELIVERED',
  'delivery attempt': 'EXCEPTION',
  alert: 'EXCEPTION',
  'return to sender': 'EXCEPTION',
  cancelled: 'SHIPMENT_VOIDED',
  canceled: 'SHIPMENT_VOIDED',
};

export function eventStage(code: string | undefined): TrackingStage | undefined {
  return code ? EVENT_STAGES[code.toUpperCase()] : undefined;
}

export function categoryStage(category: string | undefined): TrackingStage | undefined {
  return category ? CATEGORY_STAGES[category.trim().toLowerCase()] : undefined;
}

/** Every code the table names, for the tests. */
export const EVENT_CODES: readonly string[] = Object.keys(EVENT_STAGES);
