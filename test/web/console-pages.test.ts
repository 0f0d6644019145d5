/**
 * The console's and the customer's pages where names, numbers, dates and return methods show, in
 * Chromium against the real service and the emulator, at 1366 and 390 px: a pickup return through
 * the portal where one method's account has no billing address (never offered; a failing return
 * says so calmly and the merchant's audit log has the detail), return methods listed, edited and
 * deleted, and a shipment page with names, its currency and its dates, booked and voided.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertMethod } from '../../src/storage/repositories/return-methods.js';
import { declarations } from '../../src/carriers/declarations.js';
import { address, recipientUS, shipment } from '../contract/support.js';
import {
  buildPages,
  checkPage,
  describeInBrowser,
  launch,
  openSignedIn,
  serve,
  sessionCookie,
  watchConsole,
  type Served,
} from './browser.js';

describeInBrowser('console and portal pages: names, money, dates, return methods', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;
  let billed: string;
  let bare: string;

  beforeAll(async () => {
    const root = await buildPages();
    s = await serve(root);
    browser = await launch();
    key = await s.t.key('acme');
    const owner = await s.t.user({ role: 'owner' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    const account = async (body: Record<string, unknown>) => {
      const res = await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: { country: 'US', test: true, ...body },
      });
      expect(res.status, res.raw).toBe(200);
      return res.body.shipping_account.id as string;
    };
    billed = await account({
      carrier: 'carrier_a',
      name: 'Main warehouse',
      billing_address: address({ name: 'Returns desk' }),
    });
    bare = await account({ carrier: 'carrier_b', name: 'Second warehouse' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  const method = async (
    shipping_account: string,
    method_name: string,
    type: string,
    charge: number,
    service = 'carrier_a_ground',
  ) => {
    const res = await s.t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account,
        method_name,
        type,
        service,
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: charge },
        return_charge: charge,
      },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.return_method.id as string;
  };

  it('a pickup method on an account without a billing address is refused in the console, naming what is missing, and made with an address of its own', async () => {
    const { page, problems, close } = await openSignedIn(browser, cookie, '/console/returns');
    const form = page.getByRole('form', { name: 'New return method' });
    await form.getByLabel('Shipping account').selectOption(bare);
    const noBilling = form.getByText(/^This account has no billing address/);
    await noBilling.waitFor();
    await form.getByLabel('Method name').fill('Collected at home');
    await form.getByLabel('Type').selectOption('pickup');
    await form.getByLabel('Service').selectOption('carrier_b_ground');
    await form.getByRole('button', { name: 'Create return method' }).click();
    await form.getByText(/destination is required for a pickup return method/).waitFor();
    await checkPage(page, 'return-method-refused');
    // With an address of its own, the same pickup method is made.
    await form.getByLabel('Send its returns to an address of its own').check();
    // Its own address chosen, the account's missing one is no longer news.
    expect(await noBilling.count()).toBe(0);
    const to = form.getByRole('group', { name: 'Returns go to' });
    await to.getByLabel('Name').fill('Returns warehouse');
    await to.getByLabel('Street').fill('9 Dock Rd');
    await to.getByLabel('City').fill('Newark');
    await to.getByLabel('Country (2 letters)').fill('US');
    await form.getByRole('button', { name: 'Create return method' }).click();
    await form.getByText('Return method “Collected at home” created.').waitFor();
    await page.getByText('Returns go to Returns warehouse, Newark, US').waitFor();
    await checkPage(page, 'return-method-own-destination');
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  it('the portal never offers a method that cannot complete, and a failing return reaches the customer calmly', async () => {
    // A method made before the check (on the account without a billing address) stays in the data.
    const now = new Date().toISOString();
    await insertMethod(s.t.db.database.db, {
      id: 'rm_legacy',
      tenant: 'acme',
      shipping_account_id: bare,
      carrier: 'carrier_b',
      method_name: 'Old pickup at home',
      type: 'pickup',
      service: 'carrier_b_ground',
      packaging: null,
      label_type: null,
      carrier_charge: 6,
      customer_charge: 4,
      return_charge: 4,
      destination: null,
      created_at: now,
      updated_at: now,
    });
    await method(billed, 'Pickup at home', 'pickup', 4);
    const customer = address({ name: 'Cora Customer', street1: '77 Elm Road', phone: '9015550199' });
    const lines = [{ line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 1, value: 12, weight: 0.5 }];
    const link = await s.t.call('POST', '/returns/portal-links', key, {
      portal_link: { customer_id: 'cust-7', order_id: 'A-2001', customer, lines, weight_units: 'LB' },
    });
    expect(link.status, link.raw).toBe(200);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    const problems = watchConsole(page);
    await page.goto(`${s.url}${new URL(link.body.portal_link.url).pathname}`);
    await page.getByRole('heading', { name: 'Return items from order A-2001' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Old pickup at home');
    // Every amount with its currency.
    await page.getByText('Return charge $4.00').waitFor();

    await page.getByLabel('Blue mug').check();
    await page.locator('#line-L1-reason').selectOption('Too small');
    await page.getByRole('radio', { name: /Pickup at home/ }).check();
    await page.locator('#pickup-date').selectOption({ index: 1 });
    await s.em.fault('carrier_a', 'ship', 'auth', 5);
    await page.getByRole('button', { name: 'Create return' }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'This return cannot be made online just now' }).waitFor();
    expect(await alert.innerText()).not.toMatch(/billing_address|shipping account|carrier_a|credential|return\./i);
    await checkPage(page, 'portal-return-calm');
    await s.em.clearFaults();

    // The merchant's audit log has what the customer was spared.
    const entries = (await s.t.call('GET', '/audit?action=return.failed', key)).body as {
      actor: { kind: string };
      changes: { code: string };
    }[];
    expect(entries[0]).toMatchObject({ actor: { kind: 'customer' }, changes: { code: 'carrier_authentication' } });

    await page.getByRole('button', { name: 'Create return' }).click();
    await page.getByRole('heading', { name: 'Your return is ready' }).waitFor({ timeout: 30_000 });
    await checkPage(page, 'portal-return-done');
    expect(problems).toEqual([]);
    await ctx.close();
  }, 90_000);

  it('return methods are listed with their account and charge, edited and deleted', async () => {
    await method(billed, 'Drop off at a shop', 'drop_off', 0);
    await method(billed, 'Drop it off', 'drop_off', 3.5);
    const { page, problems, close } = await openSignedIn(browser, cookie, '/console/returns');
    const methods = page.getByRole('region', { name: 'Return methods' });
    await methods.getByRole('heading', { name: 'Drop it off' }).waitFor();
    expect(await methods.innerText()).toContain('charged to the customer $3.50');
    expect(await methods.innerText()).toContain('Main warehouse');

    await methods.getByRole('button', { name: 'Edit return method Drop it off' }).click();
    const edit = page.getByRole('form', { name: 'Edit return method Drop it off' });
    await edit.getByLabel('Method name').fill('Drop it at a post office');
    await edit.getByLabel('Charged to the customer').fill('2.25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await methods.getByRole('heading', { name: 'Drop it at a post office' }).waitFor();
    expect(await methods.innerText()).toContain('charged to the customer $2.25');

    // An address of its own is cleared in the form: its returns go to the account's billing address again.
    const own = await s.t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account: billed,
        method_name: 'Back to the dock',
        type: 'pickup',
        service: 'carrier_a_ground',
        cost: { carrier_charge: 6, customer_charge: 0 },
        return_charge: 0,
        destination: address({ name: 'Dock Nine', city: 'Newark' }),
      },
    });
    expect(own.status, own.raw).toBe(200);
    await page.reload();
    await methods.getByText('Returns go to Dock Nine, Newark, US').waitFor();
    await methods.getByRole('button', { name: 'Edit return method Back to the dock' }).click();
    const ownEdit = page.getByRole('form', { name: 'Edit return method Back to the dock' });
    expect(await ownEdit.getByLabel('Street').inputValue()).toBe('1 Main St');
    await ownEdit.getByLabel('Use the account’s billing address').check();
    await ownEdit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => methods.getByText('Returns go to Dock Nine, Newark, US').count()).toBe(0);
    const cleared = await s.t.call('GET', `/returns/methods/${own.body.return_method.id}`, key);
    expect(cleared.body.return_method).not.toHaveProperty('destination');

    await methods.getByRole('button', { name: 'Delete return method Drop off at a shop' }).click();
    await methods.getByRole('button', { name: 'Yes, delete the method' }).click();
    await expect.poll(() => methods.getByRole('heading', { name: 'Drop off at a shop' }).count()).toBe(0);
    await checkPage(page, 'return-methods');
    const audit = (await s.t.call('GET', '/audit?resource=return_method', key)).body as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['return_method.created', 'return_method.updated', 'return_method.deleted']),
    );
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  it('a shipment page names its carrier and account, gives dates as dates, and says voided once', async () => {
    const booked = await s.t.call('POST', '/ship', key, shipment(billed, { service: 'carrier_a_ground' }));
    expect(booked.status, booked.raw).toBe(200);
    const id = booked.body.shipment.id as string;
    const { page, problems, close } = await openSignedIn(browser, cookie, `/console/shipments/${id}`);
    const bookingPanel = page.locator('section.card', { has: page.getByRole('heading', { name: 'Booking' }) });
    await bookingPanel.getByText(declarations.carrier_a.name, { exact: true }).waitFor();
    expect(await bookingPanel.innerText()).toContain(
      `Main warehouse (${declarations.carrier_a.name}, US, test) · ${billed}`,
    );
    await page.getByRole('button', { name: 'Refresh tracking' }).click();
    const estimate = page.getByText(/^Estimated delivery /);
    await estimate.first().waitFor();
    // The tracking panel's estimate is a date: no time of day, no zone.
    for (const text of await estimate.allInnerTexts()) expect(text).not.toMatch(/\d:\d\d/);
    await checkPage(page, 'shipment-booked');

    // A crowded row (a long name and city) beside it: the table narrows its columns, never an amount.
    const crowded = await s.t.call(
      'POST',
      '/ship',
      key,
      shipment(billed, {
        service: 'carrier_a_ground',
        recipient: {
          ...recipientUS,
          name: 'Bartholomew Fitzgerald-Montgomery of the Northern Receiving Dock',
          city: 'Saint Petersburg Beach Gardens',
        },
      }),
    );
    expect(crowded.status, crowded.raw).toBe(200);
    const list = await openSignedIn(browser, cookie, '/console/shipments');
    await list.page.getByRole('link', { name: booked.body.shipment.tracking_number }).waitFor();
    expect(await list.page.locator('table.list').innerText()).toContain(declarations.carrier_a.name);
    const costs = list.page.locator('td[data-label="Cost"] .amount');
    // Two shipments here, and the portal's return before them.
    expect(await costs.count()).toBeGreaterThanOrEqual(2);
    for (const cost of await costs.all())
      expect(await cost.evaluate((el: { getClientRects(): { length: number } }) => el.getClientRects().length)).toBe(1);
    await list.close();

    expect(
      (
        await s.t.call('POST', '/cancel', key, {
          cancel: { shipping_account: billed, tracking_number: booked.body.shipment.tracking_number },
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await page.getByText('Label voided with the shipment').waitFor();
    expect(await page.getByText('Label unavailable').count()).toBe(0);
    expect(await page.getByText(/Estimated delivery/).count()).toBe(0);
    expect(await page.locator('.note-error').count()).toBe(0);
    await checkPage(page, 'shipment-voided');
    expect(problems).toEqual([]);
    await close();
  }, 60_000);
});
