import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  at,
  errorCodes,
  HOUR,
  shipRequest,
  startClient,
  START,
  TORONTO,
  trackRequest,
  type Client,
} from './support.js';

const result = (json: unknown, i = 0) => at(json, `output.completeTrackResults.${i}.trackResults.0`);

describe('carrier_a POST /track/v1/trackingnumbers', () => {
  let api: Client;
  beforeEach(async () => {
    api = await startClient();
  });
  afterEach(() => api.close());

  const book = async (body: unknown = shipRequest()): Promise<string> => {
    const reply = await api.call('POST', '/ship/v1/shipments', body);
    expect(reply.status).toBe(200);
    return String(at(reply.json, 'output.transactionShipments.0.masterTrackingNumber'));
  };
  const track = (...numbers: string[]) => api.call('POST', '/track/v1/trackingnumbers', trackRequest(...numbers));
  /** Moves the emulator clock to START + ms. */
  const at_ = async (ms: number) => {
    await api.control('DELETE', '/_emulator/clock');
    await api.advance(ms);
  };

  it('advances a priority overnight shipment from label created to delivered', async () => {
    const tn = await book();
    const status = async () => {
      const r = result((await track(tn)).json);
      return { code: at(r, 'latestStatusDetail.code'), derived: at(r, 'latestStatusDetail.derivedCode'), r };
    };
    const created = await status();
    expect(created).toMatchObject({ code: 'OC', derived: 'IN' });
    expect(at(created.r, 'latestStatusDetail.description')).toBe('Shipment information sent to FedEx');
    expect(at(created.r, 'serviceCommitMessage.type')).toBe('SHIPMENT_LABEL_CREATED');

    await at_(2 * HOUR);
    expect((await status()).code).toBe('PU');
    await at_(6 * HOUR);
    expect(await status()).toMatchObject({ code: 'DP', derived: 'IT' });

    // Delivery day 2025-03-05 in Beverly Hills (UTC−08:00): out for delivery 07:30, delivered 09:45.
    await at_(Date.parse('2025-03-05T15:40:00Z') - START.getTime());
    const out = await status();
    expect(out).toMatchObject({ code: 'OD', derived: 'IT' });
    expect(at(out.r, 'latestStatusDetail.description')).toBe('On FedEx vehicle for delivery');
    const dates = at(out.r, 'dateAndTimes') as Array<{ type: string; dateTime: string }>;
    expect(dates.find((d) => d.type === 'ESTIMATED_DELIVERY')?.dateTime).toBe('2025-03-05T10:30:00-08:00');

    await at_(2 * 24 * HOUR);
    const done = await status();
    expect(done).toMatchObject({ code: 'DL', derived: 'DL' });
    expect(at(done.r, 'deliveryDetails.receivedByName')).toBe('RECIPIENT');
    const delivered = at(done.r, 'dateAndTimes') as Array<{ type: string; dateTime: string }>;
    expect(delivered.find((d) => d.type === 'ACTUAL_DELIVERY')?.dateTime).toBe('2025-03-05T09:45:00-08:00');
    expect(delivered.some((d) => d.type === 'ESTIMATED_DELIVERY')).toBe(false);
    const events = at(done.r, 'scanEvents') as Array<Record<string, unknown>>;
    expect(events.map((e) => e.eventType)).toEqual(['DL', 'OD', 'AR', 'DP', 'AR', 'PU', 'OC']);
    expect(events[0]).toMatchObject({ derivedStatusCode: 'DL', eventDescription: 'Delivered' });
    expect(at(events[0], 'scanLocation.city')).toBe('BEVERLY HILLS');
    for (const e of events) expect(String(e.date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const instants = events.map((e) => Date.parse(String(e.date)));
    expect([...instants].sort((a, b) => b - a)).toEqual(instants);
  });

  it('shows in-transit days and a customs release for slower international service', async () => {
    const tn = await book(shipRequest({ to: TORONTO, serviceType: 'INTERNATIONAL_ECONOMY', withCustoms: true }));
    await at_(10 * 24 * HOUR);
    const r = result((await track(tn)).json);
    expect(at(r, 'latestStatusDetail.code')).toBe('DL');
    const types = (at(r, 'scanEvents') as Array<{ eventType: string }>).map((e) => e.eventType);
    expect(types).toContain('IT');
    expect(types).toContain('CC');
  });

  it('tracks every piece of a multi-piece shipment', async () => {
    const reply = await api.call('POST', '/ship/v1/shipments', shipRequest({ packages: [{ lb: 2 }, { lb: 3 }] }));
    const second = String(at(reply.json, 'output.transactionShipments.0.pieceResponses.1.trackingNumber'));
    const r = result((await track(second)).json);
    expect(at(r, 'trackingNumberInfo.trackingNumber')).toBe(second);
    expect(at(r, 'packageDetails.sequenceNumber')).toBe('2');
    expect(at(r, 'packageDetails.count')).toBe('2');
  });

  it('shows a cancelled shipment as cancelled', async () => {
    const tn = await book();
    await api.advance(HOUR / 2);
    const cancel = await api.call('PUT', '/ship/v1/shipments/cancel', {
      accountNumber: { value: '510087020' },
      trackingNumber: tn,
    });
    expect(cancel.status).toBe(200);
    await api.advance(3 * 24 * HOUR);
    const r = result((await track(tn)).json);
    expect(at(r, 'latestStatusDetail')).toMatchObject({ code: 'CA', derivedCode: 'CA', statusByLocale: 'Cancelled' });
    expect(at(r, 'serviceCommitMessage.type')).toBe('CANCELLED_DESCRIPTION');
    expect((at(r, 'scanEvents') as unknown[]).length).toBe(2);
  });

  it('answers unknown numbers with a per-result NOTFOUND error', async () => {
    const tn = await book();
    const reply = await track(tn, '123456789012');
    expect(reply.status).toBe(200);
    expect(at(result(reply.json, 0), 'latestStatusDetail.code')).toBe('OC');
    expect(at(reply.json, 'output.completeTrackResults.1.trackingNumber')).toBe('123456789012');
    expect(at(result(reply.json, 1), 'error.code')).toBe('TRACKING.TRACKINGNUMBER.NOTFOUND');
  });

  it('rejects empty and oversized requests', async () => {
    const empty = await api.call('POST', '/track/v1/trackingnumbers', { includeDetailedScans: true, trackingInfo: [] });
    expect(empty.status).toBe(400);
    expect(errorCodes(empty)).toEqual(['TRACKING.TRACKINGNUMBER.EMPTY']);
    expect(at(empty.json, 'errors.0.message')).toBe('Please provide tracking number.');
    const many = await api.call(
      'POST',
      '/track/v1/trackingnumbers',
      trackRequest(...Array.from({ length: 31 }, (_, i) => String(100000000000 + i))),
    );
    expect(many.status).toBe(400);
  });
});
