/**
 * Tracking: `GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL` (tracking.yaml
 * TrackingDetails), recorded as fixtures/tracking_TrackingResponse.json and
 * samples/tracking_responses.json. USPS has no multi-number call in v3: batches are single calls.
 */
import type { Checkpoint, CheckpointLocation, TrackingResult, TrackingStage } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, obj, objects, text, type JsonObject } from '../shared/json.js';
import { instantOf, toIsoDate, toIsoWithOffset } from '../shared/time.js';
import { categoryStage, eventStage } from './codes-track.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';

/** Path and query of one tracking call; the number is path-encoded. */
export function buildTrackRequest(trackingNumber: string): string {
  return `${fillPath(ENDPOINTS.track.path, { trackingNumber: trackingNumber.replace(/\s+/g, '') }, 'tracking_number')}?expand=DETAIL`;
}

/** USPS marks registered names up with HTML ("USPS Ground Advantage<SUP>&#153;</SUP>"). */
function plain(value: string | undefined): string | undefined {
  return value
    ?.replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, '')
    .trim();
}

/**
 * eventTimestamp is local time without offset, GMTOffset its offset ("-05:00"); GMTTimestamp is UTC.
 * The local time with its offset is kept, so checkpoints read as the scan's local clock.
 */
function eventTime(e: JsonObject): string | undefined {
  const local = text(e.eventTimestamp);
  const offset = text(e.GMTOffset);
  if (local && offset && !/(Z|[+-]\d{2}:?\d{2})$/.test(local)) {
    const withOffset = toIsoWithOffset(`${local}${offset}`);
    if (withOffset) return withOffset;
  }
  const gmt = text(e.GMTTimestamp);
  return (local ? toIsoWithOffset(local) : undefined) ?? (gmt ? toIsoWithOffset(gmt) : undefined);
}

function locationOf(e: JsonObject): CheckpointLocation | undefined {
  const loc = dropUndefined<CheckpointLocation>({
    city: text(e.eventCity),
    state: text(e.eventState),
    postal_code: text(e.eventZIP) ?? text(e.eventZIPCode),
    country: text(e.eventCountry) ?? (text(e.eventState) ? 'US' : undefined),
  });
  return Object.keys(loc).length > 0 ? loc : undefined;
}

function checkpointOf(e: JsonObject): Checkpoint | undefined {
  const time = eventTime(e);
  if (!time) return undefined;
  const description = text(e.eventType) ?? '';
  const code = text(e.eventCode);
  return dropUndefined<Checkpoint>({
    time,
    description,
    status: code ?? description,
    tracking_stage: eventStage(code) ?? categoryStage(description) ?? 'IN_TRANSIT',
    location: locationOf(e),
  });
}

export function parseTrackResponse(body: unknown, trackingNumber: string): TrackingResult {
  throwIfError(body, { notFound: true });
  const root = obj(body);
  if (!root) throw unexpectedBody('tracking response (not an object)');
  const checkpoints = objects(root.trackingEvents)
    .map(checkpointOf)
    .filter((c): c is Checkpoint => c !== undefined)
    .sort((a, b) => instantOf(b.time) - instantOf(a.time));
  const status = text(root.status) ?? checkpoints[0]?.description;
  if (!status && checkpoints.length === 0) {
    throw new ApiError(
      'carrier_no_shipment_found',
      `carrier_d has no tracking data for ${trackingNumber}`,
      'carrier_d: no trackingEvents',
    );
  }
  const newest = checkpoints[0];
  const stage: TrackingStage = categoryStage(text(root.statusCategory)) ?? newest?.tracking_stage ?? 'IN_TRANSIT';
  const delivered = stage === 'DELIVERED';
  const deliveredAt = delivered ? checkpoints.find((c) => c.tracking_stage === 'DELIVERED')?.time : undefined;
  // tracking.yaml: expected (guaranteed services) before predicted delivery, timestamps before dates.
  const expected =
    text(root.expectedDeliveryTimeStamp) ??
    text(root.expectedDeliveryDate) ??
    text(root.predictedDeliveryTimeStamp) ??
    text(root.predictedDeliveryDate);
  const signer = objects(root.trackingEvents).find((e) => eventStage(text(e.eventCode)) === 'DELIVERED');
  return dropUndefined<TrackingResult>({
    carrier: 'carrier_d',
    tracking_number: text(root.trackingNumber) ?? trackingNumber,
    status: plain(status) ?? '',
    tracking_stage: stage,
    delivered,
    delivery_date: deliveredAt,
    estimated_delivery: !delivered && expected ? (toIsoWithOffset(expected) ?? toIsoDate(expected)) : undefined,
    signed_by: text(signer?.name) ?? undefined,
    checkpoints,
  });
}
