/**
 * The returns portal: the merchant makes a link for one order (POST /returns/portal-links); the
 * customer opens it, picks lines, reasons and a return method, and the return is created through
 * the returns service, exactly as POST /returns would (same checks, same event, same list). The
 * link's data stays in the database; the link carries its id, expiry and signature only.
 *
 * A link never returns more than was ordered: quantities in returns made through it (voided ones
 * excepted) are deducted, and the submissions of one link run one at a time in this process so two
 * taps cannot both pass the check. Double taps of one submission share an Idempotency-Key (see the
 * route) and create one return.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type {
  PortalLine,
  PortalLinkInput,
  PortalMethod,
  PortalPage,
  PortalReturnInput,
  PortalReturnSummary,
} from '../../contract/portal.js';
import type { ReturnLine } from '../../contract/returns.js';
import type { Address } from '../../domain/types.js';
import { parseDuration } from '../../foundations/duration.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import { getAccount } from '../../storage/repositories/accounts.js';
import * as repo from '../../storage/repositories/portal-links.js';
import * as methodsRepo from '../../storage/repositories/return-methods.js';
import { getReturn } from '../../storage/repositories/returns.js';
import { createTtlCache } from '../../foundations/ttl-cache.js';
import type { ReturnMethodsService } from './methods.js';
import type { ReturnsService } from './returns.js';
import { recordAudit } from '../audit/index.js';
import type { BrandingService } from '../branding/index.js';
import type { SignedLinks } from '../kernel/index.js';
import { toCustomerFailure } from './portal-failure.js';
import { accountFacts, portalCurrency } from './portal-accounts.js';

export interface PortalDeps {
  db: Db;
  links: SignedLinks;
  clock: Clock;
  returns: ReturnsService;
  returnMethods: ReturnMethodsService;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** The merchant's name, colour and logo, shown above the order. */
  branding: Pick<BrandingService, 'merchant'>;
}

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
/** Drop-off places shown per method: the nearest few are what a person chooses from. */
const OPTIONS_SHOWN = 5;
/** A portal reopened within this time reuses its drop-off search instead of asking the carrier again. */
const OPTIONS_CACHE_MS = 10 * 60_000;
const PICKUP_DAYS = 5;
const PICKUP_WINDOW = { ready_time: '09:00', close_time: '17:00' };

interface LinkData {
  customer: Address;
  lines: PortalLine[];
  return_methods?: string[];
  reasons: string[];
  currency?: string;
  weight_units?: string;
  dim_units?: string;
}

type ThroughRow = Awaited<ReturnType<typeof repo.returnsThrough>>[number];

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

