/**
 * australiapost's emulator against Australia Post's recorded traffic. The material holds no
 * machine-readable schema of the Shipping and Tracking API, so the recorded requests are sent as
 * they are and every answer is compared member by member with the recorded answer of its call:
 * each member the recording has is there with the same JSON type, but for the differences listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixturesMissing, readFixtureJson } from '../support/fixtures.js';
import { fixedClock, send, type Reply } from './support.js';

const fixture = <T = unknown>(file: string): T => readFixtureJson<T>('australiapost', file);

/** Members of `recorded` missing from `actual` or of another JSON type; arrays by their first element. */
function shapeDiff(actual: unknown, recorded: unknown, path = '$'): string[] {
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  if (kind(actual) !== kind(recorded)) return [`${path}: ${kind(actual)} ≠ ${kind(recorded)}`];
  if (Array.isArray(recorded) && Array.isArray(actual))
    return recorded.length > 0 && actual.length > 0 ? shapeDiff(actual[0], recorded[0], `${path}[0]`) : [];
  if (kind(recorded) !== 'object') return [];
  const a = actual as Record<string, unknown>;
  return Object.entries(recorded as Record<string, unknown>).flatMap(([k, v]) =>
    k in a ? shapeDiff(a[k], v, `${path}.${k}`) : [`${path}.${k}: missing`],
  );
}

let em: Emulator;
let base: string;
const auth = {
  authorization: `Basic ${Buffer.from('ap-key:ap-secret').toString('base64')}`,
  'account-number': '0006574589',
  'content-type': 'application/json',
};
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = auth): Promise<Reply> =>
  send(`${base}${path}`, method, headers, body === undefined ? undefined : JSON.stringify(body));

beforeAll(async () => {
  em = await createEmulator({
    port: 0,
    clock: fixedClock(),
    credentials: [{ carrier: 'australiapost', id: 'ap-key', secret: 'ap-secret' }],
  });
  base = em.carrierUrl('australiapost');
});
afterAll(() => em?.close());

/** The recorded shipment with the catalog's Parcel Post with signature for the contract product T28S. */
const recordedShipment = () => {
  const { shipment } = fixture<{ shipment: { shipments: { items: Record<string, unknown>[] }[] } }>(
    'fixtures/shipment_ShipmentRequest.json',
  );
  for (const item of shipment.shipments[0]!.items) item.product_id = '3D55';
  return shipment;
};

