/**
 * Pickups: the availability of on-demand pickups at a postal code, `GET
 * /ad/pickup/pickupavailability/{postal}` (pickup.xsd `pickup-availability`; fixture
 * pickup_PickupAvailabilityResponseXML), an on-demand pickup request, `POST
 * /enab/{customer}/pickuprequest` (pickuprequest.xsd `pickup-request-details`; fixtures
 * pickup_PickupRequestXML, pickup_PickupResponseXML, pickup_PickupDetailseResponseXML), and its
 * cancellation, `DELETE /enab/{customer}/pickuprequest/{request-id}`.
 *
 * The availability answer names no dates, only whether the postal code has on-demand pickups and
 * the day's cut-off: the dates are the working days of the asked range from the service clock's
 * day in Eastern time (today only before the cut-off), README "Decisions".
 */
import type {
  CancelResult,
  PickupAvailabilityRequest,
  PickupConfirmation,
  PickupRequest,
  PickupSlot,
} from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { fillPath } from '../shared/endpoint.js';
import { toHhMm } from '../shared/time.js';
import { parseXml, xmlElement, xmlRoot, xmlText, type XmlObject } from '../shared/xml.js';
import { ENDPOINTS, NAMESPACES } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { kg, postalCode } from './mapping.js';
import { easternOffset } from './track.js';
import type { CpcPickupRequest } from './wire.js';

/** Canada Post's on-demand pickups run in business hours; its answer names only the cut-off. */
const EARLIEST = '09:00';
/** A parcel over this many kg is a heavy item to the driver (Canada Post's 23 kg handling limit). */
const HEAVY_KG = 23;
const DAY_MS = 86_400_000;

function canadianPostal(location: { country: string; postal_code?: string | undefined }, field: string): string {
  if (location.country.toUpperCase() !== 'CA')
    throw new ApiError('schema_validation_error', 'canadapost picks up in Canada only', `${field}.country`);
  const postal = postalCode(location.postal_code, 'CA');
  if (!/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(postal))
    throw new ApiError(
      'schema_validation_error',
      `canadapost needs a Canadian postal code such as K1A 0B1, not "${location.postal_code ?? ''}"`,
      `${field}.postal_code`,
    );
  return postal;
}

export function buildPickupAvailabilityRequest(req: PickupAvailabilityRequest): { path: string } {
  return {
    path: fillPath(ENDPOINTS.pickupAvailability.path, {
      postal: canadianPostal(req.location, 'pickup_availability.location'),
    }),
  };
}

/** Date and HH:MM in Eastern time, where Canada Post counts its days (daylight time included). */
export function easternNow(now: Date): { date: string; time: string } {
  const offset = easternOffset(new Date(now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10));
  const hours = Number(offset.slice(1, 3)) * (offset.startsWith('-') ? -1 : 1);
  const local = new Date(now.getTime() + hours * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * `pickup-availability` → slots: every Monday to Friday of the range from today on, 09:00 to the
 * on-demand cut-off; none where the postal code has no on-demand tour.
 */
export function parsePickupAvailabilityResponse(
  xml: string,
  range: { start_date: string; end_date: string },
  now: Date,
): PickupSlot[] {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'pickup-availability');
  if (!root) throw unexpectedBody('pickup availability response (no pickup-availability)');
  if (xmlText(root['on-demand-tour']) !== 'true') return [];
  const cutoff = toHhMm(xmlText(root['on-demand-cutoff']) ?? '');
  if (!cutoff) throw unexpectedBody('pickup availability response (no on-demand-cutoff)');
  const today = easternNow(now);
  const slots: PickupSlot[] = [];
  const first = range.start_date > today.date ? range.start_date : today.date;
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${range.end_date}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6 || (date === today.date && today.time >= cutoff)) continue;
    slots.push({ date, earliest: EARLIEST, latest: cutoff });
  }
  return slots;
}

