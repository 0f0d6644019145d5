/**
 * Tracking: the Parcel DE Tracking API's `d-get-piece-detail` request, an XML document sent as the
 * `xml` query parameter of a GET (up to 20 piece codes separated by semicolons, with the portal
 * user as appname and password), and its XML answer: a `piece-shipment-list` root holding one
 * `piece-shipment` per piece found, each with its `piece-event-list`, oldest event first.
 * Times are German local time without an offset ("18.03.2016 10:02"); they are written with the
 * offset Germany had at that moment.
 */
import { ApiError } from '../../domain/errors.js';
import type { Checkpoint, TrackingResult } from '../../domain/types.js';
import { buildXml, parseXml, xmlAttr, xmlList, xmlRoot, type XmlObject } from '../shared/xml.js';
import { countryOfEvent, stageOf } from './codes.js';
import { unexpectedBody } from './errors.js';
import type { DhlTrackQuery } from './wire.js';

/** The `xml` query parameter's document for these numbers. */
export function buildTrackRequest(
  numbers: string | string[],
  user: { username: string; password: string },
): [name: 'xml', value: string][] {
  const list = Array.isArray(numbers) ? numbers : [numbers];
  const query: DhlTrackQuery = {
    '@_appname': user.username,
    '@_password': user.password,
    '@_request': 'd-get-piece-detail',
    '@_language-code': 'en',
    '@_piece-code': list.join(';'),
  };
  return [['xml', `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${buildXml('data', query)}`]];
}

/** The last Sunday of a month, as a UTC day of the month. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** Germany's offset at a local time: summer time from the last Sunday of March 02:00 to the last Sunday of October 03:00. */
function germanOffset(year: number, month: number, day: number, hour: number): '+01:00' | '+02:00' {
  const start = lastSunday(year, 2);
  const end = lastSunday(year, 9);
  const afterStart = month > 2 || (month === 2 && (day > start || (day === start && hour >= 2)));
  const beforeEnd = month < 9 || (month === 9 && (day < end || (day === end && hour < 3)));
  return afterStart && beforeEnd ? '+02:00' : '+01:00';
}

/** "18.03.2016 10:02" → "2016-03-18T10:02:00+01:00"; anything else undefined. */
export function germanTime(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, d, mo, y, h, mi, s = '00'] = m;
  const day = Number(d);
  const month = Number(mo) - 1;
  const year = Number(y);
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day || Number(h) > 23 || Number(mi) > 59)
    return undefined;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${germanOffset(year, month, day, Number(h))}`;
}

/** The `data` children with this name attribute. */
function children(el: unknown, name: string): XmlObject[] {
  const data = el && typeof el === 'object' ? (el as XmlObject).data : undefined;
  return xmlList(data).filter(
    (c): c is XmlObject => typeof c === 'object' && c !== null && xmlAttr(c, 'name') === name,
  );
}

/** The numbers a shipment answers for: the code searched, and the piece's own codes. */
function numbersOf(shipment: XmlObject): string[] {
  return ['searched-piece-code', 'piece-code', 'piece-identifier']
    .map((a) => xmlAttr(shipment, a))
    .filter((n): n is string => n !== undefined && n !== '');
}

function checkpointOf(event: XmlObject): Checkpoint | undefined {
  const time = germanTime(xmlAttr(event, 'event-timestamp'));
  if (!time) return undefined;
  const city = xmlAttr(event, 'event-location');
  const code = countryOfEvent(xmlAttr(event, 'event-country'));
  const location = { ...(city ? { city } : {}), ...(code ? { country: code } : {}) };
  return {
    time,
    description: xmlAttr(event, 'event-text') ?? xmlAttr(event, 'event-status') ?? '',
    status: xmlAttr(event, 'event-short-status') ?? xmlAttr(event, 'event-status') ?? '',
    tracking_stage: stageOf(xmlAttr(event, 'standard-event-code'), xmlAttr(event, 'ice')),
    ...(Object.keys(location).length > 0 ? { location } : {}),
  };
}

function resultOf(shipment: XmlObject, trackingNumber: string): TrackingResult {
  const events = children(shipment, 'piece-event-list').flatMap((list) => children(list, 'piece-event'));
  const checkpoints = events
    .map(checkpointOf)
    .filter((c): c is Checkpoint => c !== undefined)
    .reverse();
  const stage =
    checkpoints[0]?.tracking_stage ?? stageOf(xmlAttr(shipment, 'standard-event-code'), xmlAttr(shipment, 'ice'));
  const delivered = xmlAttr(shipment, 'delivery-event-flag') === '1' || stage === 'DELIVERED';
  const signedBy = xmlAttr(shipment, 'recipient-name');
  return {
    carrier: 'dhl_parcel_de',
    tracking_number: trackingNumber,
    status: xmlAttr(shipment, 'short-status') ?? xmlAttr(shipment, 'status') ?? checkpoints[0]?.status ?? '',
    tracking_stage: delivered ? 'DELIVERED' : stage,
    delivered,
    ...(delivered && checkpoints[0] ? { delivery_date: checkpoints[0].time } : {}),
    ...(delivered && signedBy ? { signed_by: signedBy } : {}),
    checkpoints,
  };
}

/**
 * The tracking API answers a refused portal user with its own document under HTTP 200 ("Login
 * failed", code 9 in the sandbox's manner); its guide lists no codes, so the words decide too.
 */
const LOGIN_REFUSED = /login|password|appname|not authori[sz]ed|unauthori[sz]ed/i;

const notFound = (n: string, detail: string) =>
  new ApiError('carrier_no_shipment_found', `dhl_parcel_de has no shipment ${n}`, detail);

/** One result or error per number asked, in order; a failure of the whole answer throws. */
export function parseTrackManyResponse(body: string, numbers: string[]): (TrackingResult | ApiError)[] {
  const root = xmlRoot(parseXml(body), 'data');
  if (!root || xmlAttr(root, 'name') !== 'piece-shipment-list')
    throw unexpectedBody('track response (no piece-shipment-list)');
  const code = xmlAttr(root, 'code') ?? '0';
  const requestId = xmlAttr(root, 'request-id');
  const detail = `dhl_parcel_de tracking code ${code}${requestId ? `; request-id ${requestId}` : ''}`;
  if (code !== '0') {
    const said = xmlAttr(root, 'error') ?? `tracking code ${code}`;
    // 100 "No data found": none of the numbers is known.
    if (code === '100')
      return numbers.map(
        (n) => new ApiError('carrier_no_shipment_found', `dhl_parcel_de has no shipment ${n} (${said})`, detail),
      );
    // The portal user inside the document was refused: the account's credentials, not the request.
    if (LOGIN_REFUSED.test(said) || code === '9') throw new ApiError('carrier_authentication', said, detail);
    throw new ApiError('carrier_exception', said, detail);
  }
  const shipments = children(root, 'piece-shipment');
  return numbers.map((n) => {
    // DHL answers the 20-digit piece code and the 18-digit number within it alike.
    const found = shipments.find((s) => numbersOf(s).some((m) => m === n || m.endsWith(n) || n.endsWith(m)));
    if (!found || (xmlAttr(found, 'error-status') ?? '0') !== '0') return notFound(n, detail);
    return resultOf(found, n);
  });
}

export function parseTrackResponse(body: string, trackingNumber: string): TrackingResult {
  const [result] = parseTrackManyResponse(body, [trackingNumber]);
  if (!result) throw unexpectedBody('track response');
  if (result instanceof ApiError) throw result;
  return result;
}
