/**
 * Return methods: how a tenant lets customers send goods back (a carrier account and service, drop
 * off or pickup, what it costs). Listing with the customer's address adds each drop-off method's
 * `options`: the carrier's drop-off locations near it, one location search per account, all accounts
 * in parallel; one carrier failing leaves the others' options in place.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { Address, DropoffLocation } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { ReturnMethodInput, ReturnMethodPatch, ReturnMethodView } from '../../contract/returns.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/return-methods.js';
import type { ReturnMethodCopy } from '../../storage/repositories/returns.js';
import type { CarrierCalls } from '../kernel/index.js';
import { checkMethod, type MethodToCheck } from './method-check.js';
import type { AuditContext } from '../../domain/audit.js';
import { inTransaction, recordAudit } from '../audit/index.js';

export interface ReturnMethodsDeps {
  db: Db;
  calls: CarrierCalls;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  clock: Clock;
}

type Option = NonNullable<ReturnMethodView['options']>[number];

/** The neutral mark this service serves for a carrier (GET /logos/{slug}.svg): never a brand. */
export function carrierLogoUrl(baseUrl: string, carrier: string): string {
  return `${baseUrl}/logos/${carrier}.svg`;
}

/** The method as a return keeps it (spec "Return method"), without the logo URL, which depends on the host. */
export function methodSummary(row: repo.ReturnMethodRow, decl: CarrierDeclaration): ReturnMethodCopy {
  return {
    id: row.id,
    carrier: row.carrier,
    carrier_name: decl.name,
    method_name: row.method_name,
    type: row.type,
    cost: { carrier_charge: row.carrier_charge, customer_charge: row.customer_charge },
    return_charge: row.return_charge,
  };
}

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

export function createReturnMethodsService(deps: ReturnMethodsDeps) {
  const { db, calls, declarations, clock } = deps;

  function view(row: repo.ReturnMethodRow, baseUrl: string): ReturnMethodView {
    const summary = methodSummary(row, declarations[row.carrier as CarrierSlug]);
    return {
      ...summary,
      carrier_logo: carrierLogoUrl(baseUrl, row.carrier),
      shipping_account: row.shipping_account_id,
      service: row.service,
      ...(row.packaging !== null ? { packaging: row.packaging } : {}),
      ...(row.label_type !== null ? { label_type: row.label_type } : {}),
      ...(row.destination !== null ? { destination: row.destination } : {}),
      created: row.created_at,
    };
  }

  const check = (tenant: string, accountId: string, m: MethodToCheck, log: Log) =>
    checkMethod(deps, tenant, accountId, m, log);

  /** The method's own fields as the audit log keeps them. */
  const audited = (r: repo.ReturnMethodRow) => ({
    shipping_account: r.shipping_account_id,
    method_name: r.method_name,
    type: r.type,
    service: r.service,
    customer_charge: r.customer_charge,
    return_charge: r.return_charge,
  });

  async function create(
    tenant: string,
    input: ReturnMethodInput,
    opts: { log: Log; baseUrl: string; by?: AuditContext },
  ): Promise<ReturnMethodView> {
    const account = await check(tenant, input.shipping_account, input, opts.log);
    const now = clock.now().toISOString();
    const row: repo.ReturnMethodRow = {
      id: newId('rm'),
      tenant,
      shipping_account_id: account.id,
      carrier: account.carrier,
      method_name: input.method_name,
      type: input.type,
      service: input.service,
      packaging: input.packaging ?? null,
      label_type: input.label_type ?? null,
      carrier_charge: input.cost.carrier_charge,
      customer_charge: input.cost.customer_charge,
      return_charge: input.return_charge,
      destination: input.destination ?? null,
      created_at: now,
      updated_at: now,
    };
    await inTransaction(db, async (trx) => {
      await repo.insertMethod(trx, row);
      if (opts.by)
        await recordAudit(trx, opts.by, {
          action: 'return_method.created',
          resource: { id: row.id },
          changes: audited(row),
          at: clock.now(),
        });
    });
    return view(row, opts.baseUrl);
  }

  async function get(tenant: string, id: string): Promise<repo.ReturnMethodRow> {
    const row = await repo.getMethod(db, tenant, id);
    if (!row) throw new ApiError('not_found', `return method ${id} was not found`, id);
    return row;
  }

  async function read(tenant: string, id: string, baseUrl: string): Promise<ReturnMethodView> {
    return view(await get(tenant, id), baseUrl);
  }

  async function update(
    tenant: string,
    id: string,
    patch: ReturnMethodPatch,
    opts: { log: Log; baseUrl: string; by?: AuditContext },
  ): Promise<ReturnMethodView> {
    const current = await get(tenant, id);
    const next: repo.ReturnMethodRow = {
      ...current,
      ...(patch.method_name !== undefined ? { method_name: patch.method_name } : {}),
      ...(patch.type !== undefined ? { type: patch.type } : {}),
      ...(patch.service !== undefined ? { service: patch.service } : {}),
      ...(patch.packaging !== undefined ? { packaging: patch.packaging } : {}),
      ...(patch.label_type !== undefined ? { label_type: patch.label_type } : {}),
      ...(patch.cost !== undefined
        ? { carrier_charge: patch.cost.carrier_charge, customer_charge: patch.cost.customer_charge }
        : {}),
      ...(patch.return_charge !== undefined ? { return_charge: patch.return_charge } : {}),
      ...(patch.destination !== undefined ? { destination: patch.destination } : {}),
      updated_at: clock.now().toISOString(),
    };
    await check(tenant, current.shipping_account_id, next, opts.log);
    const { id: _id, tenant: _tenant, created_at: _created, ...changes } = next;
    await inTransaction(db, async (trx) => {
      if (!(await repo.updateMethod(trx, tenant, id, changes)))
        throw new ApiError('not_found', `return method ${id} was not found`, id);
      if (opts.by)
        await recordAudit(trx, opts.by, {
          action: 'return_method.updated',
          resource: { id },
          changes: audited(next),
          at: clock.now(),
        });
    });
    return view(next, opts.baseUrl);
  }

  /** Returns made with the method keep their copy of it and still read. */
  async function remove(tenant: string, id: string, by?: AuditContext): Promise<void> {
    await inTransaction(db, async (trx) => {
      if (!(await repo.deleteMethod(trx, tenant, id)))
        throw new ApiError('not_found', `return method ${id} was not found`, id);
      if (by) await recordAudit(trx, by, { action: 'return_method.deleted', resource: { id }, at: clock.now() });
    });
  }

  /** Drop-off locations near the customer for one account; a failure is that account's alone. */
  async function searchNear(
    tenant: string,
    accountId: string,
    near: { country: string; postal_code: string; city?: string },
    log: Log,
  ): Promise<Option[] | ApiError> {
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

  async function list(
    tenant: string,
    query: { country?: string; postal_code?: string; city?: string },
    opts: { log: Log; baseUrl: string },
  ): Promise<ReturnMethodView[]> {
    const rows = await repo.listMethods(db, tenant);
    const views = rows.map((r) => view(r, opts.baseUrl));
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
      await Promise.all(accounts.map(async (a) => [a, await searchNear(tenant, a, near, opts.log)] as const)),
    );
    return views.map((v) => {
      if (v.type !== 'drop_off') return v;
      const options = found.get(v.shipping_account) ?? [];
      if (options instanceof ApiError) return { ...v, options: [], options_error: options.toBody().error };
      return { ...v, options };
    });
  }

  return { create, read, update, remove, list, get };
}

export type ReturnMethodsService = ReturnType<typeof createReturnMethodsService>;
