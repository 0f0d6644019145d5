/**
 * @waybill/client in a browser: bundled for the browser platform (a Node import would fail the
 * bundle), loaded into Chromium on the service's origin, it books and tracks through the page's
 * fetch and verifies a webhook signature with the page's Web Crypto.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signatureHeader } from '../../src/services/webhooks/sender.js';
import { shipment, useCarrierA } from '../contract/support.js';
import { projectRoot } from '../support/process.js';
import { describeInBrowser, launch } from '../web/browser.js';

const s = useCarrierA();
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launch();
});
afterAll(() => browser?.close());

describeInBrowser('@waybill/client in Chromium', () => {
  it('rates, ships and tracks with fetch and verifies a webhook with Web Crypto', async () => {
    const bundle = await build({
      entryPoints: [join(projectRoot, 'packages', 'client', 'src', 'index.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      globalName: 'WaybillClient',
      target: 'es2022',
      logLevel: 'silent',
    });
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(`${bundle.outputFiles[0]!.text}\nwindow.WaybillClient = WaybillClient;`);
    const body = JSON.stringify({ id: 'evt_1', type: 'shipment.created', created: '2026-01-02T03:04:05Z', data: {} });
    const t = Math.floor(Date.now() / 1000);
    const input = {
      key: s.key,
      shipment: shipment(s.account, { service: 'carrier_a_ground' }),
      account: s.account,
      body,
      header: signatureHeader(['whsec_1'], t, body),
    };
    // Written as page source: the test program is compiled without the browser's types.
    const out = await page.evaluate(`(async (input) => {
      const { createClient, verifyWebhook } = window.WaybillClient;
      const waybill = createClient({ baseUrl: location.origin, apiKey: input.key });
      const { rates } = await waybill.op.rateShipment({ body: input.shipment });
      const { shipment } = await waybill.op.createShipment({ body: input.shipment });
      const tracked = await waybill.op.trackShipment({ body: { track: { shipping_account: input.account, tracking_number: shipment.tracking_number } } });
      await verifyWebhook({ payload: input.body, header: input.header, secret: 'whsec_1' });
      const refused = await verifyWebhook({ payload: input.body + ' ', header: input.header, secret: 'whsec_1' }).then(() => 'accepted', (e) => e.name);
      return { rated: rates.length, stage: tracked.tracking_stage, refused };
    })(${JSON.stringify(input)})`);
    expect(out).toEqual({ rated: expect.any(Number), stage: 'CREATED', refused: 'WaybillSignatureError' });
    expect((out as { rated: number }).rated).toBeGreaterThan(0);
  }, 60_000);
});
