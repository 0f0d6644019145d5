/**
 * Tracking: `GET /shipping/v1/track?tracking_ids=a,b,…` (at most 10 ids a call) answers 200 with
 * one `tracking_results[]` entry per id. An entry with `errors` (ESB-10001 "Invalid tracking ID")
 * is that id not found, in Australia Post's words; the others in the same answer are unaffected.
 * Items sit in `trackable_items[]`, or under a consignment's `items[]`; events carry words, a
 * location and a local time with offset.
 */
import type { Checkpoint, CheckpointLocation, PackageTracking, TrackingResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, obj, objects, text, type JsonObject } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { eventStage, statusStage } from './codes.js';
import { ENDPOINTS } from './endpoints.js';
import { errorFromBody, throwIfError, unexpectedBody } from './errors.js';

/** The ids of one call, comma-separated as the API takes them. */
export function buildTrackRequest(trackingNumbers: readonly string[]): { path: string; query: [string, string][] } {
  return { path: ENDPOINTS.track.path, query: [['tracking_ids', trackingNumbers.map((n) => n.trim()).join(',')]] };
}

/** "KEW VIC" → Kew, Victoria; "CHICAGO (US)" → Chicago, US; anything else as the city. */
function locationOf(raw: string | undefined): CheckpointLocation | undefined {
  if (!raw) return undefined;
  const au = /^(.+?)\s+(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)$/.exec(raw);
  if (au?.[1]) return { city: au[1], state: au[2], country: 'AU' };
  const abroad = /^(.+?)\s*\(([A-Z]{2})\)$/.exec(raw);
  if (abroad?.[1]) return { city: abroad[1], country: abroad[2] };
  return { city: raw };
}

function checkpointOf(event: JsonObject): Checkpoint | undefined {
  const raw = text(event.date);
  const time = raw === undefined ? undefined : toIsoWithOffset(raw);
  const description = text(event.description);
  if (time === undefined || description === undefined) return undefined;
  return dropUndefined<Checkpoint>({
    time,
    description,
    status: description,
    tracking_stage: eventStage(description),
    location: locationOf(text(event.location)),
  });
}

const newestFirst = (a: Checkpoint, b: Checkpoint): number => instantOf(b.time) - instantOf(a.time);

/** Articles of a result: `trackable_items[]` entries, or the `items[]` of a consignment entry. */
function articlesOf(result: JsonObject): JsonObject[] {
  return objects(result.trackable_items).flatMap((t) => (Array.isArray(t.items) ? objects(t.items) : [t]));
}

/** The id not found: in Australia Post's words when its result says so, naming the id. */
function notFound(trackingNumber: string, result: JsonObject | undefined): ApiError {
  const said = errorFromBody(200, result, { notFound: true });
  if (said) return new ApiError(said.code, `${said.message}: ${trackingNumber}`, said.detail);
  return new ApiError(
    'carrier_no_shipment_found',
    `australiapost has no tracking data for ${trackingNumber}`,
    `australiapost tracking_id ${trackingNumber}`,
  );
}

function resultOf(result: JsonObject, trackingNumber: string): TrackingResult | ApiError {
  if (objects(result.errors).length > 0) return notFound(trackingNumber, result);
  const articles = articlesOf(result);
  if (articles.length === 0) return notFound(trackingNumber, undefined);
  const perArticle: PackageTracking[] = articles.map((a) => ({
    tracking_number: text(a.article_id) ?? trackingNumber,
    checkpoints: objects(a.events)
      .map(checkpointOf)
      .filter((c): c is Checkpoint => c !== undefined)
      .sort(newestFirst),
  }));
  const checkpoints = perArticle.flatMap((p) => p.checkpoints).sort(newestFirst);
  const status = text(result.status) ?? text(articles[0]?.status);
  // "Unknown" (and words not in the table) leave the stage to the newest event.
  const stage = statusStage(status) ?? checkpoints[0]?.tracking_stage ?? 'CREATED';
  const delivered = stage === 'DELIVERED';
  return dropUndefined<TrackingResult>({
    carrier: 'australiapost',
    tracking_number: trackingNumber,
    status: checkpoints[0]?.description ?? status ?? '',
    tracking_stage: stage,
    delivered,
    delivery_date: delivered ? checkpoints.find((c) => c.tracking_stage === 'DELIVERED')?.time : undefined,
    checkpoints,
    packages: perArticle.length > 1 ? perArticle : undefined,
  });
}

function resultsOf(body: unknown): JsonObject[] {
  throwIfError(body);
  const results = obj(body)?.tracking_results;
  if (!Array.isArray(results)) throw unexpectedBody('tracking response (no tracking_results)');
  return objects(results);
}

const idOf = (r: JsonObject): string | undefined => text(r.tracking_id)?.toUpperCase();

/** Each number's result from one answer; a number the answer does not list is not found. */
export function parseTrackManyResponse(
  body: unknown,
  trackingNumbers: readonly string[],
): (TrackingResult | ApiError)[] {
  const results = resultsOf(body);
  return trackingNumbers.map((n) => {
    const r =
      results.find((x) => idOf(x) === n.trim().toUpperCase()) ??
      (trackingNumbers.length === 1 && results.length === 1 ? results[0] : undefined);
    return r ? resultOf(r, n) : notFound(n, undefined);
  });
}

export function parseTrackResponse(body: unknown, trackingNumber: string): TrackingResult {
  const [one] = parseTrackManyResponse(body, [trackingNumber]);
  if (one === undefined || one instanceof ApiError) throw one ?? notFound(trackingNumber, undefined);
  return one;
}
