/**
 * Takes the README's pictures anew from today's pages: docs/console.png (the shipments list),
 * docs/tracking-page.png and docs/returns-portal.png (on a phone). It serves the built pages with
 * the emulator through the browser tests' harness, books a few labels, and opens each page in
 * Chromium. Run: npx tsx scripts/readme-screenshots.ts
 */
import { join } from 'node:path';
import { address, recipientUS, shipment } from '../test/contract/support.js';
import { buildPages, launch, openSignedIn, serve, sessionCookie } from '../test/web/browser.js';

const docs = join(import.meta.dirname, '..', 'docs');

async function main(): Promise<void> {
  const s = await serve(await buildPages());
  const browser = await launch();
  try {
    const key = await s.t.key('acme');
    const post = async (path: string, body: unknown) => {
      const res = await s.t.call('POST', path, key, body);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.raw}`);
      return res.body;
    };
    const account = (
      await post('/shippingaccount', {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          name: 'Main warehouse',
          billing_address: address({ name: 'Acme returns' }),
        },
      })
    ).shipping_account.id as string;
    const names = ['Jane Smith', 'Bob Jones', 'Ida Light', 'Cora Customer'];
    const booked = [];
    for (const [i, name] of names.entries())
      booked.push(
        await post(
          '/ship',
          shipment(account, {
            service: i % 2 ? 'carrier_a_2_day' : 'carrier_a_ground',
            recipient: { ...recipientUS, name },
            references: [{ type: 'customer_reference', value: `100${i + 1}` }],
          }),
        ),
      );

    const owner = await s.t.user({ role: 'owner' });
    const cookie = await sessionCookie(s.url, owner.email, owner.password);
    const consolePage = await openSignedIn(browser, cookie, '/console/shipments', 1366);
    await consolePage.page.getByRole('link', { name: booked[0].shipment.tracking_number }).waitFor();
    await consolePage.page.screenshot({ path: join(docs, 'console.png') });
    await consolePage.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const tracking = await phone.newPage();
    await tracking.goto(booked[0].shipment.tracking_url);
    await tracking.getByRole('heading', { name: 'Journey' }).waitFor();
    await tracking.screenshot({ path: join(docs, 'tracking-page.png') });

    await post('/returns/methods', {
      return_method: {
        shipping_account: account,
        method_name: 'Drop off at a shop',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 0 },
        return_charge: 0,
      },
    });
    const link = await post('/returns/portal-links', {
      portal_link: {
        customer_id: 'cust-7',
        order_id: '1004',
        customer: address({ name: 'Cora Customer', street1: '77 Elm Road', phone: '9015550199' }),
        lines: [
          { line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, value: 12, weight: 0.5 },
          { line_id: 'L2', product_name: 'Tea towel', sku: 'TT-1', quantity: 1, value: 8, weight: 0.2 },
        ],
        weight_units: 'LB',
      },
    });
    const portal = await phone.newPage();
    await portal.goto(link.portal_link.url.replace(/^https?:\/\/[^/]+/, s.url));
    await portal.getByRole('heading', { name: /Return items from order/ }).waitFor();
    await portal.getByLabel('Blue mug').check();
    await portal.screenshot({ path: join(docs, 'returns-portal.png') });
    await phone.close();
  } finally {
    await browser.close();
    await s.close();
  }
}

await main();
