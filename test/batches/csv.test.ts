/** CSV import: a real parser (quotes, commas and newlines in fields, a BOM), line numbers, shared values. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { finished, useBatchApp } from './support.js';

const s = useBatchApp({ env: { WAYBILL_BATCH_BODY_LIMIT: '4096' } });
const csv = (
  text: string,
  query = `shipping_account=${s.account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`,
) => s.t.call('POST', `/batches?${query}`, s.key, text, { 'content-type': 'text/csv' });

describe('POST /batches (text/csv)', () => {
  it('books each row, fails a bad row naming its line and column, and keeps quoted commas and newlines', async () => {
    const text = [
      '\ufeffReference,recipient_name,recipient_street1,recipient_street2,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
      'A-1,"Smith, Jane",5 Fifth Ave,"Floor 3\nRoom 12",New York,NY,10001,US,2125550100,2',
      'A-2,Bob "The Box" Jones,5 Fifth Ave,,New York,NY,10001,US,2125550100,heavy',
      '',
      'A-3,"Quote ""Q"" Person",5 Fifth Ave,,New York,NY,10001,US,2125550100,1.5',
      'A-4,No Country,5 Fifth Ave,,New York,NY,10001,,2125550100,1',
    ].join('\r\n');
    const res = await csv(text);
    expect(res.status, res.raw).toBe(202);
    const id = res.body.batch.id;
    expect((await finished(s, id)).counts).toMatchObject({ total: 4, booked: 2, failed: 2 });
    const items = (await s.t.call('GET', `/batches/${id}/shipments`, s.key)).body;
    expect(items.map((i: any) => [i.index, i.row, i.reference, i.status])).toEqual([
      [0, 2, 'A-1', 'booked'],
      [1, 4, 'A-2', 'failed'],
      [2, 6, 'A-3', 'booked'],
      [3, 7, 'A-4', 'failed'],
    ]);
    expect(items[1].error).toMatchObject({ code: 'schema_validation_error', detail: 'weight' });
    expect(items[1].error.message).toContain('line 4, column weight');
    expect(items[3].error).toMatchObject({ code: 'schema_field_required', detail: 'recipient_country' });
    // The stored shipment carries the fields as written, the sender from the account's billing address.
    const shipment = await s.t.db.database.db
      .selectFrom('shipments')
      .select('response')
      .where('id', '=', items[0].shipment.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(shipment.response);
    expect(stored.recipient).toMatchObject({ name: 'Smith, Jane', street2: 'Floor 3\nRoom 12' });
    expect(stored.sender).toMatchObject({ name: 'Ann Sender', city: 'Memphis' });
    expect(stored.references).toEqual([{ type: 'customer_reference', value: 'A-1' }]);
  });

  it('holds an Idempotency-Key to its file and query: the same replays the batch, another file or account is refused', async () => {
    const header =
      'recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight';
    const file = (name: string) => `${header}\n${name},5 Fifth Ave,New York,NY,10001,US,2125550100,1\n`;
    const query = `shipping_account=${s.account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`;
    const send = (text: string, q = query) =>
      s.t.call('POST', `/batches?${q}`, s.key, text, { 'content-type': 'text/csv', 'idempotency-key': 'csv-once' });
    const first = await send(file('Ann'));
    expect(first.status, first.raw).toBe(202);
    const again = await send(file('Ann'));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.batch.id).toBe(first.body.batch.id);
    expectError(await send(file('Bob')), 409, 'idempotency_key_reused');
    expectError(
      await send(file('Ann'), query.replace('carrier_a_ground', 'carrier_a_2_day')),
      409,
      'idempotency_key_reused',
    );
    expect(
      (await s.t.call('GET', '/batches', s.key)).body.filter((b: { id: string }) => b.id === first.body.batch.id),
    ).toHaveLength(1);
  });

  it('lets a row’s service override the shared one', async () => {
    const res = await csv(
      'recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight,service\nZed,5 Fifth Ave,New York,NY,10001,US,2125550100,1,carrier_a_2_day\nYves,5 Fifth Ave,New York,NY,10001,US,,1,\n',
    );
    const id = res.body.batch.id;
    await finished(s, id);
    const [first, second] = (await s.t.call('GET', `/batches/${id}/shipments`, s.key)).body;
    expect(first, JSON.stringify(first)).toMatchObject({ status: 'booked', shipment: { service: 'carrier_a_2_day' } });
    // Found missing by the booking, not the schema: still named by line and column.
    expect(second.error).toMatchObject({ code: 'schema_field_required', detail: 'recipient_phone' });
    expect(second.error.message).toMatch(/^line 3, column recipient_phone: /);
  });

  it('refuses a file without a recognised header, naming the expected columns', async () => {
    const err = expectError(await csv('name,street,city\nZed,5 Fifth Ave,New York\n'), 400, 'schema_validation_error');
    expect(err.message).toContain('recipient_postal_code');
    expect(err.detail).toBe('header');
    const unknown = expectError(await csv('recipient_name,weigth\nZed,1\n'), 400, 'schema_validation_error');
    expect(unknown.message).toContain('"weigth"');
    expectError(await csv('recipient_name,weight\n'), 400, 'schema_validation_error');
    expectError(await csv('recipient_name,weight\n"Zed,1\n'), 400, 'schema_validation_error');
  });

  it('needs the shipping account, and refuses a body over the limit with 413', async () => {
    expect(
      expectError(await csv('recipient_name,weight\nZed,1\n', 'service=carrier_a_ground'), 400, 'schema_field_required')
        .detail,
    ).toBe('shipping_account');
    const big = `recipient_name,weight\n${'Zed,1\n'.repeat(1000)}`;
    expectError(await csv(big), 413, 'payload_too_large');
  });
});
