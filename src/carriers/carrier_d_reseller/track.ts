/**
 * Tracking: PackageStatusRequest (StatusRequestXML) for one or several PIC numbers and
 * PackageStatusResponse → TrackingResult per number (README.md §10). StatusCode meanings on EWS
 * are not published; codes.ts STATUS_STAGES takes the guide's codes (G13 p.103).
 */
import type { Checkpoint, TrackingResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { xmlElement, xmlList, xmlText, type XmlObject } from '../shared/xml.js';
import { STATUS_NOT_FOUND, trackingStage } from './codes.js';
import { errorDetail, throwIfError, unexpectedBody } from './errors.js';
import { certifiedIntermediary, responseRoot } from './mapping.js';
import type { Credentials, WirePackageStatusRequest } from './wire.js';

/** COMPLETE asks for every event, not only the current one (§10 RequestOptions). */
export function buildTrackRequest(
  trackingNumbers: string | readonly string[],
  creds: Credentials,
): WirePackageStatusRequest {
  const numbers = typeof trackingNumbers === 'string' ? [trackingNumbers] : [...trackingNumbers];
  return {
    RequesterID: creds.requesterId,
    RequestID: `track-${numbers[0] ?? ''}`.slice(0, 50),
    CertifiedIntermediary: certifiedIntermediary(creds),
    RequestOptions: { '@_PackageStatus': 'COMPLETE' },
    PicNumbers: { PicNumber: numbers },
  };
}

function events(response: XmlObject): XmlObject[] {
  return xmlList(xmlElement(response.PackageStatusEventList)?.StatusEventList)
    .map(xmlElement)
    .filter((e): e is XmlObject => e !== undefined);
}

/** An event → checkpoint; an event without a usable time cannot be placed and is left out. */
function checkpointOf(event: XmlObject): Checkpoint | undefined {
  const raw = xmlText(event.EventDateTime);
  const time = raw === undefined ? undefined : toIsoWithOffset(raw);
  if (time === undefined) return undefined;
  const code = xmlText(event.StatusCode);
  const description = xmlText(event.StatusDescription) ?? xmlText(event.TrackingSummary) ?? '';
  return {
    time,
    description: xmlText(event.TrackingSummary) ?? description,
    status: description,
    // An unknown code still means the piece exists and moves.
    tracking_stage: trackingStage(code) ?? 'IN_TRANSIT',
  };
}

function responsesOf(root: XmlObject): XmlObject[] {
  return xmlList(xmlElement(root.PackageStatus)?.StatusResponse)
    .map(xmlElement)
    .filter((r): r is XmlObject => r !== undefined);
}

function resultOf(response: XmlObject | undefined, trackingNumber: string): TrackingResult {
  const list = response ? events(response) : [];
  const notFound = list.length === 0 || list.every((e) => xmlText(e.StatusCode) === STATUS_NOT_FOUND);
  if (notFound) {
    const said = list.map((e) => xmlText(e.StatusDescription)).find((d) => d !== undefined);
    throw new ApiError(
      'carrier_no_shipment_found',
      said ?? `carrier_d_reseller has no tracking data for ${trackingNumber}`,
      errorDetail(STATUS_NOT_FOUND),
    );
  }
  const checkpoints = list
    .map(checkpointOf)
    .filter((c): c is Checkpoint => c !== undefined)
    .sort((a, b) => instantOf(b.time) - instantOf(a.time));
  const latest = checkpoints[0];
  const stage = latest?.tracking_stage ?? trackingStage(xmlText(list[0]?.StatusCode)) ?? 'IN_TRANSIT';
  const delivered = stage === 'DELIVERED';
  return dropUndefined<TrackingResult>({
    carrier: 'carrier_d_reseller',
    tracking_number: trackingNumber,
    status: latest?.status ?? xmlText(list[0]?.StatusDescription) ?? '',
    tracking_stage: stage,
    delivered,
    delivery_date: delivered ? latest?.time : undefined,
    checkpoints,
  });
}

/** Each number's result from one answer; a number ELS does not know gets its error in its slot. */
export function parseTrackManyResponse(
  body: string,
  trackingNumbers: readonly string[],
): (TrackingResult | ApiError)[] {
  const root = responseRoot(body, 'PackageStatusResponse');
  throwIfError(root, 'tracking response');
  if (root.PackageStatus === undefined) throw unexpectedBody('tracking response (no PackageStatus)');
  const responses = responsesOf(root);
  return trackingNumbers.map((n) => {
    const own =
      responses.find((r) => xmlText(r.PicNumber) === n) ??
      (responses.length === 1 && trackingNumbers.length === 1 ? responses[0] : undefined);
    try {
      return resultOf(own, n);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  });
}

export function parseTrackResponse(body: string, trackingNumber: string): TrackingResult {
  const [result] = parseTrackManyResponse(body, [trackingNumber]);
  if (result instanceof ApiError || result === undefined) throw result ?? unexpectedBody('tracking response');
  return result;
}
