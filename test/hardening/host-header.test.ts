/**
 * Finding: without WAYBILL_PUBLIC_URL, label links were built from the request's Host header
 * (`Host: attacker.example` → `http://attacker.example/labels/…`), in answers and in stored events.
 * They now use the address the service listens on.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();
const hostile = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };

describe('label links', () => {
  it('ignore the Host header: the configured address, then the listening one', async () => {
    const booked = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, { service: 'carrier_a_ground', webhooks: false }),
      hostile,
    );
    expect(booked.status, booked.raw).toBe(200);
    expect(booked.body.shipment.packages[0].label).toMatch(/^http:\/\/127\.0\.0\.1:8080\/labels\/lbl_/);
    const events = (await s.t.call('GET', '/events?type=shipment.created', s.key)).body.events;
    expect(JSON.stringify(events)).not.toContain('attacker.example');

    await s.t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (s.t.app.server.address() as AddressInfo).port;
    const again = await s.t.call('POST', '/ship', s.key, shipment(s.account, { service: 'carrier_a_ground' }), hostile);
    expect(again.body.shipment.packages[0].label.startsWith(`http://127.0.0.1:${port}/labels/`)).toBe(true);
    const list = await s.t.call('GET', '/returns', s.key, undefined, hostile);
    expect(list.status).toBe(200);
    expect(String(list.headers.link)).toContain(`http://127.0.0.1:${port}/returns?`);
  });
});
