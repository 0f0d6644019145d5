/** Creating, reading, changing and deleting a return method: each change checked and stored with its audit entry. */
import { ApiError } from '../../domain/errors.js';
import type { ReturnMethodInput, ReturnMethodPatch, ReturnMethodView } from '../../contract/returns.js';
import type { Log } from '../../foundations/logger.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/return-methods.js';
import type { AuditContext } from '../../domain/audit.js';
import { inTransaction, recordAudit } from '../audit/index.js';
import type { ReturnMethodsDeps } from './method-deps.js';
import { checkMethod } from './method-check.js';
import { auditedMethod, methodView } from './method-view.js';

export async function createMethod(
  deps: ReturnMethodsDeps,
  tenant: string,
  input: ReturnMethodInput,
  opts: { log: Log; baseUrl: string; by?: AuditContext },
): Promise<ReturnMethodView> {
  const { db, clock } = deps;
  const account = await checkMethod(deps, tenant, input.shipping_account, input, opts.log);
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
        changes: auditedMethod(row),
        at: clock.now(),
      });
  });
  return methodView(deps.declarations, row, opts.baseUrl);
}

/** The stored method; 404 for another tenant's id. */
export async function findMethod(deps: ReturnMethodsDeps, tenant: string, id: string): Promise<repo.ReturnMethodRow> {
  const { db } = deps;
  const row = await repo.getMethod(db, tenant, id);
  if (!row) throw new ApiError('not_found', `return method ${id} was not found`, id);
  return row;
}

export async function readMethod(
  deps: ReturnMethodsDeps,
  tenant: string,
  id: string,
  baseUrl: string,
): Promise<ReturnMethodView> {
  return methodView(deps.declarations, await findMethod(deps, tenant, id), baseUrl);
}

export async function updateMethod(
  deps: ReturnMethodsDeps,
  tenant: string,
  id: string,
  patch: ReturnMethodPatch,
  opts: { log: Log; baseUrl: string; by?: AuditContext },
): Promise<ReturnMethodView> {
  const { db, clock } = deps;
  const current = await findMethod(deps, tenant, id);
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
  await checkMethod(deps, tenant, current.shipping_account_id, next, opts.log);
  const { id: _id, tenant: _tenant, created_at: _created, ...changes } = next;
  await inTransaction(db, async (trx) => {
    if (!(await repo.updateMethod(trx, tenant, id, changes)))
      throw new ApiError('not_found', `return method ${id} was not found`, id);
    if (opts.by)
      await recordAudit(trx, opts.by, {
        action: 'return_method.updated',
        resource: { id },
        changes: auditedMethod(next),
        at: clock.now(),
      });
  });
  return methodView(deps.declarations, next, opts.baseUrl);
}

/** Returns made with the method keep their copy of it and still read. */
export async function removeMethod(
  deps: ReturnMethodsDeps,
  tenant: string,
  id: string,
  by?: AuditContext,
): Promise<void> {
  const { db, clock } = deps;
  await inTransaction(db, async (trx) => {
    if (!(await repo.deleteMethod(trx, tenant, id)))
      throw new ApiError('not_found', `return method ${id} was not found`, id);
    if (by) await recordAudit(trx, by, { action: 'return_method.deleted', resource: { id }, at: clock.now() });
  });
}