export function buildPickupRequest(req: PickupRequest, fallbackEmail: string | undefined): CpcPickupRequest {
  const l = req.location;
  const postal = canadianPostal(l, 'pickup.location');
  const email = l.email ?? fallbackEmail;
  if (!email)
    throw new ApiError(
      'schema_validation_error',
      'canadapost needs an e-mail address for a pickup: pickup.location.email (or the account’s auth.email)',
      'pickup.location.email',
    );
  if (!l.phone)
    throw new ApiError(
      'schema_validation_error',
      'canadapost needs a phone number for a pickup',
      'pickup.location.phone',
    );
  const times = {
    date: req.time.date,
    'preferred-time': toHhMm(req.time.ready_time) ?? req.time.ready_time,
    'closing-time': toHhMm(req.time.close_time) ?? req.time.close_time,
  };
  const packages = req.shipments.flatMap((s) => s.packages);
  const count = packages.reduce((n, p) => n + (p.quantity ?? 1), 0);
  const heavy = packages.some((p) => Number(kg(p.weight, req.weight_units)) > HEAVY_KG);
  const instructions = [l.location_type, req.description]
    .filter((v): v is string => v !== undefined && v !== '')
    .join('; ');
  return {
    '@_xmlns': NAMESPACES.pickuprequest,
    'pickup-type': 'OnDemand',
    'pickup-location': {
      'business-address-flag': 'false',
      'alternate-address': {
        company: (l.company ?? l.name ?? '').slice(0, 35),
        'address-line-1': (l.street1 ?? '').slice(0, 35),
        city: (l.city ?? '').slice(0, 35),
        province: (l.state ?? '').toUpperCase(),
        'postal-code': postal,
      },
    },
    'contact-info': {
      'contact-name': (l.name ?? l.company ?? '').slice(0, 45),
      email,
      'contact-phone': l.phone,
      'receive-email-updates-flag': 'true',
    },
    'location-details': { 'pickup-instructions': (instructions || 'Front door').slice(0, 132) },
    ...(heavy ? { 'items-characteristics': { 'heavy-item-flag': 'true' as const } } : {}),
    'pickup-volume': String(Math.max(1, count)),
    'pickup-times': { 'on-demand-pickup-time': times },
  };
}

/** The header of a pickup request's answer or its details (also inside a wrapper element). */
function pickupOf(doc: XmlObject | undefined): XmlObject | undefined {
  const root = xmlRoot(doc, 'pickup-request-info') ?? xmlRoot(doc, 'pickup-request-detailed-info');
  if (root) return root;
  const wrapper = xmlElement(doc ? Object.values(doc)[0] : undefined);
  return xmlElement(wrapper?.['pickup-request-info']) ?? xmlElement(wrapper?.['pickup-request-detailed-info']);
}

/**
 * `pickup-request-info` (or `pickup-request-detailed-info`) → the confirmation: the request id, and
 * the date and times the details carry, else the request's.
 */
export function parsePickupResponse(xml: string, req?: PickupRequest): PickupConfirmation {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = pickupOf(doc);
  const id = xmlText(xmlElement(root?.['pickup-request-header'])?.['request-id']);
  if (!root || !id) throw unexpectedBody('pickup request response (no request-id)');
  const times = xmlElement(
    xmlElement(xmlElement(root['pickup-request-details'])?.['pickup-times'])?.['on-demand-pickup-time'],
  );
  const date = xmlText(times?.date) ?? req?.time.date;
  const ready = xmlText(times?.['preferred-time']) ?? req?.time.ready_time;
  const close = xmlText(times?.['closing-time']) ?? req?.time.close_time;
  return {
    confirmation_number: id,
    currency: 'CAD',
    ...(date ? { pickup_date: date } : {}),
    ...(ready ? { ready_time: ready } : {}),
    ...(close ? { close_time: close } : {}),
  };
}

export function buildPickupCancelRequest(customer: string, requestId: string): { path: string } {
  return { path: fillPath(ENDPOINTS.pickupCancel.path, { customer, id: requestId }, 'confirmation_number') };
}

/** The cancellation answers 204 (or 200) without a body. */
export function parsePickupCancelResponse(status: number, requestId: string): CancelResult {
  if (status !== 204 && status !== 200) throw unexpectedBody(`pickup cancel response (HTTP ${status})`);
  return { message: `canadapost cancelled pickup request ${requestId}` };
}
