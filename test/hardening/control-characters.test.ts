/**
 * Finding: control characters in text fields reached the XML carrier raw (invalid XML) or cut the
 * value at U+0000 while the answer echoed the input. Every body string with U+0000–U+001F other
 * than tab is now a 400 naming the field, before any carrier call.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { address, shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();

describe('control characters in text fields', () => {
  it.each(['Ann\u0000Evil', 'Ann\u0007', 'Ann\nSmith', 'Ann\u001f'])('%j is a 400 naming the field', async (name) => {
    const err = expectError(
      await s.t.call(
        'POST',
        '/ship',
        s.key,
        shipment(s.account, { service: 'carrier_a_ground', sender: address({ name }) }),
      ),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('shipment.sender.name');
  });

  it('in keys and in other endpoints too', async () => {
    expectError(
      await s.t.call('POST', '/rate', s.key, { shipment: { ...shipment(s.account).shipment, 'x\u0000': 1 } }),
      400,
      'schema_validation_error',
    );
    expect(
      expectError(
        await s.t.call('POST', '/track', s.key, {
          track: { shipping_account: s.account, tracking_number: 'TEST\u0000100000001' },
        }),
        400,
        'schema_validation_error',
      ).detail,
    ).toBe('track.tracking_number');
  });

  it('tab stays allowed', async () => {
    expect(
      (await s.t.call('POST', '/rate', s.key, shipment(s.account, { sender: address({ company: 'Acme\tInc' }) })))
        .status,
    ).toBe(200);
  });
});
