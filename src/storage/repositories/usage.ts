/**
 * Usage per tenant, month (YYYY-MM) and carrier: labels booked and voided, and batch items booked,
 * counted from the shipments themselves; tracking calls from the counters the service adds to.
 */
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../tables.js';

export interface UsageRow {
  tenant: string;
  month: string;
  carrier: string;
  labels_booked: number;
  labels_voided: number;
  batch_items: number;
  tracking_calls: number;
}

export interface CounterAdd {
  tenant: string;
  month: string;
  carrier: string;
  metric: 'tracking_calls';
  count: number;
}

/** Adds to the counters, all or none (one statement per row; a flush has a handful). */
export async function addCounters(db: Kysely<Tables>, adds: CounterAdd[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const a of adds) await addCounter(trx, a);
  });
}

async function addCounter(db: Kysely<Tables>, a: CounterAdd): Promise<void> {
  await db
    .insertInto('usage_counters')
    .values(a)
    .onConflict((oc) =>
      oc
        .columns(['tenant', 'month', 'carrier', 'metric'])
        .doUpdateSet({ count: sql`usage_counters.count + ${a.count}` }),
    )
    .execute();
}

/** The tenants' usage, by tenant, month and carrier (newest month first); only `month` when given. */
export async function usageOf(db: Kysely<Tables>, tenants: string[], month?: string): Promise<UsageRow[]> {
  if (tenants.length === 0) return [];
  const monthOf = (column: 'created_at' | 'voided_at') => sql<string>`substr(${sql.ref(column)}, 1, 7)`;
  const count = sql<string | number>`count(*)`;
  const booked = db
    .selectFrom('shipments')
    .select(['tenant', 'carrier', monthOf('created_at').as('month'), count.as('n')])
    .where('tenant', 'in', tenants)
    .groupBy(['tenant', 'carrier', monthOf('created_at')]);
  const batch = booked.where('batch_id', 'is not', null);
  const voided = db
    .selectFrom('shipments')
    .select(['tenant', 'carrier', monthOf('voided_at').as('month'), count.as('n')])
    .where('tenant', 'in', tenants)
    .where('voided_at', 'is not', null)
    .groupBy(['tenant', 'carrier', monthOf('voided_at')]);
  const counters = db
    .selectFrom('usage_counters')
    .select(['tenant', 'carrier', 'month', 'count as n'])
    .where('tenant', 'in', tenants)
    .where('metric', '=', 'tracking_calls');
  const [b, bi, v, c] = await Promise.all([booked.execute(), batch.execute(), voided.execute(), counters.execute()]);
  const rows = new Map<string, UsageRow>();
  const add = (
    list: { tenant: string; carrier: string; month: string; n: string | number }[],
    field: 'labels_booked' | 'labels_voided' | 'batch_items' | 'tracking_calls',
  ) => {
    for (const r of list) {
      if (month !== undefined && r.month !== month) continue;
      const k = `${r.tenant}\n${r.month}\n${r.carrier}`;
      const row = rows.get(k) ?? {
        tenant: r.tenant,
        month: r.month,
        carrier: r.carrier,
        labels_booked: 0,
        labels_voided: 0,
        batch_items: 0,
        tracking_calls: 0,
      };
      row[field] += Number(r.n);
      rows.set(k, row);
    }
  };
  add(b, 'labels_booked');
  add(bi, 'batch_items');
  add(v, 'labels_voided');
  add(c, 'tracking_calls');
  return [...rows.values()].sort(
    (x, y) => y.month.localeCompare(x.month) || x.tenant.localeCompare(y.tenant) || x.carrier.localeCompare(y.carrier),
  );
}
