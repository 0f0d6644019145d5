/**
 * Finding: `ship_date: "9999-12-31"` once made the emulator's business-day loop spin for ever
 * ("+010000-01-01" compares below every real date), freezing the whole process. Far dates are now
 * refused before any carrier call, and date arithmetic throws instead of leaving four-digit years.
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  daysUntil,
  isIsoDate,
  MAX_SPAN_DAYS,
  nextBusinessDay,
} from '../../src/emulator/calendar.js';
import { expectError } from '../support/app.js';
import { shipment, useCarrierA } from '../contract/support.js';

describe('emulator calendar at the edges', () => {
  it('throws past 9999-12-31 instead of producing six-digit years', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('not-a-date', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => nextBusinessDay('9999-12-31')).not.toThrow(); // a Friday
    expect(() => addBusinessDays('2026-01-01', 1e9)).toThrow(RangeError);
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23');
  });

  it('walks at most MAX_SPAN_DAYS days, whatever the bounds', () => {
    expect([...daysUntil('2026-01-01', '9999-12-31')]).toHaveLength(MAX_SPAN_DAYS);
    expect([...daysUntil('2026-01-01', '2026-01-04')]).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });

  it('knows impossible dates', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});

describe('far ship dates against the service', () => {
  const s = useCarrierA();

  it('answers 400 for a rate a year and more ahead, and the service keeps answering', async () => {
    const err = expectError(
      await s.t.call('POST', '/rate', s.key, shipment(s.account, { ship_date: '9999-12-31' })),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('shipment.ship_date');
    expect((await s.t.call('GET', '/healthz', undefined)).status).toBe(200);
    const inHalfAYear = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
    expect((await s.t.call('POST', '/rate', s.key, shipment(s.account, { ship_date: inHalfAYear }))).status).toBe(200);
  });

  it('answers 400 for a label dated beyond the carriers ten days', async () => {
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expectError(
      await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground', ship_date: inAMonth })),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_a_ground', ship_date: '9999-12-31' }),
      ),
      400,
      'schema_validation_error',
    );
  });

  it('answers 400 for pickups and manifests dated far ahead', async () => {
    const pickup = {
      shipping_account: s.account,
      carrier: 'carrier_a',
      shipments: [{ packages: [{ weight: 2, length: 10, width: 8, height: 4 }] }],
      dim_units: 'IN',
      weight_units: 'LB',
      location: {
        name: 'Ann',
        street1: '1 Main St',
        city: 'Memphis',
        state: 'TN',
        postal_code: '38117',
        country: 'US',
        phone: '9015550100',
        location_type: 'office',
      },
    };
    expectError(
      await s.t.call('POST', '/pickup/availability', s.key, {
        pickup_availability: { ...pickup, start_date: '9999-12-01', end_date: '9999-12-31' },
      }),
      400,
      'schema_validation_error',
    );
    expectError(
      await s.t.call('POST', '/manifest', s.key, {
        manifest: { shipping_account: s.account, ship_date: '9999-12-31' },
      }),
      400,
      'schema_validation_error',
    );
  });
});
