/**
 * GET /return-methods: the tenant's methods; with the customer's address, each drop-off method's
 * `options` too: the carrier's drop-off locations near it, one location search per account, all
 * accounts in parallel; one carrier failing leaves the others' options in place.
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import type { DropoffLocation } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { ReturnMethodView } from '../../contract/returns.js';
import type { Log } from '../../foundations/logger.js';
import * as repo from '../../storage/repositories/return-methods.js';
import type { ReturnMethodsDeps } from './method-deps.js';
import { methodView } from './method-view.js';

type Option = NonNullable<ReturnMethodView['options']>[number];

function toOption(l: DropoffLocation): Option {
  return {
    id: l.location_id,
    location_id: l.location_id,
    location_name: l.location_name,
    street1: l.street1,
    city: l.city,
    ...(l.state !== undefined ? { state: l.state } : {}),
    ...(l.postal_code !== undefined ? { postal_code: l.postal_code } : {}),
    country: l.country,
    // The spec's option carries coordinates as strings.
    ...(l.lat !== undefined ? { lat: String(l.lat) } : {}),
    ...(l.lng !== undefined ? { lng: String(l.lng) } : {}),
    ...(l.distance !== undefined ? { distance: l.distance } : {}),
    ...(l.distance_units !== undefined ? { distance_units: l.distance_units } : {}),
    operational_hours: l.operational_hours,
  };
}

/** Drop-off locations near the customer for one account; a failure is that account's alone. */
async function searchNear(
  deps: ReturnMethodsDeps,
  tenant: string,
  accountId: string,
  near: { country: string; postal_code: string; city?: string },
  log: Log,
): Promise<Option[] | ApiError> {
  const { calls } = deps;
  try {
    const { call, run } = await calls.prepare<'locations'>(tenant, { shipping_account: accountId }, 'dopu', log);
    return (await run(call, { location: near })).map(toOption);
  } catch (err) {
    const e = toApiError(err);
    if (e.code === 'unexpected_exception')
      log.error({ err, shipping_account: accountId }, 'drop-off search for return options failed');
    return e;
  }
}

export async function listMethods(
  deps: ReturnMethodsDeps,
  tenant: string,
  query: { country?: string; postal_code?: string; city?: string },
  opts: { log: Log; baseUrl: string },
): Promise<ReturnMethodView[]> {
  const { db, declarations } = deps;
  const rows = await repo.listMethods(db, tenant);
  const views = rows.map((r) => methodView(declarations, r, opts.baseUrl));
  if (query.country === undefined && query.postal_code === undefined) return views;
  if (query.country === undefined)
    throw new ApiError('schema_field_required', 'country is required with postal_code', 'country');
  if (query.postal_code === undefined)
    throw new ApiError('schema_field_required', 'postal_code is required with country', 'postal_code');
  const near = {
    country: query.country,
    postal_code: query.postal_code,
    ...(query.city !== undefined ? { city: query.city } : {}),
  };
  // One location search per account, however many methods share it. A carrier without a location
  // search (retail counters only) has no options to list, which is not a failure.
  const searchable = rows.filter(
    (r) => r.type === 'drop_off' && declarations[r.carrier as CarrierSlug].operations.includes('dopu'),
  );
  const accounts = [...new Set(searchable.map((r) => r.shipping_account_id))];
  const found = new Map<string, Option[] | ApiError>(
    await Promise.all(accounts.map(async (a) => [a, await searchNear(deps, tenant, a, near, opts.log)] as const)),
  );
  return views.map((v) => {
    if (v.type !== 'drop_off') return v;
    const options = found.get(v.shipping_account) ?? [];
    if (options instanceof ApiError) return { ...v, options: [], options_error: options.toBody().error };
    return { ...v, options };
  });
}
