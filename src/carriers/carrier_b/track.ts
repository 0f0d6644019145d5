/**
 * Tracking: UPS `GET /api/track/v1/details/{inquiryNumber}` (Tracking.yaml TrackApiResponse),
 * recorded as fixtures/tracking_TrackingResponseJSON.json and samples/tracking_response.json.
 * UPS tracks one number per call; batches are bounded concurrent single calls (client.ts).
 */
import type { Checkpoint, CheckpointLocation, TrackingResult, TrackingStage } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, obj, objectList, text, type JsonObject } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { trackingStage } from './codes.js';
import { throwIfError, unexpectedBody, errorDetail } from './errors.js';

/** Query of the details call: every activity, no signature image or proof of delivery. */
export function buildTrackRequest(): Record<string, string> {
  return { locale: 'en_US', returnSignature: 'false', returnMilestones: 'false', returnPOD: 'false' };
}

/**
 * UPS date ("20210210") and time ("071356") → ISO 8601 with offset. Activities carry the local
 * time of the scan and, in current answers, `gmtDate`/`gmtTime`/`gmtOffset`: the local time with
 * `gmtOffset` is used when present; without an offset the time is taken as UTC (shared rule in
 * shared/time.ts, stated in the README).
 */
export function wireTimestamp(date: string | undefined, time: string | undefined, offset?: string): string | undefined {
  const d = date === undefined ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  if (!d) return undefined;
  const t = /^(\d{2})(\d{2})(\d{2})?$/.exec(time ?? '000000') ?? /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time ?? '');
  if (!t) return undefined;
  const off = offset !== undefined && /^[+-]\d{2}:?\d{2}$/.test(offset) ? offset : '';
  return toIsoWithOffset(`${d[1]}-${d[2]}-${d[3]}T${t[1]}:${t[2]}:${t[3] ?? '00'}${off}`);
}

function stageOf(status: JsonObject | undefined): TrackingStage {
  return trackingStage(text(status?.type), text(status?.statusCode)) ?? 'IN_TRANSIT';
}

function locationOf(location: unknown): CheckpointLocation | undefined {
  const a = obj(dig(location, 'address'));
  if (!a) return undefined;
  const result = dropUndefined<CheckpointLocation>({
    city: text(a.city),
    state: text(a.stateProvince),
    postal_code: text(a.postalCode),
    country: text(a.countryCode) ?? text(a.country),
  });
  return Object.keys(result).length > 0 ? result : undefined;
}

function checkpointOf(activity: JsonObject): Checkpoint | undefined {
  const status = obj(activity.status);
  const time = wireTimestamp(text(activity.date), text(activity.time), text(activity.gmtOffset));
  if (time === undefined) return undefined;
  const description = text(status?.description) ?? text(status?.simplifiedTextDescription) ?? '';
  return dropUndefined<Checkpoint>({
    time,
    description,
    status: text(status?.code) ?? text(status?.type) ?? '',
    tracking_stage: stageOf(status),
    location: locationOf(activity.location),
  });
}

/** The package of our number: the one whose trackingNumber matches, else the only one. */
function packageFor(shipments: JsonObject[], trackingNumber: string): JsonObject | undefined {
  const packages = shipments.flatMap((s) => objectList(s.package));
  return packages.find((p) => text(p.trackingNumber) === trackingNumber) ?? packages[0];
}

/** deliveryDate entries: DEL (delivered), SDD (scheduled), RDD (rescheduled); Tracking.yaml DeliveryDate.type. */
function dateOfType(pkg: JsonObject, types: string[]): string | undefined {
  const entry = objectList(pkg.deliveryDate).find((d) => types.includes(text(d.type) ?? ''));
  return entry ? text(entry.date) : undefined;
}

export function parseTrackResponse(body: unknown, trackingNumber: string, transactionId?: string): TrackingResult {
  throwIfError(body, { transactionId, notFound: true });
  const response = obj(dig(body, 'trackResponse'));
  if (!response) throw unexpectedBody('tracking response (no trackResponse)');
  const shipments = objectList(response.shipment);
  const pkg = packageFor(shipments, trackingNumber);
  const checkpoints = pkg
    ? objectList(pkg.activity)
        .map(checkpointOf)
        .filter((c): c is Checkpoint => c !== undefined)
    : [];
  checkpoints.sort((a, b) => instantOf(b.time) - instantOf(a.time));
  if (!pkg || (checkpoints.length === 0 && !obj(pkg.currentStatus))) {
    // Tracking.yaml: an unknown number answers warnings (TW0001 "Tracking Information Not Found").
    const warning = shipments.flatMap((s) => objectList(s.warnings))[0];
    throw new ApiError(
      'carrier_no_shipment_found',
      text(warning?.message) ?? `carrier_b has no tracking data for ${trackingNumber}`,
      errorDetail(text(warning?.code) ? [text(warning?.code) ?? ''] : [], transactionId),
    );
  }
  const current = obj(pkg.currentStatus);
  const tracking_stage = current ? stageOf(current) : (checkpoints[0]?.tracking_stage ?? 'IN_TRANSIT');
  const delivered = tracking_stage === 'DELIVERED';
  const deliveredCheckpoint = checkpoints.find((c) => c.tracking_stage === 'DELIVERED');
  const endTime = text(dig(pkg, 'deliveryTime', 'endTime'));
  const delivery = dateOfType(pkg, ['DEL']);
  const estimated = dateOfType(pkg, ['RDD', 'SDD']);
  return dropUndefined<TrackingResult>({
    carrier: 'carrier_b',
    tracking_number: trackingNumber,
    status: text(current?.description) ?? text(current?.simplifiedTextDescription) ?? checkpoints[0]?.description ?? '',
    tracking_stage,
    delivered,
    delivery_date: delivered ? (deliveredCheckpoint?.time ?? wireTimestamp(delivery, endTime)) : undefined,
    estimated_delivery: delivered ? undefined : wireTimestamp(estimated, endTime),
    signed_by: text(dig(pkg, 'deliveryInformation', 'receivedBy')),
    checkpoints,
  });
}
