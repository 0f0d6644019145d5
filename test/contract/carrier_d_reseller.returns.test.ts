/** Returns through carrier_d_reseller: a carrier the returns code knows only by its adapter contract. */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/app.js';
import { recipientUS, senderUS, useReseller } from './carrier_d_reseller.support.js';

const s = useReseller();

describe('returns with carrier_d_reseller', () => {
  it('drops off at retail counters: no pickup methods, no location search, a return label booked and voided', async () => {
    const body = (type: string) => ({
      return_method: {
        shipping_account: s.account,
        method_name: 'Post office',
        type,
        service: 'priority',
        packaging: 'parcel',
        cost: { carrier_charge: 9, customer_charge: 0 },
        return_charge: 0,
      },
    });
    expectError(await s.t.call('POST', '/returns/methods', s.key, body('pickup')), 400, 'carrier_unsupported_method');
    const method = await s.t.call('POST', '/returns/methods', s.key, body('drop_off'));
    expect(method.status, method.raw).toBe(200);
    const listed = await s.t.call('GET', '/returns/methods?country=US&postal_code=94041', s.key);
    expect(listed.body.return_methods[0]).toMatchObject({ id: method.body.return_method.id, options: [] });
    expect(listed.body.return_methods[0].options_error).toBeUndefined();

    const created = await s.t.call('POST', '/returns', s.key, {
      return: {
        return_method: method.body.return_method.id,
        customer_id: 'c1',
        customer: senderUS,
        destination: recipientUS,
        return_lines: [{ product_name: 'Mug', quantity: 1 }],
        packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(created.status, created.raw).toBe(200);
    expect(created.body.shipment.label.length).toBeGreaterThan(100);
    const voided = await s.t.call('PATCH', `/returns/${created.body.id}`, s.key, {
      shipment: { status: 'SHIPMENT_VOIDED' },
    });
    expect(voided.status, voided.raw).toBe(200);
    expect(voided.body.shipment.status).toBe('SHIPMENT_VOIDED');
  });
});
