import { describe, expect, it } from 'vitest';
import { ACCOUNT, at, errorCodes, HOUR, shipRequest, startClient, START, useClient } from './support.js';

describe('emulator control API and instance isolation', () => {
  const api = useClient();

  it('lists the hosted carriers', async () => {
    const reply = await api.control('GET', '/_emulator');
    expect(reply.status).toBe(200);
    const carriers = at(reply.json, 'carriers') as { slug: string; base_path: string; operations: string[] }[];
    const carrierA = carriers.find((c) => c.slug === 'carrier_a');
    expect(carrierA?.base_path).toBe('/carrier_a');
    expect(carrierA?.operations).toContain('pickup_availability');
    expect(carriers.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['australiapost', 'canadapost', 'dhl_parcel_de']),
    );
    expect(api.emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('moves and resets the clock', async () => {
    expect(at((await api.control('GET', '/_emulator/clock')).json, 'now')).toBe(START.toISOString());
    const moved = await api.control('POST', '/_emulator/clock', { advance_ms: 2 * HOUR });
    expect(at(moved.json, 'now')).toBe(new Date(START.getTime() + 2 * HOUR).toISOString());
    expect(at(moved.json, 'offset_ms')).toBe(2 * HOUR);
    expect(api.emulator.state.clock.now().toISOString()).toBe(new Date(START.getTime() + 2 * HOUR).toISOString());
    const reset = await api.control('DELETE', '/_emulator/clock');
    expect(at(reset.json, 'offset_ms')).toBe(0);
  });

  it('rejects a bad clock request with a clear error', async () => {
    for (const body of [{}, { advance_ms: 'soon' }, { advance_ms: 1.5 }]) {
      const reply = await api.control('POST', '/_emulator/clock', body);
      expect(reply.status).toBe(400);
      expect(at(reply.json, 'error.code')).toBe('invalid_clock');
    }
    const broken = await api.control('POST', '/_emulator/faults', undefined);
    expect(broken.status).toBe(400);
  });

  it('answers unknown carrier paths with FedEx NOT.FOUND.ERROR and unknown control paths plainly', async () => {
    const carrier = await api.call('POST', '/ship/v9/nothing', {});
    expect(carrier.status).toBe(404);
    expect(errorCodes(carrier)).toEqual(['NOT.FOUND.ERROR']);
    const control = await api.control('GET', '/_emulator/nothing');
    expect(control.status).toBe(404);
    expect(at(control.json, 'error.code')).toBe('not_found');
  });

  it('lists what a carrier booked with its references, which Track by References finds (later under a hidden fault)', async () => {
    const own = await startClient();
    try {
      const booked = await own.call('POST', '/ship/v1/shipments', shipRequest());
      const tracking = at(booked.json, 'output.transactionShipments.0.masterTrackingNumber');
      const list = await own.control('GET', '/_emulator/bookings?carrier=carrier_a');
      expect(at(list.json, 'bookings.carrier_a')).toEqual([
        { tracking_number: tracking, references: ['ORDER-1'], booked_at: START.toISOString(), cancelled: false },
      ]);
      const search = {
        referencesInformation: { type: 'CUSTOMER_REFERENCE', value: 'ORDER-1', accountNumber: ACCOUNT },
      };
      const numbersFound = async () =>
        (
          (at((await own.call('POST', '/track/v1/referencenumbers', search)).json, 'output.completeTrackResults') as {
            trackingNumber: string;
          }[]) ?? []
        ).map((r) => r.trackingNumber);
      expect(await numbersFound()).toEqual([tracking]);
      await own.control('POST', '/_emulator/faults', {
        carrier: 'carrier_a',
        operation: 'track_reference',
        fault: 'hidden:60000',
        count: 0,
      });
      expect(await numbersFound()).toEqual(['ORDER-1']);
      await own.advance(60_000);
      expect(await numbersFound()).toEqual([tracking]);
    } finally {
      await own.close();
    }
  });

  it('keeps state per emulator instance and numbers deterministically', async () => {
    const other = await startClient();
    try {
      const a = await api.call('POST', '/ship/v1/shipments', shipRequest());
      const b = await other.call('POST', '/ship/v1/shipments', shipRequest());
      expect(a.status).toBe(200);
      const first = at(a.json, 'output.transactionShipments.0.masterTrackingNumber');
      expect(at(b.json, 'output.transactionShipments.0.masterTrackingNumber')).toBe(first);
      expect(first).toBe('794900000019');
      expect(other.emulator.state.carrier_a.shipments.size).toBe(1);
    } finally {
      await other.close();
    }
  });
});
