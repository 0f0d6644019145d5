/**
 * End of day: Shipping API v2 `POST /manifests` closes the named parcels out (ShipmentManifestingRequest,
 * at most 30 a call; each item of the 207 answer says whether its parcel was closed), then
 * `GET /manifests?date=…` fetches the day's manifest, a PDF listing the account's closed parcels.
 * Closing moves a parcel to the day it is closed on, so the document fetched is today's in Germany
 * (by the service's clock), whatever day the parcels were booked for.
 */
import { decodeBase64 } from '../../documents/index.js';
import { ApiError } from '../../domain/errors.js';
import type { ManifestRequest, ManifestResult } from '../../domain/types.js';
import { dig, numeric, obj, objects, text } from '../shared/json.js';
import { localToday } from '../shared/time.js';
import { errorDetail, unexpectedBody } from './errors.js';
import { PROFILE } from './ship.js';
import type { DhlManifestRequest } from './wire.js';

/** The API closes at most 30 parcels a call. */
export const MANIFEST_BATCH = 30;

/** One body per 30 parcels. */
export function buildManifestRequest(req: ManifestRequest): DhlManifestRequest[] {
  const numbers = [...new Set(req.tracking_numbers)];
  if (numbers.length === 0)
    throw new ApiError(
      'schema_field_required',
      'dhl_parcel_de closes out the parcels named in tracking_numbers',
      'manifest.tracking_numbers',
    );
  const bodies: DhlManifestRequest[] = [];
  for (let i = 0; i < numbers.length; i += MANIFEST_BATCH)
    bodies.push({ profile: PROFILE, shipmentNumbers: numbers.slice(i, i + MANIFEST_BATCH) });
  return bodies;
}

/** The query of the manifest document's GET: Germany's date today. */
export function buildManifestDocumentQuery(now: Date): [name: 'date' | 'includeDocs', value: string][] {
  return [
    ['date', localToday(now, { country: 'DE' })],
    ['includeDocs', 'include'],
  ];
}

/** Whether an item's parcel is closed: closed now (200), or closed before, which DHL answers as a warning. */
function closed(item: Record<string, unknown>): boolean {
  const sstatus = obj(item.sstatus);
  const status = numeric(sstatus?.statusCode) ?? numeric(sstatus?.status);
  return status === undefined || status < 400;
}

/** MultipleManifestResponse → the numbers closed, and the refusals (number and DHL's words). */
export function parseManifestResponse(body: unknown): {
  closed: string[];
  refused: { number: string; message: string }[];
} {
  const items = objects(dig(body, 'items'));
  if (items.length === 0) throw unexpectedBody('manifest response (no items)');
  const out = { closed: [] as string[], refused: [] as { number: string; message: string }[] };
  for (const item of items) {
    const number = text(item.shipmentNo) ?? (typeof item.shipmentNo === 'number' ? String(item.shipmentNo) : undefined);
    if (!number) continue;
    if (closed(item)) out.closed.push(number);
    else
      out.refused.push({
        number,
        message: text(dig(item, 'sstatus', 'detail')) ?? text(dig(item, 'sstatus', 'title')) ?? 'refused',
      });
  }
  return out;
}

/** The closing answers and the day's document → ManifestResult; nothing closed is DHL's refusal. */
export function parseManifestDocumentResponse(
  body: unknown,
  closings: ReturnType<typeof parseManifestResponse>[],
): ManifestResult {
  const closedNumbers = closings.flatMap((c) => c.closed);
  const refused = closings.flatMap((c) => c.refused);
  if (closedNumbers.length === 0) {
    const words = refused.map((r) => `${r.number}: ${r.message}`).join('; ');
    throw new ApiError(
      'carrier_exception',
      words || 'dhl_parcel_de closed none of the parcels',
      errorDetail(
        undefined,
        'manifest',
        refused.map((r) => `refused ${r.number}`),
      ),
    );
  }
  const manifest = dig(body, 'manifest');
  const doc = obj(Array.isArray(manifest) ? manifest[0] : manifest);
  const b64 = text(doc?.b64);
  const bytes = b64 === undefined ? undefined : decodeBase64(b64);
  if (!bytes || Buffer.from(bytes).subarray(0, 5).toString() !== '%PDF-')
    throw unexpectedBody('manifest document response (no PDF in manifest.b64)');
  return { tracking_numbers: closedNumbers, document: bytes };
}
