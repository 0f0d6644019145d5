/**
 * The operator console in Debian's Chromium against the real service and the carrier emulator:
 * signing in, finding and opening a shipment, its label, cancelling, booking with rates side by
 * side, accounts, a webhook delivery replayed; axe-core, both widths and a screenshot on every page.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, recipientUS, shipment } from '../contract/support.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import {
  buildPages,
  checkPage,
  confirmPurchase,
  describeInBrowser,
  fillAddresses,
  launch,
  openSignedIn,
  serve,
  sessionCookie,
  signInOnForm,
  watchConsole,
  type Served,
} from './browser.js';

describeInBrowser('the operator console', () => {
  let s: Served;
  let browser: Browser;
  let receiver: Receiver;
  let key: string;
  let owner: { email: string; password: string };
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;
  let account: string;
  const booked: { id: string; tracking_number: string; name: string; label: string }[] = [];
  const DAY = 86_400_000;

  beforeAll(async () => {
    const [root, rx] = await Promise.all([buildPages(), startReceiver()]);
    receiver = rx;
    s = await serve(root, { WAYBILL_WEBHOOK_ALLOW_PRIVATE: 'true' });
    browser = await launch();
    key = await s.t.key('acme');
    owner = await s.t.user({ role: 'owner', email: 'ops@example.com', password: 'console password 1' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    account = (
      await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, name: 'Main warehouse' },
      })
    ).body.shipping_account.id;
    expect(
      (
        await s.t.call('POST', '/webhooks', key, {
          webhook: { url: `${receiver.url}/hook`, events: ['*'], description: 'Order system' },
        })
      ).status,
    ).toBe(200);
    for (const name of ['Dora Explorer', 'Eve Example', 'Fay Finder']) {
      const res = await s.t.call(
        'POST',
        '/ship',
        key,
        shipment(account, {
          service: 'carrier_a_ground',
          recipient: { ...recipientUS, name },
          references: [{ type: 'order', value: `ORD-${name.slice(0, 3)}` }],
        }),
      );
      expect(res.status, res.raw).toBe(200);
      booked.push({
        id: res.body.shipment.id,
        tracking_number: res.body.shipment.tracking_number,
        name,
        label: res.body.shipment.packages[0].label,
      });
    }
    const date = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const pickup = {
      shipping_account: account,
      carrier: 'carrier_a',
      location: address({ location_type: 'front desk' }),
      shipments: [{ packages: [{ weight: 5 }], service: 'carrier_a_ground' }],
      time: { date, ready_time: '10:00', close_time: '17:00' },
      dim_units: 'IN',
      weight_units: 'LB',
    };
    expect((await s.t.call('POST', '/pickup', key, { pickup })).status).toBe(200);
    const method = await s.t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account: account,
        method_name: 'Back by post',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 3 },
        return_charge: 3,
      },
    });
    const ret = await s.t.call('POST', '/returns', key, {
      return: {
        return_method: method.body.return_method.id,
        customer_id: 'c-9',
        order_id: 'o-77',
        customer: address({ name: 'Cora Customer' }),
        destination: recipientUS,
        return_lines: [{ product_name: 'Mug', quantity: 2, value: 10, weight: 1 }],
        packages: [{ weight: 2 }],
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(ret.status, ret.raw).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await receiver?.close();
  });

  /** A fresh browser context with the owner's session cookie, at `path`. */
  async function signedIn(
    path = '/console/shipments',
  ): Promise<{ ctx: BrowserContext; page: Page; problems: string[] }> {
    const { ctx, page, problems } = await openSignedIn(browser, cookie, path);
    return { ctx, page, problems };
  }

  describe('console in a browser', () => {
    it('refuses a wrong password on the form, signs in into an HttpOnly cookie with no key in the browser, and signs out', async () => {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(`${s.url}/console/`);
      await page.getByLabel('E-mail address').waitFor();
      await checkPage(page, 'sign-in');
      await signInOnForm(page, owner.email, 'not the password');
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('not accepted');
      await signInOnForm(page, owner.email, owner.password);
      await page.getByRole('heading', { name: 'Shipments' }).waitFor();
      expect(page.url()).toBe(`${s.url}/console/shipments`);
      // The session is a cookie no script reads; nothing is kept in the page's storage.
      expect(await page.evaluate('sessionStorage.length + localStorage.length')).toBe(0);
      expect(await page.evaluate('document.cookie')).toBe('');
      const cookies = await ctx.cookies();
      expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite, path: c.path }))).toEqual([
        { name: 'waybill_session', httpOnly: true, sameSite: 'Strict', path: '/' },
      ]);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('E-mail address').waitFor();
      expect(await ctx.cookies()).toEqual([]);
      // The session itself ended, not only the cookie: the old value is refused.
      const again = await fetch(`${s.url}/me`, { headers: { cookie: `waybill_session=${cookies[0]!.value}` } });
      expect(again.status).toBe(401);
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('finds a booked shipment by recipient, opens it, downloads its label, then cancels it after confirming', async () => {
      const { ctx, page, problems } = await signedIn();
      // Three outbound shipments and the return's label.
      await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(4);
      await checkPage(page, 'shipments');
      await page.getByLabel('Search').fill('eve');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(1);
      expect(page.url()).toContain('search=eve');
      const eve = booked[1]!;
      await page.getByRole('link', { name: eve.tracking_number }).click();
      await page.getByRole('heading', { name: `Shipment ${eve.tracking_number}` }).waitFor();
      expect(page.url()).toBe(`${s.url}/console/shipments/${eve.id}`);
      await page.getByText('Eve Example').first().waitFor();

      const link = page.getByRole('link', { name: 'Download label' });
      await link.waitFor();
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^blob:/);
      // The page's CSP lets it read nothing but its own origin, so the bytes are checked through the API.
      expect(await link.getAttribute('type')).toBe('application/pdf');
      const label = await fetch(`${s.url}${new URL(booked[1]!.label).pathname}`, { headers: { zkkey: key } });
      expect(
        Buffer.from(await label.arrayBuffer())
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
      const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      expect(tab.url()).toBe(href);
      await tab.close();

      await page.getByRole('button', { name: 'Refresh tracking' }).click();
      await page.locator('.timeline li').first().waitFor();
      await checkPage(page, 'shipment');

      await page.getByRole('button', { name: 'Cancel shipment' }).click();
      await page.getByRole('button', { name: 'Yes, cancel shipment' }).click();
      await page.locator('.summary').getByText('Cancelled').waitFor();
      expect((await s.t.call('GET', `/shipments/${eve.id}`, key)).body.shipment.status).toBe('SHIPMENT_VOIDED');
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('a deep link loads its page after signing in', async () => {
      const { ctx, page } = await signedIn(`/console/shipments/${booked[0]!.id}`);
      await page.getByRole('heading', { name: `Shipment ${booked[0]!.tracking_number}` }).waitFor();
      await ctx.close();
    });

    it('rates from two accounts side by side, buys one and offers its label to print', async () => {
      const second = (
        await s.t.call('POST', '/shippingaccount', key, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true, name: 'Second site' },
        })
      ).body.shipping_account.id;
      const { ctx, page, problems } = await signedIn('/console/new');
      await page.getByRole('checkbox', { name: /Main warehouse/ }).check();
      await page.getByRole('checkbox', { name: /Second site/ }).check();
      await fillAddresses(page, address(), recipientUS);
      await page.getByRole('button', { name: 'Get rates' }).click();
      await page.getByRole('heading', { name: 'Rates' }).waitFor();
      await page
        .getByRole('region', { name: /Second site/ })
        .getByRole('button', { name: /^Buy / })
        .first()
        .waitFor();
      expect(
        await page
          .getByRole('region', { name: /Main warehouse/ })
          .getByRole('button', { name: /^Buy / })
          .count(),
      ).toBeGreaterThan(0);
      await checkPage(page, 'new');
      await page
        .getByRole('region', { name: /Second site/ })
        .getByRole('button', { name: /^Buy / })
        .first()
        .click();
      await confirmPurchase(page);
      await page.getByRole('link', { name: 'Print label' }).waitFor();
      const bought = await s.t.call('GET', `/shipments?shipping_account=${second}`, key);
      expect(bought.body).toHaveLength(1);
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('adds an account with the carrier’s credential form, never showing the secret, and validates it', async () => {
      expect(
        (
          await s.t.call('POST', '/shippingaccount', key, {
            shipping_account: { carrier: 'carrier_c', country: 'US', test: true, name: 'Express desk' },
          })
        ).status,
      ).toBe(200);
      const { ctx, page, problems } = await signedIn('/console/accounts');
      await page.getByLabel('Carrier', { exact: true }).selectOption('carrier_b');
      // The account's own name comes first; the billing address's fieldset has a Name of its own.
      await page.getByLabel('Name', { exact: true }).first().fill('Carrier B live');
      await page.getByLabel('Account number', { exact: true }).fill('A1B2C3');
      await page.getByLabel(/^Userid/).fill('shipper');
      await page.getByLabel(/^Password/).fill('super-secret-value-b');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByRole('heading', { name: /Carrier B live/ }).waitFor();
      expect(await page.content()).not.toContain('super-secret-value-b');
      // Offered only where the carrier can check credentials.
      const main = page.locator('li.card', { has: page.getByRole('heading', { name: /Main warehouse/ }) });
      expect(await main.getByRole('button', { name: 'Validate credentials' }).count()).toBe(0);
      const card = page.locator('li.card', { has: page.getByRole('heading', { name: /Express desk/ }) });
      await card.getByRole('button', { name: 'Validate credentials' }).click();
      await card.locator('[aria-live] .note').waitFor();
      expect(await card.locator('[aria-live] .note').textContent()).toMatch(/^Accepted:/);
      await checkPage(page, 'accounts');
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('shows webhook deliveries with their attempts and replays one', async () => {
      await expect.poll(() => receiver.at('/hook').length, { timeout: 10_000 }).toBeGreaterThan(0);
      const { ctx, page, problems } = await signedIn('/console/webhooks');
      await page.getByRole('button', { name: 'Show deliveries' }).click();
      await page.locator('.delivery').first().waitFor();
      await expect.poll(() => page.locator('.attempts li').count()).toBeGreaterThan(0);
      expect(await page.locator('.attempts li').first().textContent()).toContain('HTTP 200');
      await checkPage(page, 'webhooks');
      const oldest = page.locator('.delivery').last();
      const eventId = (await oldest.locator('.event-id').textContent())!;
      const before = receiver.received.filter((r) => r.eventId === eventId).length;
      expect(before).toBe(1);
      await oldest.getByRole('button', { name: /^Replay / }).click();
      await expect
        .poll(() => receiver.received.filter((r) => r.eventId === eventId).length, { timeout: 10_000 })
        .toBe(2);
      // The replay is a new delivery of the same event, listed first once reloaded.
      await page.getByRole('button', { name: 'Reload deliveries' }).click();
      await expect.poll(() => page.locator('.delivery').first().locator('.event-id').textContent()).toBe(eventId);
      await expect.poll(() => page.locator('.delivery').first().locator('.attempts li').count()).toBe(1);
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('uploads a named CSV batch, watches it finish, lists every row (the failed one with its line and error), and downloads the print file', async () => {
      const dock = await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          name: 'Batch dock',
          billing_address: address(),
        },
      });
      expect(dock.status, dock.raw).toBe(200);
      const csv = [
        'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
        'B-1,"Smith, Jane",5 Fifth Ave,New York,NY,10001,US,2125550100,2',
        'B-2,Hank Heavy,1 Market St,San Francisco,CA,94105,US,4155550100,heavy',
        'B-3,Ida Light,5 Fifth Ave,New York,NY,10001,US,2125550100,1.5',
      ].join('\n');
      const { ctx, page, problems } = await signedIn('/console/batches');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel('Shipping account').selectOption(dock.body.shipping_account.id);
      expect(await page.getByLabel('Weight unit').locator('option').allTextContents()).toEqual(['LB', 'KG']);
      // Names from GET /meta/carriers, sorted, under the carrier's name, where people read names.
      const services = await page.getByLabel('Service').locator('option').allTextContents();
      expect(services).toContain('Ground');
      expect(services).toContain('2 Day A.M.');
      // The interface's unprefixed code beside the prefixed one says which it is.
      expect(services).toContain('International Priority (code international_priority)');
      expect(services.slice(1)).toEqual(
        [...services.slice(1)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
      );
      const carrierName = (await s.t.call('GET', '/meta/carriers/carrier_a', key)).body.carrier.name;
      expect(
        await page
          .getByLabel('Service')
          .locator('optgroup')
          .evaluateAll((gs) => gs.map((g) => (g as unknown as { label: string }).label)),
      ).toEqual([carrierName]);
      // Accounts by their name first, sorted.
      const accounts = (await page.getByLabel('Shipping account').locator('option').allTextContents()).slice(1);
      // The carrier by its display name, and the account's number, so two accounts never read the same.
      expect(accounts.some((a) => a.startsWith(`Batch dock (${carrierName}, US, test) · `))).toBe(true);
      expect(accounts).toEqual([...accounts].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
      await page.getByLabel('Service').selectOption('carrier_a_ground');
      await page.getByLabel('Batch name').fill('Monday wave');
      await page.getByRole('button', { name: 'Upload' }).click();
      // A preview asks before anything is booked: the rows it can book and their price, the bad row named.
      await page
        .locator('#preview-q')
        .filter({ hasText: /^Book 2 labels with Batch dock .* for \$/ })
        .waitFor();
      await page.getByRole('button', { name: /^Yes, book 2 labels for \$/ }).click();
      await page.getByRole('heading', { name: 'Batch Monday wave' }).waitFor();
      const batchId = page.url().split('/').pop()!;
      const bar = page.getByRole('progressbar', { name: 'Progress' });
      expect(await bar.getAttribute('aria-valuemax')).toBe('3');
      // The batch worker of the served app books the rows; the page polls until all three are done.
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('3');
      await page.locator('.summary').getByText('Completed with errors').waitFor();
      const facts = page.locator('.facts');
      expect(await facts.locator('div', { hasText: 'Booked' }).locator('dd').textContent()).toBe('2');
      expect(await facts.locator('div', { hasText: 'Failed' }).locator('dd').textContent()).toBe('1');
      const rows = page.getByRole('region', { name: 'Rows' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      const failedRows = page.getByRole('region', { name: 'Rows' }).locator('tbody tr.failed');
      expect(await failedRows.count()).toBe(1);
      expect(await failedRows.locator('td[data-label="Line"]').textContent()).toBe('3');
      expect(await failedRows.locator('td[data-label="Reference"]').textContent()).toBe('B-2');
      const error = await failedRows.locator('td[data-label="Result"]').textContent();
      expect(error).toContain('column weight: "heavy" is not a number');
      expect(error).not.toContain('line 3');

      // PDF labels make a PDF print file only (labels are not converted): nothing else is offered.
      expect(await page.getByLabel('Print file format').count()).toBe(0);
      // carrier_a has no end-of-day forms: nothing offers to close the day.
      expect(await page.getByRole('button', { name: 'Close the day' }).count()).toBe(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download print file (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${batchId}.pdf`);
      const file = readFileSync((await download.path())!);
      expect(file.subarray(0, 5).toString()).toBe('%PDF-');
      // One page per booked label, in batch order.
      expect(file.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
      await checkPage(page, 'batch');
      await page.getByRole('link', { name: 'This batch’s shipments' }).click();
      await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(2);
      expect(page.url()).toContain(`batch=${batchId}`);
      await page.goBack();
      await page.getByRole('link', { name: '← Batches' }).click();
      await page.getByRole('link', { name: 'Monday wave' }).waitFor();
      await checkPage(page, 'batches');
      expect((await s.t.call('GET', `/batches/${batchId}`, key)).body.batch.print_formats).toEqual(['pdf']);
      const items = await s.t.call('GET', `/batches/${batchId}/shipments`, key);
      expect(items.body.map((i: { status: string }) => i.status)).toEqual(['booked', 'failed', 'booked']);
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('offers a ZPL batch’s print file as ZPL only, and names the shipment’s service as GET /meta/carriers does', async () => {
      const dock = (await s.t.call('GET', '/shippingaccount', key)).body.shipping_accounts.find(
        (a: { name: string }) => a.name === 'Batch dock',
      );
      const csv = [
        'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
        'Z-1,Zoe Zed,5 Fifth Ave,New York,NY,10001,US,2125550100,2',
      ].join('\n');
      const query = new URLSearchParams({
        shipping_account: dock.id,
        service: 'carrier_a_2_day_am',
        packaging: 'your_packaging',
        weight_units: 'LB',
        dim_units: 'IN',
        label_type: 'ZPLII',
        reference: 'Thermal wave',
      });
      const posted = await s.t.app.inject({
        method: 'POST',
        url: `/batches?${query}`,
        headers: { zkkey: key, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(posted.statusCode, posted.body).toBe(202);
      const batchId = JSON.parse(posted.body).batch.id as string;
      await expect
        .poll(async () => (await s.t.call('GET', `/batches/${batchId}`, key)).body.batch.counts.booked, {
          timeout: 15_000,
        })
        .toBe(1);
      expect((await s.t.call('GET', `/batches/${batchId}`, key)).body.batch.print_formats).toEqual(['zpl']);
      const { ctx, page, problems } = await signedIn(`/console/batches/${batchId}`);
      await page.getByRole('heading', { name: 'Batch Thermal wave' }).waitFor();
      await page.getByRole('button', { name: 'Download print file (ZPL)' }).waitFor();
      await checkPage(page, 'batch-zpl');
      expect(await page.getByLabel('Print file format').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Download print file \((PDF|EPL)\)/ }).count()).toBe(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download print file (ZPL)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${batchId}.zpl`);
      expect(readFileSync((await download.path())!).toString('latin1')).toContain('^XA');
      // The row's shipment, in the list and on its page, by the service's name from the catalog.
      await page.getByRole('link', { name: 'This batch’s shipments' }).click();
      await page.locator('table.list tbody tr').first().getByText('2 Day A.M.').waitFor();
      await page.locator('table.list tbody a').first().click();
      await page.locator('.facts div', { hasText: 'Service' }).getByText('2 Day A.M.').waitFor();
      expect(problems).toEqual([]);
      await ctx.close();
    });

    it('every other page passes axe at both widths without sideways scrolling', async () => {
      const { ctx, page, problems } = await signedIn('/console/returns');
      await page.locator('table.list tbody tr').first().waitFor();
      await checkPage(page, 'returns');
      await page.locator('table.list tbody a').first().click();
      await page.getByRole('button', { name: 'Void return' }).waitFor();
      await checkPage(page, 'return');
      await page.getByRole('link', { name: 'Pickups' }).click();
      await page.locator('table.list tbody tr').first().waitFor();
      await checkPage(page, 'pickups');
      await page.locator('table.list tbody a').first().click();
      await page.getByRole('button', { name: 'Cancel pickup' }).waitFor();
      await checkPage(page, 'pickup');
      await page.getByRole('link', { name: 'Events' }).click();
      await page.locator('.events li').first().waitFor();
      await checkPage(page, 'events');
      expect(problems).toEqual([]);
      await ctx.close();
      // Five pages, each checked by axe at two widths: 14 s on a quiet two-core machine.
    }, 60_000);
  });
});
