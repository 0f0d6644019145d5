/**
 * A return submitted through a portal link (POST /portal/{token}/returns), created through the
 * returns service exactly as POST /returns would (same checks, same event, same list). A link never
 * returns more than was ordered: quantities in returns made through it (voided ones excepted) are
 * deducted, and the submissions of one link run one at a time in this process so two taps cannot
 * both pass the check.
 */
import type { PortalReturnInput, PortalReturnSummary } from '../../contract/portal.js';
import type { ReturnLine } from '../../contract/returns.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import * as repo from '../../storage/repositories/portal-links.js';
import { getReturn } from '../../storage/repositories/returns.js';
import { toCustomerFailure } from './portal-failure.js';
import type { PortalState } from './portal-deps.js';
import { openLink } from './portal-link.js';
import { pickupDates, portalSummary, returnedByLine, usableMethods } from './portal-page.js';

const PICKUP_WINDOW = { ready_time: '09:00', close_time: '17:00' };

/** One submission per link at a time in this process: the over-return check then holds. */
export function createOneAtATime(): PortalState['oneAtATime'] {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const next = (running.get(key) ?? Promise.resolve()).catch(() => undefined).then(fn);
    running.set(key, next);
    const clear = () => {
      if (running.get(key) === next) running.delete(key);
    };
    next.then(clear, clear);
    return next;
  };
}

export async function createPortalReturn(
  deps: PortalState,
  token: string,
  input: PortalReturnInput,
  opts: { log: Log; baseUrl: string; by?: Omit<AuditContext, 'tenant' | 'actor'> },
): Promise<PortalReturnSummary> {
  const { db, clock, oneAtATime } = deps;
  const { row, data } = await openLink(deps, token);
  return oneAtATime(row.id, async () => {
    const method = (await usableMethods(deps, row.tenant, data)).find((m) => m.id === input.return_method);
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
    const returned = returnedByLine(await repo.returnsThrough<ReturnLine>(db, row.tenant, row.id));
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
    const stored = await getReturn<ReturnLine>(db, row.tenant, created.id);
    return portalSummary(deps, row.tenant, stored!);
  });
}
