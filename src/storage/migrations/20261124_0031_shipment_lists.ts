import type { Kysely } from 'kysely';

/**
 * GET /shipments filters on what the booking record holds inside its JSON: the recipient's name,
 * the references, and the tracking stage the shipment last reached. Copied into columns so both
 * databases filter them with plain SQL; rows booked before this step are filled from their record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('recipient_name', 'text').execute();
  await db.schema.alterTable('shipments').addColumn('reference_values', 'text').execute();
  await db.schema
    .alterTable('shipments')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('CREATED'))
    .execute();
  await db.schema.createIndex('shipments_list').on('shipments').columns(['tenant', 'created_at', 'id']).execute();
  await db.schema.createIndex('pickups_list').on('pickups').columns(['tenant', 'created_at', 'id']).execute();

  const rows: { id: string; response: string; status: string }[] = await db
    .selectFrom('shipments')
    .select(['id', 'response', 'status'])
    .execute();
  for (const row of rows) {
    const record = JSON.parse(row.response) as { recipient?: { name?: string }; references?: { value?: string }[] };
    await db
      .updateTable('shipments')
      .set({
        recipient_name: record.recipient?.name ?? null,
        reference_values: referenceValues(record.references),
        stage: row.status === 'voided' ? 'SHIPMENT_VOIDED' : 'CREATED',
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/** As the shipments repository writes them at booking (kept here so this step never changes). */
function referenceValues(references: { value?: string }[] | undefined): string | null {
  const values = (references ?? []).map((r) => r.value).filter((v): v is string => typeof v === 'string' && v !== '');
  return values.length > 0 ? `\n${values.join('\n')}\n` : null;
}
