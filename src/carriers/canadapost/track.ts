/**
 * Tracking: `GET /vis/track/pin/{pin}/detail` (track-v2 `tracking-detail`; fixtures
 * tracking_TrackingRequestURL, tracking_TrackingResponseXml). One PIN per call: the client tracks
 * a batch a few PINs at a time. Event dates and times carry no offset, only the name of their
 * time zone (EST, EDT, CST, …, or nothing): they become ISO 8601 with that zone's offset, and
 * without a known name with Eastern time's offset of that day, Canada Post's own clock.
 */
import type { Checkpoint, TrackingResult } from '../../domain/types.js';
import { fillPath } from '../shared/endpoint.js';
import { dropUndefined } from '../shared/json.js';
import { instantOf, toIsoWithOffset } from '../shared/time.js';
import { parseXml, xmlElement, xmlList, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';
import { trackingStage } from './codes.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';

export function buildTrackRequest(pin: string): { path: string } {
  return { path: fillPath(ENDPOINTS.track.path, { pin: pin.replace(/\s+/g, '') }, 'tracking_number') };
}

/** North American zone names → offsets. */
const ZONES: Readonly<Record<string, string>> = {
  NST: '-03:30',
  NDT: '-02:30',
  AST: '-04:00',
  ADT: '-03:00',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
};

/** The n-th Sunday of a month (UTC date), or the first when n = 1. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + (n - 1) * 7;
}

/** Eastern time's offset on a date: daylight time from the second Sunday of March to the first of November. */
export function easternOffset(date: string): string {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  const start = nthSunday(y, 3, 2);
  const end = nthSunday(y, 11, 1);
  const daylight = (m > 3 && m < 11) || (m === 3 && d >= start) || (m === 11 && d < end);
  return daylight ? '-04:00' : '-05:00';
}

function checkpointOf(node: unknown): Checkpoint | undefined {
  const e = xmlElement(node);
  const date = xmlText(e?.['event-date']);
  if (!date) return undefined;
  const zone = xmlText(e?.['event-time-zone'])?.toUpperCase();
  const time = xmlText(e?.['event-time']) ?? '00:00:00';
  const at = toIsoWithOffset(`${date}T${time}${(zone && ZONES[zone]) ?? easternOffset(date)}`);
  if (!at) return undefined;
  const code = xmlText(e?.['event-identifier']);
  const description = xmlText(e?.['event-description']) ?? code ?? '';
  const city = xmlText(e?.['event-site']);
  const province = xmlText(e?.['event-province']);
  return dropUndefined<Checkpoint>({
    time: at,
    description,
    status: code ?? description,
    tracking_stage: trackingStage(code),
    location: city || province ? dropUndefined({ city, state: province }) : undefined,
  });
}

const newestFirst = (a: Checkpoint, b: Checkpoint): number => instantOf(b.time) - instantOf(a.time);

/** The `tracking-detail` of an answer, also inside a wrapper element. */
function detailOf(doc: XmlObject | undefined): XmlObject | undefined {
  return (
    xmlRoot(doc, 'tracking-detail') ??
    xmlElement(xmlElement(doc ? Object.values(doc)[0] : undefined)?.['tracking-detail'])
  );
}

export function parseTrackResponse(xml: string, pin: string): TrackingResult {
  const doc = parseXml(xml);
  throwIfError(doc);
  const detail = detailOf(doc);
  if (!detail) throw unexpectedBody('tracking response (no tracking-detail)');
  const occurrences = xmlList(xmlElement(detail['significant-events'])?.occurrence);
  const checkpoints = occurrences
    .map(checkpointOf)
    .filter((c): c is Checkpoint => c !== undefined)
    .sort(newestFirst);
  const latest = checkpoints[0];
  const stage = latest?.tracking_stage ?? 'CREATED';
  const delivered = stage === 'DELIVERED';
  const signedBy = occurrences.map((o) => xmlText(xmlElement(o)?.['signatory-name'])).find((s) => s !== undefined);
  const expected = xmlText(detail['changed-expected-date']) ?? xmlText(detail['expected-delivery-date']);
  return dropUndefined<TrackingResult>({
    carrier: 'canadapost',
    tracking_number: xmlText(detail.pin) ?? pin,
    status: latest?.description ?? 'Shipment created',
    tracking_stage: stage,
    delivered,
    delivery_date: delivered ? checkpoints.find((c) => c.tracking_stage === 'DELIVERED')?.time : undefined,
    // Canada Post names the day only: the estimate is its end, in Eastern time.
    estimated_delivery:
      delivered || !expected ? undefined : toIsoWithOffset(`${expected}T23:59:59${easternOffset(expected)}`),
    signed_by: signedBy,
    checkpoints,
  });
}
