/**
 * Money and trust on New shipment, in Chromium against the real service and the emulator: every
 * purchase asks first with its price, a second label for the same order is warned about, and an
 * answer lost after the carrier booked is shown as unknown, survives a reload, and settles into the
 * booking, never a second one.
 */
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { address, recipientUS } from '../contract/support.js';
import {
  buildPages,
  checkPage,
  describeInBrowser,
  fillAddresses,
  launch,
  openSignedIn,
  SCREENSHOTS,
  serve,
  sessionCookie,
  signInOnForm,
  watchConsole,
  WIDTHS,
  type Served,
} from './browser.js';

describeInBrowser('money and trust on New shipment', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;
  let root: string;

  beforeAll(async () => {
    root = await buildPages();
    s = await serve(root);
    browser = await launch();
    key = await s.t.key('acme');
    const owner = await s.t.user({ role: 'owner' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    await s.t.call('POST', '/shippingaccount', key, {
      shipping_account: {
        carrier: 'carrier_a',
        country: 'US',
        test: true,
        name: 'Main warehouse',
        billing_address: address(),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** The POSTs to /ship the page sends, with their Idempotency-Keys. */
  function watchShips(page: Page): (string | undefined)[] {
    const keys: (string | undefined)[] = [];
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/ship') keys.push(r.headers()['idempotency-key']);
    });
    return keys;
  }

  async function fillOrder(page: Page, name: string, order: string): Promise<void> {
    await page.getByRole('checkbox', { name: /Main warehouse/ }).check();
    await fillAddresses(page, address(), { ...recipientUS, name });
    await page.getByLabel('Order number').fill(order);
    await page.getByRole('button', { name: 'Get rates' }).click();
  }

  /** Clicks the first Buy, and answers the question that opens. */
  async function askToBuy(page: Page) {
    await page
      .getByRole('region', { name: /Main warehouse/ })
      .getByRole('button', { name: /^Buy / })
      .first()
      .click();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    return question;
  }

  const labelsOf = async (name: string) =>
    ((await s.t.call('GET', `/shipments?search=${encodeURIComponent(name)}`, key)).body as { status: string }[]).filter(
      (x) => x.status !== 'SHIPMENT_VOIDED',
    ).length;

  vi.setConfig({ testTimeout: 90_000 });

  describe('a purchase', () => {
    it.each(WIDTHS)(
      'asks with the carrier, the service and the price, then shows the booking and clears the form (%i px)',
      async (width) => {
        const name = `Asked First ${width}`;
        const { page, problems, close } = await openSignedIn(browser, cookie, '/console/new', width);
        const sent = watchShips(page);
        await fillOrder(page, name, `ASK-${width}`);
        const question = await askToBuy(page);
        expect(await question.getByRole('heading').textContent()).toMatch(
          /^Buy .+ \(International express and ground parcel carrier\) for \$\d+\.\d\d\?$/,
        );
        expect(sent).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `buy-question-${width}.png`), fullPage: true });
        const price = (await question.getByRole('heading').textContent())!.match(/for (\$[\d.,]+)\?/)![1]!;
        await question.getByRole('button', { name: `Buy for ${price}` }).dblclick();
        const booked = page.getByRole('region', { name: /^Booked / });
        await booked.waitFor();
        expect(await booked.textContent()).toContain(price);
        expect(sent).toHaveLength(1);
        expect(await labelsOf(name)).toBe(1);
        // The form is ready for the next order: no recipient, no order number, no stale rates.
        expect(await page.getByRole('group', { name: 'To' }).getByLabel('Name').inputValue()).toBe('');
        expect(await page.getByLabel('Order number').inputValue()).toBe('');
        expect(await page.getByRole('heading', { name: 'Rates' }).count()).toBe(0);
        await page.screenshot({ path: join(SCREENSHOTS, `buy-booked-${width}.png`), fullPage: true });
        expect(problems).toEqual([]);
        await close();
      },
    );

    it('Don’t buy buys nothing', async () => {
      const { page, close } = await openSignedIn(browser, cookie, '/console/new', 1366);
      const sent = watchShips(page);
      await fillOrder(page, 'Not Bought', 'NOT-1');
      const question = await askToBuy(page);
      await question.getByRole('button', { name: 'Don’t buy' }).click();
      await question.waitFor({ state: 'detached' });
      expect(sent).toEqual([]);
      expect(await labelsOf('Not Bought')).toBe(0);
      await close();
    });
  });

  describe('a second purchase of the same order', () => {
    it.each(WIDTHS)('is warned about with the live label, and bought only when asked again (%i px)', async (width) => {
      const name = `Twice Ordered ${width}`;
      const order = `WEB-5002-${width}`;
      const { page, problems, close } = await openSignedIn(browser, cookie, '/console/new', width);
      await fillOrder(page, name, order);
      let question = await askToBuy(page);
      await question.getByRole('button', { name: /^Buy for / }).click();
      await page.getByRole('region', { name: /^Booked / }).waitFor();
      const first = (await page
        .getByRole('region', { name: /^Booked / })
        .getByRole('heading')
        .textContent())!.replace('Booked ', '');

      await fillOrder(page, name, order);
      question = await askToBuy(page);
      expect(await question.textContent()).toContain(`Order ${order} already has a live label`);
      expect(await question.getByRole('link').first().textContent()).toBe(first);
      await checkPage(page, 'buy-duplicate');
      await question.getByRole('button', { name: 'Don’t buy' }).click();
      expect(await labelsOf(name)).toBe(1);

      await page.setViewportSize({ width, height: 900 });
      question = await askToBuy(page);
      await question.getByRole('button', { name: /^Buy another label for / }).click();
      await page.getByRole('region', { name: /^Booked / }).waitFor();
      expect(await labelsOf(name)).toBe(2);
      expect(problems).toEqual([]);
      await close();
    });
  });

  describe('an answer lost after the carrier booked', () => {
    it.each(WIDTHS)(
      'is shown as unknown, survives a reload, and settles into the one booking (%i px)',
      async (width) => {
        const name = `Lost Answer ${width}`;
        const { page, problems, close } = await openSignedIn(browser, cookie, '/console/new', width);
        const sent = watchShips(page);
        // The carrier books, then cuts the connection; its search does not show the booking yet.
        await s.em.fault('carrier_a', 'ship', 'drop');
        await s.em.fault('carrier_a', 'track_reference', 'hidden:600000', 0);
        try {
          await fillOrder(page, name, `LOST-${width}`);
          const question = await askToBuy(page);
          await question.getByRole('button', { name: /^Buy for / }).click();
          const unknown = page.getByRole('status').filter({ hasText: 'Outcome unknown' });
          await unknown.waitFor();
          expect(await unknown.textContent()).toContain('The label may have been bought');
          await page.screenshot({ path: join(SCREENSHOTS, `buy-unknown-${width}.png`), fullPage: true });
          expect(await labelsOf(name)).toBe(0);
          expect((await s.em.bookings('carrier_a')).length).toBeGreaterThan(0);

          await page.reload();
          await page.getByRole('status').filter({ hasText: 'Outcome unknown' }).waitFor();
          await checkPage(page, `buy-unknown-reloaded-${width}`);
          // No new purchase while one is unknown.
          expect(await labelsOf(name)).toBe(0);

          // Time passes at the carrier: its search now shows the booking.
          await s.em.advance(600_001);
          await page.getByRole('button', { name: 'Check now' }).click();
          const booked = page.getByRole('region', { name: /^Booked / });
          await booked.waitFor();
          await page.screenshot({ path: join(SCREENSHOTS, `buy-settled-${width}.png`), fullPage: true });
          expect(await labelsOf(name)).toBe(1);
          expect(new Set(sent).size).toBe(1);
          expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
          expect(problems).toEqual([]);
        } finally {
          await s.em.clearFaults();
          await s.em.resetClock();
          await close();
        }
      },
    );
  });

  describe('the first sign-in on a fresh install', () => {
    it.each(WIDTHS)('says how the first owner is made, and that owner then signs in (%i px)', async (width) => {
      const fresh = await serve(root);
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await ctx.newPage();
        page.setDefaultTimeout(8000);
        const problems = watchConsole(page);
        await page.goto(`${fresh.url}/console/`);
        const help = page.getByRole('region', { name: 'No one can sign in yet' });
        await help.waitFor();
        expect(await help.textContent()).toContain(
          'users create --tenant <your team> --email <your address> --role owner --with-password',
        );
        await checkPage(page, 'first-sign-in');
        await page.setViewportSize({ width, height: 900 });
        // The operator makes the owner (as `waybill users create … --with-password` does); the help is gone.
        const owner = await fresh.t.user({ role: 'owner' });
        await page.reload();
        await page.getByLabel('E-mail address').waitFor();
        expect(await help.count()).toBe(0);
        await signInOnForm(page, owner.email, owner.password);
        await page.getByRole('button', { name: 'Sign out' }).waitFor();
        expect(problems).toEqual([]);
      } finally {
        await ctx.close();
        await fresh.close();
      }
    });
  });
});
