/**
 * Tracking: FedEx /track/v1/trackingnumbers (track.json Full_Schema_Tracking_Numbers and
 * TrackingNumbersResponse), recorded as fixtures/tracking_TrackingRequest.json and
 * tracking_TrackingResponse.json; and the signature proof of delivery of /track/v1/trackingdocuments
 * (track.json Full_Schema_SPOD / SPODResponseVO; fixtures/tracking_ProofOfDeliveryResponse.json).
 */
import type {
  Checkpoint,
  CheckpointLocation,
  ShippingDocument,
  TrackingResult,
  TrackingStage,
} from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dig, dropUndefined, obj, objects, text, texts, type JsonObject } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { trackingStage } from './codes.js';
import { classifyError, errorDetail, throwIfError, unexpectedBody } from './errors.js';
import type { CarrierAProofOfDeliveryRequest, CarrierATrackRequest } from './wire-track.js';

/** One or several numbers (track.json allows up to 30 trackingInfo entries per request). */
export function buildTrackRequest(trackingNumbers: string | readonly string[]): CarrierATrackRequest {
  const numbers = typeof trackingNumbers === 'string' ? [trackingNumbers] : trackingNumbers;
  return {
    includeDetailedScans: true,
    trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
  };
}

/** Each number's result from one multi-number answer; a per-number error stays in its slot. */
export function parseTrackManyResponse(
  body: unknown,
  trackingNumbers: readonly string[],
): (TrackingResult | ApiError)[] {
  throwIfError(body);
  return trackingNumbers.map((n) => {
    try {
      return parseTrackResponse(body, n);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  });
}

/** Signature proof of delivery as a PDF (track.json TrackDocumentDetail / TrackDocumentSpecification). */
export function buildProofOfDeliveryRequest(
  trackingNumber: string,
  accountNumber?: string,
): CarrierAProofOfDeliveryRequest {
  return dropUndefined<CarrierAProofOfDeliveryRequest>({
    trackDocumentDetail: { documentType: 'SIGNATURE_PROOF_OF_DELIVERY', documentFormat: 'PDF' },
    trackDocumentSpecification: [{ trackingNumberInfo: { trackingNumber }, accountNumber }],
  });
}

/** Unknown codes count as in transit: the shipment exists and moves, we just cannot name the step. */
function stageOf(...codes: (string | undefined)[]): TrackingStage {
  for (const code of codes) {
    const stage = trackingStage(code);
    if (stage) return stage;
  }
  return 'IN_TRANSIT';
}

function locationOf(address: unknown): CheckpointLocation | undefined {
  const a = obj(address);
  if (!a) return undefined;
  const location = dropUndefined<CheckpointLocation>({
    city: text(a.city),
    state: text(a.stateOrProvinceCode),
    postal_code: text(a.postalCode),
    country: text(a.countryCode),
  });
  return Object.keys(location).length > 0 ? location : undefined;
}

/** A scan event → checkpoint; events without a usable timestamp cannot be placed and are left out. */
function checkpointOf(event: JsonObject): Checkpoint | undefined {
  const raw = text(event.date);
  const time = raw === undefined ? undefined : toIsoWithOffset(raw);
  if (time === undefined) return undefined;
  const eventDescription = text(event.eventDescription);
  const exception = text(event.exceptionDescription);
  const description =
    eventDescription && exception && exception !== eventDescription
      ? `${eventDescription}: ${exception}`
      : (eventDescription ?? exception ?? '');
  return dropUndefined<Checkpoint>({
    time,
    description,
    status: text(event.derivedStatus) ?? eventDescription ?? text(event.eventType) ?? '',
    tracking_stage: stageOf(text(event.eventType), text(event.derivedStatusCode)),
    location: locationOf(event.scanLocation),
  });
}

function hasTrackingData(result: JsonObject): boolean {
  return objects(result.scanEvents).length > 0 || obj(result.latestStatusDetail) !== undefined;
}

/** The completeTrackResults entry of our number (FedEx may echo another form of it inside). */
function resultsFor(output: JsonObject, trackingNumber: string): JsonObject[] {
  const complete = objects(output.completeTrackResults);
  const matches = (c: JsonObject): boolean =>
    text(c.trackingNumber) === trackingNumber ||
    objects(c.trackResults).some((r) => text(dig(r, 'trackingNumberInfo', 'trackingNumber')) === trackingNumber);
  const entry = complete.find(matches) ?? (complete.length === 1 ? complete[0] : undefined);
  return entry === undefined ? [] : objects(entry.trackResults);
}

function dateOfType(result: JsonObject, type: string): string | undefined {
  const entry = objects(result.dateAndTimes).find((d) => text(d.type) === type);
  const raw = entry === undefined ? undefined : text(entry.dateTime);
  return raw === undefined ? undefined : toIsoWithOffset(raw);
}

/** ESTIMATED_DELIVERY, else the end of the estimated (then standard) delivery window. */
function estimatedDelivery(result: JsonObject): string | undefined {
  const windowEnd = (key: string): string | undefined => {
    const raw = text(dig(result, key, 'window', 'ends')) ?? text(dig(result, key, 'window', 'begins'));
    return raw === undefined ? undefined : toIsoWithOffset(raw);
  };
  return (
    dateOfType(result, 'ESTIMATED_DELIVERY') ??
    windowEnd('estimatedDeliveryTimeWindow') ??
    windowEnd('standardTransitTimeWindow')
  );
}

function newestFirst(a: Checkpoint, b: Checkpoint): number {
  return instantOf(b.time) - instantOf(a.time);
}

export function parseTrackResponse(body: unknown, trackingNumber: string): TrackingResult {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  if (!output || !Array.isArray(output.completeTrackResults))
    throw unexpectedBody('tracking response (no completeTrackResults)');
  const results = resultsFor(output, trackingNumber);
  // Duplicate tracking numbers yield several results: the one with the newest scan is ours.
  const withData = results
    .filter(hasTrackingData)
    .map((r) => ({
      r,
      checkpoints: objects(r.scanEvents)
        .map(checkpointOf)
        .filter((c): c is Checkpoint => c !== undefined)
        .sort(newestFirst),
    }))
    .sort(
      (a, b) =>
        (b.checkpoints[0] ? instantOf(b.checkpoints[0].time) : 0) -
        (a.checkpoints[0] ? instantOf(a.checkpoints[0].time) : 0),
    );
  const chosen = withData[0];
  if (!chosen) {
    // track.json CXSError inside the result: TRACKING.TRACKINGNUMBER.NOTFOUND and friends.
    const error = results.map((r) => obj(r.error)).find((e) => e !== undefined);
    const code = text(error?.code);
    const message = text(error?.message) ?? `carrier_a has no tracking data for ${trackingNumber}`;
    const detail = errorDetail('error', code === undefined ? [] : [code], text(dig(body, 'transactionId')));
    throw new ApiError(
      code === undefined ? 'carrier_no_shipment_found' : classifyError({ status: 200, codes: [code] }),
      message,
      detail,
    );
  }
  const { r: result, checkpoints } = chosen;
  const latest = obj(result.latestStatusDetail);
  const latestCode = text(latest?.derivedCode) ?? text(latest?.code);
  const tracking_stage =
    latestCode !== undefined ? stageOf(latestCode) : (checkpoints[0]?.tracking_stage ?? 'IN_TRANSIT');
  const delivered = tracking_stage === 'DELIVERED';
  const deliveredAt =
    dateOfType(result, 'ACTUAL_DELIVERY') ??
    (delivered ? checkpoints.find((c) => c.tracking_stage === 'DELIVERED')?.time : undefined);
  return dropUndefined<TrackingResult>({
    carrier: 'carrier_a',
    tracking_number: trackingNumber,
    status: text(latest?.description) ?? text(latest?.statusByLocale) ?? checkpoints[0]?.status ?? '',
    tracking_stage,
    delivered,
    delivery_date: deliveredAt,
    estimated_delivery: delivered ? undefined : estimatedDelivery(result),
    signed_by:
      text(dig(result, 'deliveryDetails', 'receivedByName')) ?? text(dig(result, 'deliveryDetails', 'signedByName')),
    checkpoints,
  });
}

/**
 * Signature proof of delivery → a shipping document. The vendor schema names the array
 * `document`; the recorded answer calls it `documents`: both are read.
 */
export function parseProofOfDeliveryResponse(body: unknown): ShippingDocument {
  throwIfError(body);
  const output = obj(dig(body, 'output'));
  const content = texts(output?.documents)[0] ?? texts(output?.document)[0];
  if (!output || !content) throw unexpectedBody('proof of delivery response (no document)');
  return {
    type: text(output.documentType) ?? 'SIGNATURE_PROOF_OF_DELIVERY',
    format: (text(output.documentFormat) ?? 'PDF').toUpperCase(),
    content,
  };
}
