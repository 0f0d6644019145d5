/**
 * A portal link: the merchant makes one for an order (POST /returns/portal-links); the link carries
 * its id, expiry and signature only, and its data stays in the database.
 */
import type { PortalLinkInput } from '../../contract/portal.js';
import { parseDuration } from '../../foundations/duration.js';
import { ApiError } from '../../domain/errors.js';
import type { AuditContext } from '../../domain/audit.js';
import { newId } from '../../storage/ids.js';
import { getAccount } from '../../storage/repositories/accounts.js';
import * as repo from '../../storage/repositories/portal-links.js';
import * as methodsRepo from '../../storage/repositories/return-methods.js';
import { recordAudit } from '../audit/index.js';
import type { LinkData, PortalDeps } from './portal-deps.js';

export const DEFAULT_REASONS = [
  'Too small',
  'Too large',
  'Not as described',
  'Damaged or defective',
  'Arrived too late',
  'No longer needed',
  'Other',
];
const MAX_LINK_MS = 90 * 86_400_000;

/**
 * The customer's parcel is weighed in the link's units, else its account's: a link none of whose
 * sources says which would fail at the customer's last step, so the merchant hears it now.
 */
async function requireWeightUnits(deps: PortalDeps, tenant: string, methodIds: string[] | undefined): Promise<void> {
  const { db } = deps;
  const methods = methodIds
    ? await Promise.all(methodIds.map((id) => methodsRepo.getMethod(db, tenant, id)))
    : await methodsRepo.listMethods(db, tenant);
  for (const m of methods) {
    if (!m) continue;
    let account = await getAccount<{ weight_units?: string }>(db, tenant, m.shipping_account_id);
    let units = account?.defaults.weight_units;
    // A sub-account without its own default uses its parent's.
    if (!units && account?.parent_id) {
      account = await getAccount<{ weight_units?: string }>(db, tenant, account.parent_id);
      units = account?.defaults.weight_units;
    }
    if (!units) {
      throw new ApiError(
        'schema_field_required',
        `portal_link.weight_units is required: return method ${m.id} books from shipping account ${m.shipping_account_id}, which has no defaults.weight_units (KG or LB)`,
        'portal_link.weight_units',
      );
    }
  }
}

export async function createPortalLink(
  deps: PortalDeps,
  tenant: string,
  input: PortalLinkInput,
  baseUrl: string,
  by: AuditContext,
): Promise<{ id: string; url: string; expires: string }> {
  const { db, links, clock } = deps;
  const ttl = parseDuration(input.expires_in ?? '7d');
  if (ttl === undefined || ttl > MAX_LINK_MS)
    throw new ApiError(
      'schema_validation_error',
      'portal_link.expires_in must be a duration of at most 90d, such as 7d or 48h',
      'portal_link.expires_in',
    );
  const ids = new Set<string>();
  for (const [i, l] of input.lines.entries()) {
    if (ids.has(l.line_id))
      throw new ApiError(
        'schema_validation_error',
        `portal_link.lines[${i}].line_id "${l.line_id}" appears twice; each line needs its own id`,
        `portal_link.lines[${i}].line_id`,
      );
    ids.add(l.line_id);
  }
  if (input.return_methods) {
    for (const [i, id] of input.return_methods.entries()) {
      if (!(await methodsRepo.getMethod(db, tenant, id)))
        throw new ApiError('not_found', `return method ${id} was not found`, `portal_link.return_methods[${i}]`);
    }
  } else if ((await methodsRepo.listMethods(db, tenant)).length === 0) {
    throw new ApiError(
      'schema_validation_error',
      'this tenant has no return methods: create one with POST /returns/methods first',
      'portal_link.return_methods',
    );
  }
  if (!input.weight_units) await requireWeightUnits(deps, tenant, input.return_methods);
  const now = clock.now();
  const expires = new Date(Math.floor((now.getTime() + ttl) / 1000) * 1000);
  const data: LinkData = {
    customer: input.customer,
    lines: input.lines,
    ...(input.return_methods ? { return_methods: input.return_methods } : {}),
    reasons: input.reasons ?? DEFAULT_REASONS,
    ...(input.currency ? { currency: input.currency } : {}),
    ...(input.weight_units ? { weight_units: input.weight_units } : {}),
    ...(input.dim_units ? { dim_units: input.dim_units } : {}),
  };
  const id = newId('pl');
  await db.transaction().execute(async (trx) => {
    await repo.insertLink(trx, {
      id,
      tenant,
      customer_id: input.customer_id,
      order_id: input.order_id,
      data,
      expires_at: expires.toISOString(),
      created_at: now.toISOString(),
    });
    // The link itself is a credential of the customer's: its id and expiry are recorded, never the URL.
    await recordAudit(trx, by, {
      action: 'portal_link.created',
      resource: { id },
      changes: { customer_id: input.customer_id, order_id: input.order_id, expires: expires.toISOString() },
      at: now,
    });
  });
  return { id, url: links.portalUrl(baseUrl, tenant, id, expires), expires: expires.toISOString() };
}

export async function openLink(
  deps: PortalDeps,
  token: string,
): Promise<{ row: repo.PortalLinkRecord<LinkData>; data: LinkData }> {
  const { db, links } = deps;
  const t = links.parseToken('portal', token);
  const row = await repo.getLinkById<LinkData>(db, t.id);
  if (!row) throw links.notFound('portal');
  links.verify('portal', row.tenant, row.id, t);
  return { row, data: row.data };
}

/** The link's tenant and id, for the route to scope the submission's Idempotency-Key before it runs. */
export async function portalLinkOf(deps: PortalDeps, token: string): Promise<{ tenant: string; id: string }> {
  const { row } = await openLink(deps, token);
  return { tenant: row.tenant, id: row.id };
}
