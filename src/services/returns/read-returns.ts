/** GET /returns and GET /returns/{id}: reading and listing call no carrier. */
import { ApiError } from '../../domain/errors.js';
import type { ReturnLine, ReturnView } from '../../contract/returns.js';
import * as repo from '../../storage/repositories/returns.js';
import { countReturns, listReturns as listRows } from '../../storage/repositories/return-list.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { listQuery, type ListQuery } from './filters.js';
import type { ReturnsDeps } from './returns-deps.js';
import { returnView } from './view.js';

export async function findReturn(deps: ReturnsDeps, tenant: string, id: string): Promise<repo.ReturnRow<ReturnLine>> {
  const { db } = deps;
  const row = await repo.getReturn<ReturnLine>(db, tenant, id);
  if (!row) throw new ApiError('not_found', `return ${id} was not found`, id);
  return row;
}

export async function readReturn(deps: ReturnsDeps, tenant: string, id: string, baseUrl: string): Promise<ReturnView> {
  const { db } = deps;
  const row = await findReturn(deps, tenant, id);
  // A voided return's label is not handed out: GET /labels/{id} answers 410 label_voided for it.
  const label = row.status === 'SHIPMENT_VOIDED' ? undefined : await shipments.getLabel(db, tenant, row.label_id);
  return returnView(row, baseUrl, label?.data);
}

export async function listReturns(
  deps: ReturnsDeps,
  tenant: string,
  query: ListQuery,
  baseUrl: string,
): Promise<{ items: ReturnView[]; total: number }> {
  const { db } = deps;
  const { filter, page } = listQuery(query);
  const [rows, total] = await Promise.all([listRows(db, tenant, filter, page), countReturns(db, tenant, filter)]);
  return { items: rows.map((r) => returnView(r, baseUrl)), total };
}
