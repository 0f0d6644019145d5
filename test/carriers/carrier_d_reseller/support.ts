/** Helpers shared by the carrier_d_reseller mapping suites. */
import { ApiError } from '../../../src/domain/errors.js';
import { buildXml, parseXml } from '../../../src/carriers/shared/xml.js';
import type { ShipmentRequest } from '../../../src/carriers/carrier_d_reseller/fields.js';
import { readFixtureText } from '../../support/fixtures.js';

/** A recorded sample (read in place, never copied). */
export function sample(file: string): string {
  return readFixtureText('carrier_d_reseller', `samples/${file}`);
}

/** The ApiError `fn` throws (sync or async); fails when it throws anything else or nothing. */
export async function apiErrorOf(fn: () => unknown): Promise<ApiError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw new Error(`expected an ApiError, got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

export const creds = { requesterId: 'lxxx', accountId: '1234567', passPhrase: 'current_password' };

/** Every leaf of a parsed document as `path = value` (attributes as `@name`). */
function leaves(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(path, '');
    for (const [k, v] of entries) leaves(v, k === '#text' ? path : `${path}/${k.replace(/^@_/, '@')}`, out);
  } else out.set(path, String(value ?? ''));
}

/**
 * The differences between a request Waybill builds and a recorded one, as sorted lines:
 * `+path = value` only ours, `-path = value` only recorded, `~path: ours ≠ recorded`.
 * Empty recorded elements (`<ToCompany></ToCompany>`) count as absent.
 */
export function requestDiff(root: string, built: object, recordedXml: string): string[] {
  const ours = new Map<string, string>();
  const theirs = new Map<string, string>();
  leaves(parseXml(buildXml(root, built)), '', ours);
  const recorded = parseXml(recordedXml);
  if (!recorded) throw new Error('recorded request does not parse');
  leaves(recorded, '', theirs);
  const out: string[] = [];
  for (const [k, v] of ours) {
    const r = theirs.get(k);
    if (r === undefined || r === '') out.push(`+${k} = ${v}`);
    else if (r !== v) out.push(`~${k}: ${v} ≠ ${r}`);
  }
  for (const [k, v] of theirs) if (!ours.has(k) && v !== '') out.push(`-${k} = ${v}`);
  return out.sort();
}

export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    shipping_account: 'sa_1',
    sender: { name: 'Endicia', street1: '10B Glenlake Parkway, Suite 300', city: 'Atlanta', state: 'CA', postal_code: '30328', country: 'US' },
    recipient: { name: 'Harry Whitehouse', street1: '247 High Street', city: 'Palo Alto', state: 'CA', postal_code: '94301', country: 'US' },
    packages: [{ weight: 1 }],
    packaging: 'parcel',
    service: 'priority',
    dim_units: 'IN',
    weight_units: 'LB',
    ...overrides,
  };
}
