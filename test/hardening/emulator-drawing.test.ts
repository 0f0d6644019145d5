/**
 * Finding: in the default `npm start` the emulator runs in the service's process and drew labels on
 * its event loop: 200 carrier_b packages as PDF held every other request, /healthz included, for
 * 350-1,149 ms, 99 carrier_c PNGs for 655 ms. The emulator now draws on worker threads
 * (documents/drawing/threads.ts): /healthz keeps answering while it draws.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useCarrierB } from '../contract/carrier_b.support.js';
import { shipment } from '../contract/support.js';

// The emulator of this suite runs in the test's process, beside the service, as in `npm start`.
const s = useCarrierB();
const PACKAGES = 60;

describe("the emulator in the service's process", () => {
  it("draws a shipment's labels while /healthz keeps answering", async () => {
    await s.t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(s.t.app.server.address() as AddressInfo).port}`;
    // A first booking starts the drawing threads; the one measured finds them running.
    const warm = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        service: 'carrier_b_ground',
        label_type: 'PNG',
        packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      }),
    );
    expect(warm.status, warm.raw).toBe(200);
    const packages = Array.from({ length: PACKAGES }, () => ({
      weight: 2,
      length: 10,
      width: 8,
      height: 4,
      value: 50,
    }));
    let done = false;
    const booking = fetch(`${base}/ship`, {
      method: 'POST',
      headers: { zkkey: s.key, 'content-type': 'application/json' },
      // PNG, which the service hands on as the carrier drew it: the labels are the emulator's work alone.
      body: JSON.stringify(
        shipment(s.account, { service: 'carrier_b_ground', label_type: 'PNG', include_base64_label: true, packages }),
      ),
    }).finally(() => (done = true));
    const calls = () => s.t.logs.filter((l) => l.includes('"carrier call"') && l.includes('/shipments')).length;
    const before = calls();
    // Answers while the carrier call is under way: most of that time is the emulator drawing.
    let answeredDuringCall = 0;
    while (!done) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (calls() === before && !done) answeredDuringCall++;
    }
    const res = await booking;
    const body = (await res.json()) as { shipment: { packages: { label: string }[] } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.shipment.packages).toHaveLength(PACKAGES);
    for (const p of body.shipment.packages)
      expect(Buffer.from(p.label, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // On the event loop, the drawing of the labels was one block with no turn for /healthz; on
    // threads, the loop answers it throughout.
    expect(answeredDuringCall).toBeGreaterThanOrEqual(PACKAGES);
  }, 120_000);
});
