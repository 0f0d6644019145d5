/**
 * Returns, always scoped by tenant. Each change (create, update, status from tracking) runs its
 * statements in the transaction the use case hands it, which writes what else goes with the change
 * (its event, its audit entry) in the same transaction. The method, addresses, lines and custom
 * pairs are JSON columns: this module alone encodes and decodes them.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Address } from '../../domain/types.js';
import { decodeFlags, encodeFlags, type WithFlags } from '../flags.js';
import type { ReturnsTable, Tables } from '../tables.js';
import { insertShipmentRows, type LabelRow, type ShipmentRow } from './shipments.js';

export interface CustomPair {
  name: string;
  value: unknown;
}

/** The return method as a return keeps it: its public record when the return was made, later changes aside. */
export interface ReturnMethodCopy {
  id: string;
  carrier: string;
  carrier_name: string;
  method_name: string;
  type: string;
  cost: { carrier_charge: number; customer_charge: number };
  return_charge: number;
}

type Documents = 'method' | 'customer' | 'destination' | 'return_lines' | 'custom';

/**
 * A return as stored, its documents decoded. `Line` names a returned line's shape, which the
 * contract owns (storage does not import it).
 */
export type ReturnRow<Line = unknown> = Omit<WithFlags<ReturnsTable, 'test'>, Documents> & {
  method: ReturnMethodCopy;
  customer: Address;
  destination: Address;
  return_lines: Line[];
  custom: CustomPair[];
};
export const FLAGS = ['test'] as const;

/** The columns of the list and of a portal's returns, decoded where they are JSON. */
export function decodeDocuments<Row extends Partial<Record<Documents, string>>>(row: Row) {
  const { method, customer, destination, return_lines: lines, custom } = row;
  return {
    ...row,
    ...(method !== undefined ? { method: JSON.parse(method) as ReturnMethodCopy } : {}),
    ...(customer !== undefined ? { customer: JSON.parse(customer) as Address } : {}),
    ...(destination !== undefined ? { destination: JSON.parse(destination) as Address } : {}),
    ...(lines !== undefined ? { return_lines: JSON.parse(lines) as unknown[] } : {}),
    ...(custom !== undefined ? { custom: JSON.parse(custom) as CustomPair[] } : {}),
  };
}

function decode<Line>(row: ReturnsTable): ReturnRow<Line> {
  return decodeFlags(decodeDocuments(row), FLAGS) as ReturnRow<Line>;
}

function encode<Line>(row: ReturnRow<Line>): ReturnsTable {
  return encodeFlags<ReturnsTable, 'test'>(
    {
      ...row,
      method: JSON.stringify(row.method),
      customer: JSON.stringify(row.customer),
      destination: JSON.stringify(row.destination),
      return_lines: JSON.stringify(row.return_lines),
      custom: JSON.stringify(row.custom),
    },
    FLAGS,
  );
}

