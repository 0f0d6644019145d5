/**
 * Tracking: MyDHL GET /shipments/{shipmentTrackingNumber}/tracking for one number and
 * GET /tracking?shipmentTrackingNumber=…&shipmentTrackingNumber=… for up to 200 (parameter
 * shipmentTrackingNumberMulti); both answer supermodelIoLogisticsExpressTrackingResponse
 * `{ shipments: [{ shipmentTrackingNumber, status, events[{date, time, GMTOffset, typeCode, …}] }] }`.
 * Recorded as fixtures/tracking_TrackingRequest.txt, tracking_TrackingResponse.json,
 * tracking_ErrorResponse.json; samples/tracking_request.json and tracking_response.json.
 */
import type { Checkpoint, CheckpointLocation, TrackingResult, TrackingStage } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, obj, objects, text, type JsonObject } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { fillPath } from '../shared/endpoint.js';
import { trackingStage } from './codes.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import type { CarrierCQuery } from './wire.js';

/** All checkpoints, shipment level (trackingView, levelOfDetail query parameters). */
const VIEW: CarrierCQuery = [
  ['trackingView', 'all-checkpoints'],
  ['levelOfDetail', 'shipment'],
];

/** One number: path and query of GET /shipments/{id}/tracking. */
export function buildTrackRequest(trackingNumber: string): { path: string; query: CarrierCQuery } {
  return {
    path: fillPath(ENDPOINTS.track.path, { shipmentTrackingNumber: trackingNumber }, 'tracking_number'),
    query: VIEW,
  };
}

/** Several numbers: GET /tracking with the parameter repeated (explode: true). */
export function buildTrackManyRequest(trackingNumbers: readonly string[]): { path: string; query: CarrierCQuery } {
  return {
    path: ENDPOINTS.trackMany.path,
    query: [...trackingNumbers.map((n): [string, string] => ['shipmentTrackingNumber', n]), ...VIEW],
  };
}

function numberOf(shipment: JsonObject): string | undefined {
  const raw = shipment.shipmentTrackingNumber;
  return text(raw) ?? (typeof raw === 'number' ? String(raw) : undefined);
}

/** "New York, NY" (serviceArea description) → city and, when short, state. */
function locationOf(event: JsonObject): CheckpointLocation | undefined {
  const area = objects(event.serviceArea)[0];
  const description = text(area?.description);
  if (!description) return undefined;
  const [city, rest] = description.split(',').map((s) => s.trim());
  return dropUndefined<CheckpointLocation>({
    city: city || undefined,
    state: rest && /^[A-Z]{2,3}$/.test(rest) ? rest : undefined,
  });
}

/** "2024-11-07" + "18:00:00" + "+00:00"; without GMTOffset the time is taken as UTC (shared rule). */
function checkpointOf(event: JsonObject): Checkpoint | undefined {
  const date = text(event.date);
  const time = text(event.time) ?? '00:00:00';
  const at = date === undefined ? undefined : toIsoWithOffset(`${date}T${time}${text(event.GMTOffset) ?? ''}`);
  if (at === undefined) return undefined;
  const code = text(event.typeCode);
  const description = text(event.description) ?? code ?? '';
  return dropUndefined<Checkpoint>({
    time: at,
    description,
    status: code ?? description,
    // Unknown codes count as in transit: the shipment moves, we just cannot name the step.
    tracking_stage: trackingStage(code) ?? 'IN_TRANSIT',
    location: locationOf(event),
  });
}

const newestFirst = (a: Checkpoint, b: Checkpoint): number => instantOf(b.time) - instantOf(a.time);

function resultOf(shipment: JsonObject, trackingNumber: string): TrackingResult {
  const events = objects(shipment.events);
  const checkpoints = events
    .map(checkpointOf)
    .filter((c): c is Checkpoint => c !== undefined)
    .sort(newestFirst);
  const status = text(shipment.status);
  const stage: TrackingStage = trackingStage(status) ?? checkpoints[0]?.tracking_stage ?? 'CREATED';
  const delivered = stage === 'DELIVERED';
  const signedBy = events.map((e) => text(e.signedBy)).find((s) => s !== undefined);
  const eta = text(shipment.estimatedTimeOfDelivery);
  return dropUndefined<TrackingResult>({
    carrier: 'carrier_c',
    tracking_number: trackingNumber,
    status: checkpoints[0]?.description ?? status ?? '',
    tracking_stage: stage,
    delivered,
    delivery_date: delivered ? checkpoints.find((c) => c.tracking_stage === 'DELIVERED')?.time : undefined,
    estimated_delivery: delivered || eta === undefined ? undefined : toIsoWithOffset(eta),
    signed_by: signedBy,
    checkpoints,
  });
}

function shipmentsOf(body: unknown): JsonObject[] {
  throwIfError(body);
  const shipments = obj(body)?.shipments;
  if (!Array.isArray(shipments)) throw unexpectedBody('tracking response (no shipments)');
  return objects(shipments);
}

function notFound(trackingNumber: string): ApiError {
  return new ApiError(
    'carrier_no_shipment_found',
    `carrier_c has no tracking data for ${trackingNumber}`,
    `carrier_c shipmentTrackingNumber ${trackingNumber}`,
  );
}

export function parseTrackResponse(body: unknown, trackingNumber: string): TrackingResult {
  const shipments = shipmentsOf(body);
  const shipment =
    shipments.find((s) => numberOf(s) === trackingNumber) ?? (shipments.length === 1 ? shipments[0] : undefined);
  if (!shipment) throw notFound(trackingNumber);
  return resultOf(shipment, trackingNumber);
}

/** Each number's result from one multi-number answer; numbers DHL does not list are not found. */
export function parseTrackManyResponse(
  body: unknown,
  trackingNumbers: readonly string[],
): (TrackingResult | ApiError)[] {
  const shipments = shipmentsOf(body);
  return trackingNumbers.map((n) => {
    const shipment = shipments.find((s) => numberOf(s) === n);
    return shipment ? resultOf(shipment, n) : notFound(n);
  });
}
