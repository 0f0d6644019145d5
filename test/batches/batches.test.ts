/** Batches through HTTP against the emulator: per-item errors, the print file, retry, cancel, isolation. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { dialects } from '../support/databases.js';
import { recipientUS } from '../contract/support.js';
import { emulatorBookings, finished, item, useBatchApp } from './support.js';

describe.each(dialects)('POST /batches (JSON) on %s', (dialect) => {
  const s = useBatchApp({ dialect });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    s.t.call('POST', '/batches', s.key, body, headers);

  it('answers 202 at once and books valid items; an invalid item fails itself with the schema error', async () => {
    const shipments = [
      item(s.account, { recipient: { ...recipientUS, name: 'Mixed 0' } }),
      item(s.account, { packages: [{ weight: -1 }] }),
      item(s.account, {
        recipient: { ...recipientUS, name: 'Mixed 2' },
        references: [{ type: 'customer_reference', value: 'order-2' }],
      }),
      item('999999999999999'),
      item(s.account, { recipient: { ...recipientUS, name: 'Mixed 4' }, service: 'carrier_b_ground' }),
    ];
    const res = await post({ batch: { shipments, reference: 'monday' } });
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch).toMatchObject({
      status: 'queued',
      reference: 'monday',
      label_type: null,
      counts: { total: 5 },
    });
    const id = res.body.batch.id;
    const done = await finished(s, id);
    expect(done).toMatchObject({
      status: 'completed_with_errors',
      counts: { total: 5, booked: 2, failed: 3, queued: 0, in_progress: 0, cancelled: 0 },
    });

    const items = await s.t.call('GET', `/batches/${id}/shipments`, s.key);
    expect(items.status).toBe(200);
    expect(items.headers['x-total-count']).toBe('5');
    expect(items.body.map((i: any) => [i.index, i.status])).toEqual([
      [0, 'booked'],
      [1, 'failed'],
      [2, 'booked'],
      [3, 'failed'],
      [4, 'failed'],
    ]);
    expect(items.body[1].error).toMatchObject({
      code: 'schema_validation_error',
      detail: 'shipment.packages[0].weight',
    });
    expect(items.body[3].error.code).toBe('shipping_account_not_found');
    expect(items.body[4].error).toMatchObject({ code: 'schema_validation_error', detail: 'shipment.service' });
    expect(items.body[2]).toMatchObject({
      reference: 'order-2',
      shipment: { carrier: 'carrier_a', service: 'carrier_a_ground' },
    });
    expect(items.body[2].shipment.tracking_number).toMatch(/\d+/);

    const failed = await s.t.call('GET', `/batches/${id}/shipments?status=failed&pageSize=2`, s.key);
    expect(failed.body.map((i: any) => i.index)).toEqual([1, 3]);
    expect(failed.headers['x-total-count']).toBe('3');
    expect(String(failed.headers.link)).toContain('rel="next"');

    // GET /shipments?batch= lists exactly what the batch booked.
    const listed = await s.t.call('GET', `/shipments?batch=${id}`, s.key);
    expect(listed.status).toBe(200);
    expect(listed.body.map((x: any) => x.tracking_number).sort()).toEqual(
      [items.body[0].shipment.tracking_number, items.body[2].shipment.tracking_number].sort(),
    );
  });

  it('refuses a batch that is not an array of 1 to 10,000 objects', async () => {
    expectError(await post({ batch: { shipments: [] } }), 400, 'schema_validation_error');
    expectError(await post({ batch: { shipments: [1, 2] } }), 400, 'schema_validation_error');
    expectError(await post({ batch: {} }), 400, 'schema_field_required');
    const many = Array.from({ length: 10_001 }, () => ({}));
    expectError(await post({ batch: { shipments: many } }), 400, 'schema_validation_error');
  });

  it('gives the same batch to a retry with the same Idempotency-Key', async () => {
    const body = { batch: { shipments: [item(s.account)] } };
    const first = await post(body, { 'idempotency-key': `batch-once-${dialect}` });
    const again = await post(body, { 'idempotency-key': `batch-once-${dialect}` });
    expect(again.status).toBe(202);
    expect(again.body.batch.id).toBe(first.body.batch.id);
    await finished(s, first.body.batch.id);
  });

  it('shows another tenant’s batch as not found, everywhere', async () => {
    const id = (await post({ batch: { shipments: [item(s.account)] } })).body.batch.id;
    await finished(s, id);
    const other = await s.t.key('globex');
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/shipments'],
      ['GET', '/labels?format=pdf'],
      ['POST', '/retry'],
      ['POST', '/cancel'],
      ['POST', '/manifest'],
    ] as const) {
      expectError(await s.t.call(method, `/batches/${id}${path}`, other), 404, 'not_found');
    }
    const list = await s.t.call('GET', '/batches', other);
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
  });

  it('lists batches newest first, paged', async () => {
    const list = await s.t.call('GET', '/batches?pageSize=2', s.key);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(list.body[0].created >= list.body[1].created).toBe(true);
  });

  it('books every item exactly once at the carrier', async () => {
    const before = emulatorBookings(s.em).length;
    const shipments = Array.from({ length: 30 }, (_, i) =>
      item(s.account, { recipient: { ...recipientUS, name: `Once ${i}` } }),
    );
    const id = (await post({ batch: { shipments } })).body.batch.id;
    expect((await finished(s, id)).counts.booked).toBe(30);
    const bookings = emulatorBookings(s.em);
    expect(bookings.length - before).toBe(30);
    const names = bookings.filter((b) => b.recipient.startsWith('Once ')).map((b) => b.recipient);
    expect(new Set(names).size).toBe(30);
  });
});
