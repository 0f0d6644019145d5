/** The print file in batch order, retry, manifest and batch.completed, through HTTP against the emulator. */
import { PDFArray, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { startReceiver, waitFor, type Receiver } from '../support/webhook-receiver.js';
import { address, recipientUS } from '../contract/support.js';
import { finished, item, useBatchApp } from './support.js';

const s = useBatchApp({ env: { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' } });
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
  const res = await s.t.call('POST', '/webhooks', s.key, {
    webhook: { url: `${rx.url}/batches`, events: ['batch.completed'] },
  });
  expect(res.status, res.raw).toBe(200);
});
afterAll(() => rx?.close());

const named = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) =>
    item(s.account, { recipient: { ...recipientUS, name: `Person ${i}` }, ...extra }),
  );
async function run(shipments: unknown[], extra: Record<string, unknown> = {}): Promise<{ id: string; items: any[] }> {
  const res = await s.t.call('POST', '/batches', s.key, { batch: { shipments, ...extra } });
  expect(res.status, res.raw).toBe(202);
  await finished(s, res.body.batch.id);
  return {
    id: res.body.batch.id,
    items: (await s.t.call('GET', `/batches/${res.body.batch.id}/shipments?pageSize=500`, s.key)).body,
  };
}
const download = async (id: string, format: string) => {
  const res = await s.t.app.inject({
    method: 'GET',
    url: `/batches/${id}/labels?format=${format}`,
    headers: { zkkey: s.key },
  });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    bytes: res.rawPayload,
    body: res.json.bind(res),
  };
};
/** A page's content stream bytes (one stream or an array of them). */
const contentOf = (doc: PDFDocument, i: number) => {
  const contents = doc.context.lookup(doc.getPage(i).node.get(PDFName.of('Contents')));
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return Buffer.concat(streams.map((st) => Buffer.from((st as PDFRawStream).getContents()))).toString('base64');
};

describe('GET /batches/{id}/labels', () => {
  it('streams one PDF, a page per label, in batch order, with a cross-reference table that points at every object', async () => {
    const { id, items } = await run([...named(6), item(s.account, { packages: [{ weight: -1 }] })]);
    const file = await download(id, 'pdf');
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = file.bytes.toString('latin1');
    const xref = text.slice(Number(/startxref\n(\d+)/.exec(text)![1]));
    const entries = [...xref.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(6);
    for (const at of entries) expect(text.slice(at, at + 20)).toMatch(/^\d+ 0 obj\n/);
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getPageCount()).toBe(6);
    const booked = items.filter((i) => i.status === 'booked');
    for (const [page, it] of booked.entries()) {
      const stored = await s.t.db.database.db
        .selectFrom('labels')
        .select('data')
        .where('shipment_id', '=', it.shipment.id)
        .executeTakeFirstOrThrow();
      expect(contentOf(doc, page), `page ${page}`).toBe(contentOf(await PDFDocument.load(stored.data), 0));
    }
  });

  it('leaves out the labels of shipments voided since', async () => {
    const { id, items } = await run(named(3), { label_type: 'ZPLII' });
    expect(
      (
        await s.t.call('POST', '/cancel', s.key, {
          cancel: { shipping_account: s.account, tracking_number: items[1].shipment.tracking_number },
        })
      ).status,
    ).toBe(200);
    const text = (await download(id, 'zpl')).bytes.toString('latin1');
    const labelOf = async (i: number) =>
      Buffer.from(
        (
          await s.t.db.database.db
            .selectFrom('labels')
            .select('data')
            .where('shipment_id', '=', items[i].shipment.id)
            .executeTakeFirstOrThrow()
        ).data,
      ).toString('latin1');
    expect(text).toContain(await labelOf(0));
    expect(text).toContain(await labelOf(2));
    expect(text).not.toContain(await labelOf(1));
  });

  it('concatenates ZPL labels in batch order, and refuses a format the labels were not booked in', async () => {
    const { id, items } = await run(named(5), { label_type: 'ZPLII' });
    const file = await download(id, 'zpl');
    expect(file.status).toBe(200);
    const text = file.bytes.toString('latin1');
    const positions = items.map((i) => text.indexOf(i.shipment.tracking_number));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect((text.match(/\^XA/g) ?? []).length).toBe(5);
    const wrong = await download(id, 'pdf');
    expect(wrong.status).toBe(400);
    expect(wrong.body().error.message).toContain('ZPLII, not PDF; ask for format=zpl');
  });
});

describe('retry and batch.completed', () => {
  it('fails items the carrier refused, requeues them on retry, and reports each completion', async () => {
    await s.em.fault('carrier_a', 'ship', 'http_500', 2);
    const first = await run(named(4));
    expect(first.items.filter((i) => i.status === 'failed')).toHaveLength(2);
    expect(first.items.find((i) => i.status === 'failed').error.code).toMatch(/^carrier_/);
    const done1 = await waitFor(() => rx.at('/batches').find((r) => r.body.data.id === first.id), 'batch.completed');
    expect(done1.body).toMatchObject({
      type: 'batch.completed',
      data: { id: first.id, status: 'completed_with_errors', counts: { total: 4, booked: 2, failed: 2 } },
    });

    const retried = await s.t.call('POST', `/batches/${first.id}/retry`, s.key);
    expect(retried.status, retried.raw).toBe(200);
    expect(retried.body.batch.status).toBe('in_progress');
    const after = await finished(s, first.id);
    expect(after).toMatchObject({ status: 'completed', counts: { booked: 4, failed: 0 } });
    const done2 = await waitFor(
      () => rx.at('/batches').filter((r) => r.body.data.id === first.id)[1],
      'second batch.completed',
    );
    expect(done2.body.data).toMatchObject({ status: 'completed', counts: { booked: 4 } });
  });
});

describe('POST /batches/{id}/manifest', () => {
  it('closes the day for each account whose carrier has manifests, and refuses a batch whose carriers have none', async () => {
    const d = (
      await s.t.call('POST', '/shippingaccount', s.key, {
        shipping_account: { carrier: 'carrier_d', country: 'US', test: true, billing_address: address() },
      })
    ).body.shipping_account.id;
    const dItem = (name: string) => ({
      shipping_account: d,
      sender: address(),
      recipient: { ...recipientUS, name },
      packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      service: 'priority_mail',
    });
    const { id, items } = await run([dItem('D one'), item(s.account), dItem('D two')]);
    expect(items.map((i) => i.status)).toEqual(['booked', 'booked', 'booked']);
    const res = await s.t.call('POST', `/batches/${id}/manifest`, s.key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.manifests).toHaveLength(1);
    expect(res.body.manifests[0].carrier).toBe('carrier_d');
    expect(res.body.manifests[0].tracking_numbers.sort()).toEqual(
      [items[0].shipment.tracking_number, items[2].shipment.tracking_number].sort(),
    );

    const onlyA = await run(named(1));
    expectError(await s.t.call('POST', `/batches/${onlyA.id}/manifest`, s.key), 400, 'carrier_unsupported_method');
  });
});
