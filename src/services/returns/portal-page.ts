/**
 * The portal's page (GET /portal/{token}): the order's lines with what is left to return, the
 * merchant, and the return methods the customer can complete, with their nearest drop-off places.
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import type { PortalMethod, PortalPage, PortalReturnSummary } from '../../contract/portal.js';
import type { ReturnLine } from '../../contract/returns.js';
import type { Log } from '../../foundations/logger.js';
import * as repo from '../../storage/repositories/portal-links.js';
import * as methodsRepo from '../../storage/repositories/return-methods.js';
import { accountFacts, portalCurrency } from './portal-accounts.js';
import type { LinkData, PortalDeps, PortalState } from './portal-deps.js';
import { openLink } from './portal-link.js';

/** Drop-off places shown per method: the nearest few are what a person chooses from. */
const OPTIONS_SHOWN = 5;
/** A portal reopened within this time reuses its drop-off search instead of asking the carrier again. */
export const OPTIONS_CACHE_MS = 10 * 60_000;
const PICKUP_DAYS = 5;

type ThroughRow = Awaited<ReturnType<typeof repo.returnsThrough<ReturnLine>>>[number];

/** The next weekdays after today (UTC), the days a carrier usually collects. */
export function pickupDates(now: Date, count = PICKUP_DAYS): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  while (out.length < count) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** The link's methods the customer can complete. */
export async function usableMethods(
  deps: PortalDeps,
  tenant: string,
  data: LinkData,
): Promise<methodsRepo.ReturnMethodRow[]> {
  const { db } = deps;
  const all = await methodsRepo.listMethods(db, tenant);
  const allowed = data.return_methods ? all.filter((m) => data.return_methods!.includes(m.id)) : all;
  const facts = await accountFacts(
    db,
    tenant,
    allowed.map((m) => m.shipping_account_id),
  );
  // Every return needs a place to go (the method's destination, else its account's billing
  // address), and a pickup a phone to call.
  return allowed.filter(
    (m) =>
      (m.destination !== null || facts.get(m.shipping_account_id)?.billed) &&
      (m.type !== 'pickup' || Boolean(data.customer.phone)),
  );
}

async function methodsFor(
  deps: PortalState,
  row: repo.PortalLinkRecord,
  data: LinkData,
  log: Log,
): Promise<PortalMethod[]> {
  const { clock, optionsCache } = deps;
  const cached = optionsCache.get(row.id, clock.now().getTime());
  if (cached) return cached;
  const rows = await usableMethods(deps, row.tenant, data);
  const c = data.customer;
  const near =
    rows.some((m) => m.type === 'drop_off') && c.postal_code
      ? await deps.returnMethods.list(
          row.tenant,
          { country: c.country, postal_code: c.postal_code, ...(c.city ? { city: c.city } : {}) },
          { log, baseUrl: '' },
        )
      : [];
  const found = new Map(near.map((v) => [v.id, v]));
  const dates = pickupDates(clock.now());
  const out = rows.map((m): PortalMethod => {
    const v = found.get(m.id);
    const options = v?.options
      ? [...v.options].sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity)).slice(0, OPTIONS_SHOWN)
      : undefined;
    return {
      id: m.id,
      method_name: m.method_name,
      carrier: m.carrier,
      carrier_name: deps.declarations[m.carrier as CarrierSlug]?.name ?? m.carrier,
      carrier_logo: `/logos/${m.carrier}.svg`,
      type: m.type,
      customer_charge: m.customer_charge,
      ...(options ? { options } : {}),
      ...(v?.options_error ? { options_error: v.options_error } : {}),
      ...(m.type === 'pickup' ? { pickup_dates: dates } : {}),
    };
  });
  // A failed search is not kept: the next view asks again.
  if (!out.some((m) => m.options_error)) optionsCache.set(row.id, out, clock.now().getTime());
  return out;
}

export function returnedByLine(through: ThroughRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of through) {
    if (r.status === 'SHIPMENT_VOIDED') continue;
    for (const l of r.return_lines)
      if (l.line_id !== undefined) out.set(l.line_id, (out.get(l.line_id) ?? 0) + l.quantity);
  }
  return out;
}

export function portalSummary(deps: PortalDeps, tenant: string, r: ThroughRow): PortalReturnSummary {
  const { links } = deps;
  return {
    id: r.id,
    created: r.created_at.slice(0, 19),
    tracking_number: r.tracking_number,
    status: r.status,
    method_name: r.method.method_name,
    // A path: the page is served by this service, whatever host name the customer used.
    label_url: links.labelUrl('', tenant, r.label_id),
    lines: r.return_lines.map((l) => ({
      line_id: l.line_id ?? '',
      product_name: l.product_name,
      quantity: l.quantity,
    })),
    ...(r.pickup_date !== null ? { pickup_date: r.pickup_date } : {}),
  };
}

export async function portalPage(deps: PortalState, token: string, log: Log): Promise<PortalPage> {
  const { db } = deps;
  const { row, data } = await openLink(deps, token);
  const through = await repo.returnsThrough<ReturnLine>(db, row.tenant, row.id);
  const returned = returnedByLine(through);
  const merchant = await deps.branding.merchant(row.tenant);
  return {
    ...(merchant ? { merchant } : {}),
    order_id: row.order_id,
    expires: row.expires_at,
    currency: portalCurrency(
      data.currency,
      (
        await accountFacts(
          db,
          row.tenant,
          (await usableMethods(deps, row.tenant, data)).map((m) => m.shipping_account_id),
        )
      ).values(),
    ),
    lines: data.lines.map((l) => {
      const done = returned.get(l.line_id) ?? 0;
      return {
        line_id: l.line_id,
        product_name: l.product_name,
        sku: l.sku,
        quantity: l.quantity,
        returned: done,
        returnable: Math.max(0, l.quantity - done),
      };
    }),
    reasons: data.reasons,
    return_methods: await methodsFor(deps, row, data, log),
    returns: through.map((r) => portalSummary(deps, row.tenant, r)),
  };
}