/** What `custom=name:value` compares against: a string as is, any other JSON value as its text. */
export function customMatch(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function customRows(tenant: string, returnId: string, createdAt: string, custom: CustomPair[]) {
  return custom.map((c) => ({
    tenant,
    return_id: returnId,
    name: c.name,
    match: customMatch(c.value),
    created_at: createdAt,
  }));
}

/** The booking (shipment and labels) and the return that owns it: call it in a transaction, so both are stored or neither. */
export async function createReturn<Line>(
  trx: Kysely<Tables>,
  booking: { shipment: ShipmentRow; labels: LabelRow[] },
  row: ReturnRow<Line>,
  custom: CustomPair[],
): Promise<void> {
  await insertShipmentRows(trx, booking.shipment, booking.labels);
  await trx.insertInto('returns').values(encode(row)).execute();
  const pairs = customRows(row.tenant, row.id, row.created_at, custom);
  if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
}

export async function getReturn<Line = unknown>(
  db: Kysely<Tables>,
  tenant: string,
  id: string,
): Promise<ReturnRow<Line> | undefined> {
  const row = await db
    .selectFrom('returns')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decode<Line>(row);
}

export interface ReturnChanges {
  custom?: CustomPair[];
  status?: string;
  pickup_state?: string;
  updated_at: string;
}

/**
 * PATCH /returns/{id}: custom pairs replaced as a whole list, voided state stored; call it in a
 * transaction. Answers the updated return, or nothing when nothing changed: a state already stored
 * (another instance voided it first) is not written again.
 */
export async function updateReturn<Line = unknown>(
  trx: Kysely<Tables>,
  tenant: string,
  id: string,
  changes: ReturnChanges,
): Promise<ReturnRow<Line> | undefined> {
  const current = await trx
    .selectFrom('returns')
    .select('created_at')
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return;
  const { status, pickup_state: pickup } = changes;
  const updated = await trx
    .updateTable('returns')
    .set({
      updated_at: changes.updated_at,
      ...(changes.custom ? { custom: JSON.stringify(changes.custom) } : {}),
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.pickup_state ? { pickup_state: changes.pickup_state } : {}),
    })
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    // Checked by the update itself, so that of two concurrent ones the second finds the first's state.
    .$if(!changes.custom && status !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('status', '!=', status!),
          ...(pickup !== undefined ? [eb('pickup_state', 'is', null), eb('pickup_state', '!=', pickup)] : []),
        ]),
      ),
    )
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return;
  if (changes.custom) {
    await trx.deleteFrom('return_custom').where('tenant', '=', tenant).where('return_id', '=', id).execute();
    const pairs = customRows(tenant, id, current.created_at, changes.custom);
    if (pairs.length > 0) await trx.insertInto('return_custom').values(pairs).execute();
  }
  return decode<Line>(
    await trx
      .selectFrom('returns')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Which of a carrier's numbers some return (not voided) was shipped under: one indexed read for a
 * whole tracking answer, where most numbers are no return's.
 */
export async function numbersWithReturns(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .selectFrom('returns')
    .select('tracking_number')
    .where('tenant', '=', tenant)
    .where('carrier', '=', carrier)
    .where('tracking_number', 'in', numbers)
    .where('status', '!=', 'SHIPMENT_VOIDED')
    .execute();
  return new Set(rows.map((r) => r.tracking_number).filter((n): n is string => n !== null));
}

/** The returns shipped under a carrier's number (not voided) whose status is not `stage` yet. */
function moving(
  q: SelectQueryBuilder<Tables, 'returns', { id: string }>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
  stage: string,
) {
  return q
    .where('tenant', '=', tenant)
    .where('tracking_number', '=', trackingNumber)
    .where('carrier', '=', carrier)
    .where('status', '!=', stage)
    .where('status', '!=', 'SHIPMENT_VOIDED');
}

/** Whether a fresh tracking stage for a carrier's number would move some return: one indexed read, without a transaction. */
export async function movedByStage(
  db: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
  stage: string,
): Promise<boolean> {
  return (
    (await moving(db.selectFrom('returns').select('id'), tenant, carrier, trackingNumber, stage).executeTakeFirst()) !==
    undefined
  );
}

/**
 * A fresh tracking stage for a carrier's number reaches the returns shipped under it; call it in a
 * transaction. A return voided here stays voided: a carrier without void (its label simply never
 * moves) would otherwise bring it back. Returns the ids of the returns that changed.
 */
export async function updateStatusFromTracking(
  trx: Kysely<Tables>,
  tenant: string,
  carrier: string,
  trackingNumber: string,
  stage: string,
  at: string,
): Promise<string[]> {
  const ids = (
    await moving(trx.selectFrom('returns').select('id'), tenant, carrier, trackingNumber, stage).execute()
  ).map((r) => r.id);
  if (ids.length > 0)
    await trx
      .updateTable('returns')
      .set({ status: stage, updated_at: at })
      .where('tenant', '=', tenant)
      .where('id', 'in', ids)
      .execute();
  return ids;
}
