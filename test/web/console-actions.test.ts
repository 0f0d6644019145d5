/**
 * The console's actions that cost money or change a carrier object, in Chromium against the real
 * service and the emulator: one Idempotency-Key per intent (a double click, a retry after a lost
 * answer book once), disabled while in flight, and the result shown where the user is looking.
 */
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, recipientUS } from '../contract/support.js';
import {
  buildPages,
  checkPage,
  confirmPurchase,
  describeInBrowser,
  fillAddresses,
  launch,
  openSignedIn,
  SCREENSHOTS,
  serve,
  sessionCookie,
  WIDTHS,
  type Served,
} from './browser.js';

describeInBrowser('console actions', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;
  let account: string;

  beforeAll(async () => {
    const root = await buildPages();
    s = await serve(root);
    browser = await launch();
    key = await s.t.key('acme');
    const owner = await s.t.user({ role: 'owner' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    account = (
      await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          name: 'Main warehouse',
          billing_address: address(),
        },
      })
    ).body.shipping_account.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function signedIn(
    path: string,
    width: number,
  ): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
    const { page, problems, close } = await openSignedIn(browser, cookie, path, width);
    return { page, problems, close };
  }

  /** The POSTs to `path` the page sends, with their Idempotency-Keys. */
  function watchKeys(page: Page, path: string): (string | undefined)[] {
    const keys: (string | undefined)[] = [];
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === path) keys.push(r.headers()['idempotency-key']);
    });
    return keys;
  }

  function expectOneKey(sent: (string | undefined)[]): void {
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((k) => k !== undefined && k === sent[0])).toBe(true);
  }

  async function fillShipment(page: Page, recipientName: string): Promise<void> {
    await page.getByRole('checkbox', { name: /Main warehouse/ }).check();
    await fillAddresses(page, address(), { ...recipientUS, name: recipientName });
  }

  async function rates(page: Page) {
    await page.getByRole('button', { name: 'Get rates' }).click();
    const buy = page
      .getByRole('region', { name: /Main warehouse/ })
      .getByRole('button', { name: /^Buy / })
      .first();
    await buy.waitFor();
    return buy;
  }

  async function labelsFor(name: string): Promise<number> {
    const res = await s.t.call('GET', `/shipments?search=${encodeURIComponent(name)}`, key);
    return (res.body as unknown[]).length;
  }

  /** The booking's confirmation: inside the viewport and holding the focus. */
  async function expectResultInView(page: Page): Promise<void> {
    const booked = page.getByRole('region', { name: /^Booked / });
    await booked.waitFor();
    await expect
      .poll(() => page.evaluate<boolean>('document.activeElement?.matches("section.done") ?? false'))
      .toBe(true);
    const box = (await booked.boundingBox())!;
    const height = page.viewportSize()!.height;
    expect(box.y, 'the confirmation starts inside the window').toBeGreaterThanOrEqual(0);
    expect(box.y + Math.min(box.height, 200), 'the confirmation is seen, not below the fold').toBeLessThanOrEqual(
      height,
    );
  }

  describe('buying a label', () => {
    it.each(WIDTHS)(
      'a double click on Buy books one label, and its confirmation is in view (%i px)',
      async (width) => {
        const name = `Double Click ${width}`;
        const { page, problems, close } = await signedIn('/console/new', width);
        const sent = watchKeys(page, '/ship');
        await fillShipment(page, name);
        const buy = await rates(page);
        await buy.click();
        await confirmPurchase(page, { dblclick: true });
        await expectResultInView(page);
        await page.screenshot({ path: join(SCREENSHOTS, `booked-${width}.png`) });
        expect(await labelsFor(name)).toBe(1);
        expectOneKey(sent);
        expect(problems).toEqual([]);
        await close();
        // The first label of the run starts the emulator's drawing threads: slow on a busy machine.
      },
      60_000,
    );

    it('a retry after a lost answer sends the same key and books once; after the booking the next Buy is a new intent', async () => {
      const name = 'Lost Answer';
      const { page, problems, close } = await signedIn('/console/new', 1366);
      const sent = watchKeys(page, '/ship');
      await fillShipment(page, name);
      let buy = await rates(page);
      // The service books and answers, but the answer never reaches the page.
      await page.route('**/ship', async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      });
      await buy.click();
      await confirmPurchase(page);
      await page.getByRole('status').filter({ hasText: 'Outcome unknown' }).waitFor();
      expect(await labelsFor(name)).toBe(1);
      await page.unroute('**/ship');
      await page.getByRole('button', { name: 'Check now' }).click();
      await expectResultInView(page);
      expect(await labelsFor(name)).toBe(1);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expectOneKey(sent);

      const before = sent.length;
      await fillShipment(page, name);
      buy = await rates(page);
      await buy.click();
      await confirmPurchase(page);
      await expectResultInView(page);
      expect(await labelsFor(name)).toBe(2);
      expect(sent).toHaveLength(before + 1);
      expect(sent[before]).not.toBe(sent[0]);
      expect(problems).toEqual([]);
      await close();
    });
  });

  describe('the other carrier actions', () => {
    it('a double click on Yes cancels a label once, with one key', async () => {
      const booked = await s.t.call('POST', '/ship', key, {
        shipment: {
          shipping_account: account,
          service: 'carrier_a_ground',
          packaging: 'your_packaging',
          sender: address(),
          recipient: recipientUS,
          packages: [{ weight: 2 }],
          weight_units: 'LB',
          dim_units: 'IN',
        },
      });
      expect(booked.status, booked.raw).toBe(200);
      const { page, problems, close } = await signedIn(`/console/shipments/${booked.body.shipment.id}`, 1366);
      const sent = watchKeys(page, '/cancel');
      await page.getByRole('button', { name: 'Cancel shipment' }).click();
      await page.getByRole('button', { name: 'Yes, cancel shipment' }).dblclick();
      await page.locator('.summary').getByText('Cancelled').waitFor();
      expectOneKey(sent);
      expect(problems).toEqual([]);
      await close();
    });

    it('a double click on the upload’s confirmation makes one batch, with one key', async () => {
      const csv = [
        'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
        'D-1,Dee Double,5 Fifth Ave,New York,NY,10001,US,2125550100,2',
      ].join('\n');
      const { page, problems, close } = await signedIn('/console/batches', 1366);
      const sent = watchKeys(page, '/batches');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'once.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel('Shipping account').selectOption(account);
      await page.getByLabel('Service').selectOption('carrier_a_ground');
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('button', { name: 'Yes, book 1 label' }).dblclick();
      await page.getByRole('heading', { name: /^Batch / }).waitFor();
      expectOneKey(sent);
      expect((await s.t.call('GET', '/batches', key)).body).toHaveLength(1);
      expect(problems).toEqual([]);
      await close();
    });
  });

  describe('the console as a product', () => {
    it('fills From from the account, offers only the units the API takes, shows rates wide with their delivery date, and names the service', async () => {
      const { page, problems, close } = await signedIn('/console/new', 1366);
      const failures: string[] = [];
      page.on('response', (r) => {
        // An account without an uploaded price list is answered 404, which its card shows as none.
        const path = new URL(r.url()).pathname;
        if (r.status() >= 400 && !(r.status() === 404 && path.endsWith('/price-list')))
          failures.push(`${r.status()} ${path}`);
      });
      await page.getByRole('checkbox', { name: /Main warehouse/ }).check();
      const from = page.getByRole('group', { name: 'From' });
      expect(await from.getByLabel('Name').inputValue()).toBe('Ann Sender');
      expect(await from.getByLabel('Postal code').inputValue()).toBe('38117');
      expect(await page.getByLabel('Weight unit').locator('option').allTextContents()).toEqual(['LB', 'KG']);
      const to = page.getByRole('group', { name: 'To' });
      for (const [label, value] of [
        ['Name', 'Wide Rates'],
        ['Street', recipientUS.street1],
        ['City', recipientUS.city],
        ['State or region', recipientUS.state],
        ['Postal code', recipientUS.postal_code],
        ['Phone', recipientUS.phone],
      ]) {
        await to.getByLabel(label!).fill(value!);
      }
      await rates(page);
      const card = page.getByRole('region', { name: /Main warehouse/ });
      const [cardBox, mainBox] = [(await card.boundingBox())!, (await page.locator('main').boundingBox())!];
      expect(cardBox.width / mainBox.width, 'one account’s rates use the width').toBeGreaterThan(0.9);
      expect(await card.locator('.rates li .sub').first().textContent()).toMatch(/^Arrives .+ · \d+ days?$/);
      await checkPage(page, 'new-rates');
      await card.getByRole('button', { name: /^Buy \S* ?Ground/ }).click();
      await confirmPurchase(page);
      await expectResultInView(page);
      expect(await page.getByRole('region', { name: /^Booked / }).textContent()).not.toContain('carrier_a_ground');
      await page.getByRole('link', { name: 'Shipments' }).click();
      await page.locator('table.list tbody tr').first().waitFor();
      expect(await page.locator('table.list').textContent()).not.toContain('carrier_a_ground');
      await page.getByRole('link', { name: 'Accounts' }).click();
      await page.getByRole('heading', { name: /Main warehouse/ }).waitFor();
      await checkPage(page, 'accounts-named');
      // No favicon 404, no balance asked of a carrier without prepaid postage.
      expect(failures).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    });

    it('gives a console-made account a billing address and defaults, books with an order number, and shows the customer tracking link', async () => {
      const bare = (
        await s.t.call('POST', '/shippingaccount', key, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true, name: 'Console dock' },
        })
      ).body.shipping_account.id as string;
      const { page, problems, close } = await signedIn('/console/accounts', 1366);
      const card = page.locator('li.card', { has: page.getByRole('heading', { name: /Console dock/ }) });
      await card.getByRole('button', { name: 'Edit account' }).click();
      const billing = card.getByRole('group', { name: /Billing address/ });
      for (const [label, value] of [
        ['Name', 'Dock Seven'],
        ['Street', '1 Main St'],
        ['City', 'Memphis'],
        ['State or region', 'TN'],
        ['Postal code', '38117'],
        ['Phone', '9015550100'],
      ]) {
        await billing.getByLabel(label!).fill(value!);
      }
      await card.getByLabel('Default weight unit').selectOption('LB');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByRole('button', { name: 'Edit account' }).waitFor();
      const saved = (await s.t.call('GET', `/shippingaccount/${bare}`, key)).body.shipping_account;
      expect(saved.billing_address).toMatchObject({ name: 'Dock Seven', city: 'Memphis', country: 'US' });
      expect(saved.defaults.weight_units).toBe('LB');
      // A CSV batch ships from the billing address: the upload is no longer refused.
      await page.getByRole('link', { name: 'Batches' }).click();
      await page.getByLabel('Shipping account').selectOption(bare);
      expect(await page.getByText('has no billing address').count()).toBe(0);

      await page.getByRole('link', { name: 'New shipment' }).click();
      await fillShipment(page, 'Order Person');
      await page.getByLabel('Order number').fill('SO-4711');
      const buy = await rates(page);
      await buy.click();
      await confirmPurchase(page);
      await expectResultInView(page);
      await page.getByRole('link', { name: 'Open the shipment' }).click();
      await page.getByText('SO-4711').waitFor();
      const link = await page.getByLabel(/Tracking link for the customer/).inputValue();
      expect(link).toMatch(/\/tracking\//);
      expect(await page.getByRole('link', { name: 'Customer tracking page' }).getAttribute('href')).toBe(link);
      await checkPage(page, 'shipment-links');
      expect(problems).toEqual([]);
      await close();
    });

    it('makes a return method, books a return (a double click is one, with one key), and makes a returns portal link that opens for the customer', async () => {
      const { page, problems, close } = await signedIn('/console/returns', 1366);
      const method = page.getByRole('form', { name: 'New return method' });
      await method.getByLabel('Shipping account').selectOption(account);
      await method.getByLabel('Method name').fill('Post office drop-off');
      await method.getByLabel('Service').selectOption('carrier_a_ground');
      await method.getByLabel('Charged to the customer').fill('4');
      await method.getByRole('button', { name: 'Create return method' }).click();
      await method.getByText('Return method “Post office drop-off” created.').waitFor();

      // A return booked for a customer: a double click is one return, with one key, and its page opens.
      const sent = watchKeys(page, '/returns');
      const booking = page.getByRole('form', { name: 'New return' });
      await booking
        .getByLabel('Return method')
        .selectOption({ label: 'Post office drop-off (International express and ground parcel carrier)' });
      await booking.getByLabel('Customer id').fill('cust-2');
      await booking.getByLabel('Product').fill('Tea towel');
      const sender = booking.getByRole('group', { name: /Customer/ });
      for (const [label, value] of [
        ['Name', 'Rita Returner'],
        ['Street', '5 Fifth Ave'],
        ['City', 'New York'],
        ['State or region', 'NY'],
        ['Postal code', '10001'],
        ['Phone', '2125550100'],
      ]) {
        await sender.getByLabel(label!).fill(value!);
      }
      // A return label is bought: the form asks first, with the method's price.
      await booking.getByRole('button', { name: 'Book return label' }).click();
      expect(
        await booking
          .getByRole('group')
          .filter({ hasText: /^Buy a return label/ })
          .textContent(),
      ).toMatch(
        /Buy a return label with Post office drop-off \(.+\) for \$\d+\.\d\d\? The customer is charged \$\d+\.\d\d\./,
      );
      await booking.getByRole('button', { name: /^Buy for \$/ }).dblclick();
      await page.getByRole('button', { name: 'Void return' }).waitFor();
      expectOneKey(sent);
      expect((await s.t.call('GET', '/returns?customer_id=cust-2', key)).body).toHaveLength(1);
      await page.getByRole('link', { name: '← Returns' }).click();
      await page.getByRole('form', { name: 'Returns portal link' }).waitFor();

      const portal = page.getByRole('form', { name: 'Returns portal link' });
      await portal.getByLabel('Customer id').fill('cust-1');
      await portal.getByLabel('Order id').fill('ord-1');
      const who = portal.getByRole('group', { name: 'Customer' });
      for (const [label, value] of [
        ['Name', 'Cora Customer'],
        ['Street', '5 Fifth Ave'],
        ['City', 'New York'],
        ['State or region', 'NY'],
        ['Postal code', '10001'],
        ['Phone', '2125550100'],
      ]) {
        await who.getByLabel(label!).fill(value!);
      }
      await portal.getByLabel('Item 1 product').fill('Blue mug');
      await portal.getByLabel('SKU').fill('MUG-B');
      await portal.getByLabel('Value of one').fill('12');
      await portal.getByLabel('Weight of one (LB)').fill('1');
      await portal.getByRole('button', { name: 'Create portal link' }).click();
      const url = await portal.getByLabel(/Link for the customer/).inputValue();
      expect(url).toMatch(/\/portal\//);
      await checkPage(page, 'returns-forms');
      const customer = await page.context().newPage();
      await customer.goto(`${s.url}${new URL(url).pathname}`);
      await customer.getByText('Blue mug').first().waitFor();
      await customer.getByText('Post office drop-off').first().waitFor();
      expect(problems).toEqual([]);
      await close();
    });

    it('schedules a pickup from the account’s address: a double click is one pickup, with one key, and its page opens', async () => {
      const { page, problems, close } = await signedIn('/console/pickups', 1366);
      const sent = watchKeys(page, '/pickup');
      const form = page.getByRole('form', { name: 'Schedule a pickup' });
      await form.getByLabel('Shipping account').selectOption(account);
      expect(await form.getByRole('group', { name: 'Pickup address' }).getByLabel('Street').inputValue()).toBe(
        '1 Main St',
      );
      await form.getByRole('button', { name: 'Schedule pickup' }).dblclick();
      await page.getByRole('button', { name: 'Cancel pickup' }).waitFor();
      expectOneKey(sent);
      expect((await s.t.call('GET', '/pickups', key)).body).toHaveLength(1);
      await checkPage(page, 'pickup-scheduled');
      expect(problems).toEqual([]);
      await close();
    });
  });
});