export function createPortalService(deps: PortalDeps) {
  const { db, links, clock } = deps;
  const optionsCache = createTtlCache<PortalMethod[]>({ ttlMs: OPTIONS_CACHE_MS, maxEntries: 2_000 });
  const running = new Map<string, Promise<unknown>>();

  /** One submission per link at a time in this process: the over-return check then holds. */
  function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const next = (running.get(key) ?? Promise.resolve()).catch(() => undefined).then(fn);
    running.set(key, next);
    const clear = () => {
      if (running.get(key) === next) running.delete(key);
    };
    next.then(clear, clear);
    return next;
  }

  /**
   * The customer's parcel is weighed in the link's units, else its account's: a link none of whose
   * sources says which would fail at the customer's last step, so the merchant hears it now.
   */
  async function requireWeightUnits(tenant: string, methodIds: string[] | undefined): Promise<void> {
    const methods = methodIds
      ? await Promise.all(methodIds.map((id) => methodsRepo.getMethod(db, tenant, id)))
      : await methodsRepo.listMethods(db, tenant);
    for (const m of methods) {
      if (!m) continue;
      let account = await getAccount(db, tenant, m.shipping_account_id);
      let units = account && (JSON.parse(account.defaults) as { weight_units?: string }).weight_units;
      // A sub-account without its own default uses its parent's.
      if (!units && account?.parent_id) {
        account = await getAccount(db, tenant, account.parent_id);
        units = account && (JSON.parse(account.defaults) as { weight_units?: string }).weight_units;
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

  async function createLink(
    tenant: string,
    input: PortalLinkInput,
    baseUrl: string,
    by: AuditContext,
  ): Promise<{ id: string; url: string; expires: string }> {
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
    if (!input.weight_units) await requireWeightUnits(tenant, input.return_methods);
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
        data: JSON.stringify(data),
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

  async function open(token: string): Promise<{ row: repo.PortalLinkRow; data: LinkData }> {
    const t = links.parseToken('portal', token);
    const row = await repo.getLinkById(db, t.id);
    if (!row) throw links.notFound('portal');
    links.verify('portal', row.tenant, row.id, t);
    return { row, data: JSON.parse(row.data) as LinkData };
  }

  /**
   * The link's methods the customer can complete: a pickup needs a phone to call, every return a
   * place to go (the method's destination, else its account's billing address).
   */
  async function usableMethods(tenant: string, data: LinkData): Promise<methodsRepo.ReturnMethodRow[]> {
    const all = await methodsRepo.listMethods(db, tenant);
    const allowed = data.return_methods ? all.filter((m) => data.return_methods!.includes(m.id)) : all;
    const facts = await accountFacts(
      db,
      tenant,
      allowed.map((m) => m.shipping_account_id),
    );
    return allowed.filter(
      (m) =>
        (m.destination !== null || facts.get(m.shipping_account_id)?.billed) &&
        (m.type !== 'pickup' || Boolean(data.customer.phone)),
    );
  }

  async function methodsFor(row: repo.PortalLinkRow, data: LinkData, log: Log): Promise<PortalMethod[]> {
    const cached = optionsCache.get(row.id, clock.now().getTime());
    if (cached) return cached;
    const rows = await usableMethods(row.tenant, data);
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

  function returnedByLine(through: ThroughRow[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of through) {
      if (r.status === 'SHIPMENT_VOIDED') continue;
      for (const l of JSON.parse(r.return_lines) as ReturnLine[])
        if (l.line_id !== undefined) out.set(l.line_id, (out.get(l.line_id) ?? 0) + l.quantity);
    }
    return out;
  }

  function summary(tenant: string, r: ThroughRow): PortalReturnSummary {
    const method = JSON.parse(r.method) as { method_name: string };
    return {
      id: r.id,
      created: r.created_at.slice(0, 19),
      tracking_number: r.tracking_number,
      status: r.status,
      method_name: method.method_name,
      // A path: the page is served by this service, whatever host name the customer used.
      label_url: links.labelUrl('', tenant, r.label_id),
      lines: (JSON.parse(r.return_lines) as ReturnLine[]).map((l) => ({
        line_id: l.line_id ?? '',
        product_name: l.product_name,
        quantity: l.quantity,
      })),
      ...(r.pickup_date !== null ? { pickup_date: r.pickup_date } : {}),
    };
  }

  async function page(token: string, log: Log): Promise<PortalPage> {
    const { row, data } = await open(token);
    const through = await repo.returnsThrough(db, row.tenant, row.id);
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
            (await usableMethods(row.tenant, data)).map((m) => m.shipping_account_id),
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
      return_methods: await methodsFor(row, data, log),
      returns: through.map((r) => summary(row.tenant, r)),
    };
  }

  /** The link's tenant and id, for the route to scope the submission's Idempotency-Key before it runs. */
  async function linkOf(token: string): Promise<{ tenant: string; id: string }> {
    const { row } = await open(token);
    return { tenant: row.tenant, id: row.id };
  }

  async function createReturn(
    token: string,
    input: PortalReturnInput,
    opts: { log: Log; baseUrl: string; by?: Omit<AuditContext, 'tenant' | 'actor'> },
  ): Promise<PortalReturnSummary> {
    const { row, data } = await open(token);
    return oneAtATime(row.id, async () => {
      const method = (await usableMethods(row.tenant, data)).find((m) => m.id === input.return_method);
      if (!method)
        throw new ApiError(
          'not_found',
          `return method ${input.return_method} is not offered by this link`,
          'return.return_method',
        );
      if (method.type === 'pickup' && (!input.pickup_date || !pickupDates(clock.now()).includes(input.pickup_date))) {
        throw new ApiError(
          'schema_validation_error',
          `choose a pickup date among ${pickupDates(clock.now()).join(', ')}`,
          'return.pickup_date',
        );
      }
      const returned = returnedByLine(await repo.returnsThrough(db, row.tenant, row.id));
      const chosen = new Set<string>();
      const lines: ReturnLine[] = input.lines.map((l, i) => {
        const ordered = data.lines.find((o) => o.line_id === l.line_id);
        if (!ordered || chosen.has(l.line_id))
          throw new ApiError(
            'schema_validation_error',
            `return.lines[${i}].line_id "${l.line_id}" is not a line of order ${row.order_id} (or appears twice)`,
            `return.lines[${i}].line_id`,
          );
        chosen.add(l.line_id);
        if (!data.reasons.includes(l.reason))
          throw new ApiError(
            'schema_validation_error',
            `return.lines[${i}].reason must be one of: ${data.reasons.join(', ')}`,
            `return.lines[${i}].reason`,
          );
        const left = ordered.quantity - (returned.get(l.line_id) ?? 0);
        if (l.quantity > left) {
          throw new ApiError(
            'conflict',
            `${ordered.product_name}: ${left} of ${ordered.quantity} can still be returned (${ordered.quantity - left} already are), not ${l.quantity}`,
            `return.lines[${i}].quantity`,
          );
        }
        const { quantity: _ordered, ...rest } = ordered;
        return { ...rest, quantity: l.quantity, reasons: [{ name: 'Reason', value: l.reason }] };
      });
      const weight = Math.round(lines.reduce((sum, l) => sum + (l.weight ?? 0) * l.quantity, 0) * 1000) / 1000;
      const by: AuditContext = { ...opts.by, tenant: row.tenant, actor: { kind: 'customer' } };
      const created = await deps.returns
        .create(
          row.tenant,
          {
            return_method: method.id,
            customer_id: row.customer_id,
            order_id: row.order_id,
            customer: data.customer,
            return_lines: lines,
            packages: [{ weight }],
            custom: [{ name: repo.PORTAL_LINK_PAIR, value: row.id }],
            ...(method.type === 'pickup' ? { pickup: { date: input.pickup_date!, ...PICKUP_WINDOW } } : {}),
            ...(data.currency ? { currency: data.currency as never } : {}),
            ...(data.weight_units ? { weight_units: data.weight_units as never } : {}),
            // The parcel has no measured size: its units follow the weight's (else the account's defaults).
            ...(data.dim_units || data.weight_units
              ? { dim_units: (data.dim_units ?? (data.weight_units === 'KG' ? 'CM' : 'IN')) as never }
              : {}),
          },
          { log: opts.log, baseUrl: opts.baseUrl, by },
        )
        .catch(async (err: unknown) => {
          throw await toCustomerFailure(err, {
            db,
            log: opts.log,
            by,
            linkId: row.id,
            methodId: method.id,
            at: clock.now(),
          });
        });
      const stored = await getReturn(db, row.tenant, created.id);
      return summary(row.tenant, { ...stored!, method: stored!.method });
    });
  }

  return { createLink, page, linkOf, check: linkOf, createReturn };
}

export type PortalService = ReturnType<typeof createPortalService>;