describe.skipIf(fixturesMissing)('australiapost emulator against the recorded traffic', () => {
  it('refuses unknown keys as the gateway does, and a call without its account as an unknown customer', async () => {
    const refused = await call('GET', '/shipping/v1/accounts/0006574589', undefined, {
      ...auth,
      authorization: `Basic ${Buffer.from('ap-key:wrong').toString('base64')}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({
      errors: [{ error_code: 'API_001', error_name: 'Unauthorised', message: expect.any(String) }],
    });
    const { 'account-number': _account, ...noAccount } = auth;
    const unknown = await call('GET', '/shipping/v1/accounts/0006574589', undefined, noAccount);
    expect(unknown.status).toBe(403);
    expect(shapeDiff(unknown.json, fixture('fixtures/shipment_ShipmentErrorResponse.json'))).toEqual([]);
  });

  it('prices the recorded rate request like fixtures/rate_RateResponse.json', async () => {
    const res = await call('POST', '/shipping/v1/prices/items', fixture('fixtures/rate_RateRequest.json'));
    expect(res.status, res.text).toBe(200);
    expect(shapeDiff(res.json, fixture('fixtures/rate_RateResponse.json'))).toEqual([
      // Bundled prices are contract prices the emulator does not keep.
      '$.items[0].prices[0].bundled_price: missing',
      '$.items[0].prices[0].bundled_price_ex_gst: missing',
      '$.items[0].prices[0].bundled_gst: missing',
      // The recording nests the feature under `feature`; the emulator keys it by its type.
      '$.items[0].prices[0].features.feature: missing',
    ]);
  });

  it('books the recorded shipment like fixtures/shipment_ShipmentResponse.json, its label like shipment_LabelResponse.json', async () => {
    const booked = await call('POST', '/shipping/v1/shipments', recordedShipment());
    expect(booked.status, booked.text).toBe(201);
    expect(shapeDiff(booked.json, fixture('fixtures/shipment_ShipmentResponse.json'))).toEqual([
      // The recorded request sends no customer references, so none come back.
      '$.shipments[0].customer_reference_1: missing',
      '$.shipments[0].customer_reference_2: missing',
      // No manual handling surcharge in the emulator's prices.
      '$.shipments[0].items[0].item_summary.manual_handling_surcharge: missing',
      '$.shipments[0].shipment_summary.manual_handling_surcharge: missing',
    ]);
    const id = (booked.json as { shipments: { shipment_id: string }[] }).shipments[0]!.shipment_id;
    const { label } = fixture<{ label: { shipments: { shipment_id: string }[] } }>(
      'fixtures/shipment_ShipmentRequest.json',
    );
    label.shipments[0]!.shipment_id = id;
    const pending = await call('POST', '/shipping/v1/labels', label);
    expect(pending.status, pending.text).toBe(200);
    const requestId = (pending.json as { labels: { request_id: string; status: string }[] }).labels[0]!;
    expect(requestId.status).toBe('PENDING');
    const ready = await call('GET', `/shipping/v1/labels/${requestId.request_id}`);
    expect(shapeDiff(ready.json, fixture('fixtures/shipment_LabelResponse.json'))).toEqual([]);
    const url = (ready.json as { labels: { url: string }[] }).labels[0]!.url;
    const file = await send(url, 'GET', {});
    expect(file.text.startsWith('%PDF-')).toBe(true);
  });

  it('tracks like samples/tracking_response.json, and refuses 11 ids like fixtures/tracking_ErrorResponse.json', async () => {
    const booked = await call('POST', '/shipping/v1/shipments', recordedShipment());
    const article = (booked.json as { shipments: { items: { tracking_details: { article_id: string } }[] }[] })
      .shipments[0]!.items[0]!.tracking_details.article_id;
    const res = await call('GET', `/shipping/v1/track?tracking_ids=7XX1000,${article}`);
    expect(res.status, res.text).toBe(200);
    const sample = fixture<{ tracking_results: unknown[] }>('samples/tracking_response.json');
    const [unknown, known] = (res.json as { tracking_results: unknown[] }).tracking_results;
    expect(shapeDiff(unknown, sample.tracking_results[0])).toEqual([]);
    // Events of a parcel just booked carry no location yet; the delivered sample's do.
    expect(shapeDiff(known, sample.tracking_results[1])).toEqual([
      '$.trackable_items[0].events[0].location: missing',
      '$.consignment: missing',
    ]);
    const many = await call(
      'GET',
      `/shipping/v1/track?tracking_ids=${Array.from({ length: 11 }, (_, i) => `A${i}`).join(',')}`,
    );
    expect(many.status).toBe(400);
    expect(shapeDiff(many.json, fixture('fixtures/tracking_ErrorResponse.json'))).toEqual([]);
  });

  it('makes the recorded order like fixtures/manifest_ManifestResponse.json, and deletes only what no order holds', async () => {
    const booked = await call('POST', '/shipping/v1/shipments', recordedShipment());
    const id = (booked.json as { shipments: { shipment_id: string }[] }).shipments[0]!.shipment_id;
    const request = fixture<{ shipments: { shipment_id: string }[] }>('fixtures/manifest_ManifestRequest.json');
    request.shipments[0]!.shipment_id = id;
    const order = await call('POST', '/shipping/v1/orders', request);
    expect(order.status, order.text).toBe(201);
    expect(shapeDiff(order.json, fixture('fixtures/manifest_ManifestResponse.json'))).toEqual([
      // Shipping methods are keyed by product: the recording's 3H03, the order's 3D55.
      '$.order.order_summary.shipping_methods.3H03: missing',
      // Items are answered as booked, without the booking's options echoed.
      '$.order.shipments[0].items[0].weight: missing',
      '$.order.shipments[0].items[0].authority_to_leave: missing',
      '$.order.shipments[0].items[0].safe_drop_enabled: missing',
      '$.order.shipments[0].items[0].allow_partial_delivery: missing',
      '$.order.shipments[0].charge_to_account: missing',
    ]);
    const orderId = (order.json as { order: { order_id: string } }).order.order_id;
    const summary = await call('GET', `/shipping/v1/accounts/0006574589/orders/${orderId}/summary`);
    expect(summary.text.startsWith('%PDF-')).toBe(true);
    expect((await call('DELETE', `/shipping/v1/shipments/${id}`)).status).toBe(400);
    const open = await call('POST', '/shipping/v1/shipments', recordedShipment());
    const deleted = await call(
      'DELETE',
      `/shipping/v1/shipments/${(open.json as { shipments: { shipment_id: string }[] }).shipments[0]!.shipment_id}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
  });
});
