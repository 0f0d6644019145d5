/**
 * The tracking page and the returns portal in a real Chromium at phone width (390 px): the web
 * build made once here, the real service listening with the carrier emulator behind it. A person
 * with only a link follows a parcel and returns an order; broken and expired links say so.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';
import { address, shipment } from '../contract/support.js';
import { buildPages, describeInBrowser, launch } from './browser.js';

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describeInBrowser('the public pages', () => {
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  let t: TestApp;
  let em: TestEmulator;
  let browser: Browser;
  let context: BrowserContext;
  let key: string;
  let account: string;
  /** Console errors of every page: a CSP refusal shows up here. */
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    const webRoot = await buildPages();
    mkdirSync(shots, { recursive: true });
    em = await startTestEmulator();
    t = await createTestApp({ emulatorUrl: em.url, clock, env: { WAYBILL_WEB_ROOT: webRoot } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    key = await t.key();
    account = (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          billing_address: address({ name: 'Returns desk' }),
        },
      })
    ).body.shipping_account.id;
    browser = await launch();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await em?.close();
  });

  async function open(url: string): Promise<{ page: Page; status: number | undefined }> {
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const res = await page.goto(url);
    return { page, status: res?.status() };
  }

  /** axe-core's serious and critical findings (evaluated through the debugger, which the CSP allows). */
  async function axeProblems(page: Page): Promise<string[]> {
    await page.evaluate(axeSource);
    const found = await page.evaluate(
      async () =>
        (
          await (
            globalThis as unknown as {
              axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
            }
          ).axe.run()
        ).violations,
    );
    return found
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  }

  /** The page's own globals, typed here: the test code is compiled without the DOM library. */
  type Win = {
    document: {
      documentElement: { scrollWidth: number };
      querySelectorAll(s: string): Iterable<{ getBoundingClientRect(): { right: number } }>;
    };
  };
  /**
   * Whether anything reaches past the phone's 390 px: the document's scroll width, and every
   * element's right edge (a mobile viewport may clip or widen rather than scroll).
   */
  const scrollsSideways = (page: Page) =>
    page.evaluate(() => {
      const d = (globalThis as unknown as Win).document;
      return (
        d.documentElement.scrollWidth > 390 ||
        Math.max(...[...d.querySelectorAll('body *')].map((e) => e.getBoundingClientRect().right)) > 390
      );
    });

  async function portalLink(expires_in = '7d'): Promise<{ id: string; url: string }> {
    const lines = [
      {
        line_id: 'L1',
        product_name: 'Blue ceramic mug with a long product name that has to wrap',
        sku: 'MUG-B',
        quantity: 2,
        value: 12,
        weight: 0.5,
      },
      { line_id: 'L2', product_name: 'Tea towel', sku: 'TT-1', quantity: 1, value: 8, weight: 0.2 },
      { line_id: 'L3', product_name: '<b>Not bold</b>', sku: 'X', quantity: 1, value: 1, weight: 0.1 },
    ];
    const customer = address({ name: 'Cora Customer', street1: '77 Elm Road', phone: '9015550199' });
    const res = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'cust-7',
        order_id: 'A-1001',
        customer,
        lines,
        currency: 'USD',
        weight_units: 'LB',
        expires_in,
      },
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.portal_link;
  }

  describe('public pages in Chromium at 390 px', () => {
    it('a tracking link shows the carrier, the stage and the journey, and nothing personal', async () => {
      const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
      expect(booked.status, booked.raw).toBe(200);
      // Two days on, here and at the carrier: the booking's cached CREATED result is stale, and the
      // parcel has travelled, with scans at several places.
      now += 2 * 86_400_000;
      await em.advance(2 * 86_400_000);
      let opened: Awaited<ReturnType<typeof open>>;
      try {
        opened = await open(booked.body.shipment.tracking_url);
        await opened.page.getByRole('heading', { name: 'Journey' }).waitFor();
      } finally {
        now -= 2 * 86_400_000;
        await em.resetClock();
      }
      const { page, status } = opened;
      expect(status).toBe(200);
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/On its way/);
      expect(text).toMatch(/Estimated delivery:/);
      // Checkpoint times as the place's clock read them, with the place.
      expect(text).toMatch(/Picked up\n.*\d\d:\d\d · MEMPHIS, TN, US/);
      expect(text).toContain('Ground');
      for (const personal of ['Bob Recipient', '5 Fifth Ave', '2125550100']) expect(text).not.toContain(personal);
      expect(await axeProblems(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: join(shots, 'tracking.png'), fullPage: true });
      // The sideways check sees an overflow when there is one.
      await page.evaluate(() => {
        const d = (
          globalThis as unknown as {
            document: { body: { append(e: unknown): void }; createElement(t: string): { style: { width: string } } };
          }
        ).document;
        const wide = d.createElement('div');
        wide.style.width = '600px';
        d.body.append(wide);
      });
      expect(await scrollsSideways(page)).toBe(true);

      const tampered = booked.body.shipment.tracking_url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
      const bad = await open(tampered);
      expect(bad.status).toBe(404);
      await bad.page.getByRole('alert').filter({ hasText: 'This tracking link is not valid' }).waitFor();
      await bad.page.screenshot({ path: join(shots, 'tracking-tampered.png') });
      // A link cut before its token says the same, not that something went wrong.
      const cut = await open(tampered.slice(0, tampered.indexOf('/tracking/') + '/tracking/'.length));
      await cut.page.getByRole('alert').filter({ hasText: 'This tracking link is not valid' }).waitFor();
    }, 30_000);

    it('a portal link returns an order: lines, reasons, methods, place, one return per double tap, the label', async () => {
      const [drop, pick] = await Promise.all(
        [
          ['drop_off', 'Drop off at a shop', 0],
          ['pickup', 'Pickup at home', 4.5],
        ].map(
          async ([type, name, charge]) =>
            (
              await t.call('POST', '/returns/methods', key, {
                return_method: {
                  shipping_account: account,
                  method_name: name,
                  type,
                  service: 'carrier_a_ground',
                  packaging: 'your_packaging',
                  cost: { carrier_charge: 6, customer_charge: charge },
                  return_charge: charge,
                },
              })
            ).body.return_method.id as string,
        ),
      );
      expect(drop && pick).toBeTruthy();
      const link = await portalLink();
      const { page, status } = await open(link.url);
      expect(status).toBe(200);
      await page.getByRole('heading', { name: 'Return items from order A-1001' }).waitFor();
      // Text stays text: markup in a product name is shown, not applied.
      await page.getByLabel('<b>Not bold</b>').waitFor();
      expect(await page.locator('main b').count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toContain('Cora');

      // A message goes once the choice that fixes it is made.
      await page.getByRole('button', { name: 'Create return' }).click();
      await page.getByRole('alert').filter({ hasText: 'Choose at least one item' }).waitFor();
      await page.getByLabel('Blue ceramic mug with a long product name that has to wrap').check();
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      await page.locator('#line-L1-qty').selectOption('1');
      await page.locator('#line-L1-reason').selectOption('Too small');
      await page.getByLabel('Tea towel').check();
      await page.locator('#line-L2-reason').selectOption('Damaged or defective');
      await page.getByRole('radio', { name: /Drop off at a shop/ }).check();
      await expect
        .poll(() => page.locator('label[for^="m-"]').allInnerTexts())
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/Drop off at a shop\s+Free/),
            expect.stringMatching(/Pickup at home\s+Return charge \$4\.50/),
          ]),
        );
      // Drop-off places are help: the label is good at any of them, so none is a choice to make.
      const places = page.getByRole('region', { name: 'Drop-off places near you' }).locator('li');
      expect(await places.count()).toBeGreaterThan(0);
      expect(await page.locator('input[name="place"]').count()).toBe(0);
      const placeText = await places.first().innerText();
      expect(placeText).toMatch(/(\d+(\.\d)? (mi|km))/);
      expect(placeText).toMatch(/Open today \d\d:\d\d–\d\d:\d\d|Open 24 hours|Closed today/);
      expect(await axeProblems(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: join(shots, 'portal-form.png'), fullPage: true });

      // A double tap: the button is pressed twice as fast as a thumb can.
      await page.getByRole('button', { name: 'Create return' }).dblclick();
      await page.getByRole('heading', { name: 'Your return is ready' }).waitFor();
      const listed = await t.call('GET', `/returns?custom=portal_link:${link.id}`, key);
      expect(listed.body).toHaveLength(1);
      expect(await page.locator('[role="status"]').innerText()).toContain('hand it in');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download label' }).click(),
      ]);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
      expect(await axeProblems(page)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      await page.screenshot({ path: join(shots, 'portal-done.png'), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 900 });
      expect(
        await page.evaluate(() => (globalThis as unknown as Win).document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(1366);
      await page.screenshot({ path: join(shots, 'portal-done-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });

      // What is left can be returned, from a fresh form; a carrier failure says so and creates nothing.
      expect(await page.locator('form').count()).toBe(0);
      await page.getByRole('button', { name: 'Return other items' }).click();
      await page.locator('#line-L1').check();
      expect(await page.locator('#line-L1-qty').count()).toBe(0);
      await page.locator('#line-L1-reason').selectOption('Other');
      await page.getByRole('radio', { name: /Drop off at a shop/ }).check();
      await em.fault('carrier_a', 'ship', 'http_500', 1);
      await page.getByRole('button', { name: 'Create return' }).click();
      await page.getByRole('alert').filter({ hasText: 'The carrier did not answer just now' }).waitFor();
      expect((await t.call('GET', `/returns?custom=portal_link:${link.id}`, key)).body).toHaveLength(1);
      await page.screenshot({ path: join(shots, 'portal-carrier-failed.png'), fullPage: true });
    }, 40_000);

    it('a tampered portal link answers 404 and an expired one 410, each saying so', async () => {
      const link = await portalLink('60s');
      const tampered = await open(
        link.url.replace(/\.([\w-])([\w-]+)$/, (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`),
      );
      expect(tampered.status).toBe(404);
      await tampered.page.getByRole('alert').filter({ hasText: 'This returns link is not valid' }).waitFor();
      now += 61_000;
      try {
        const expired = await open(link.url);
        expect(expired.status).toBe(410);
        await expired.page.getByRole('alert').filter({ hasText: 'This returns link has expired' }).waitFor();
        expect(await axeProblems(expired.page)).toEqual([]);
        await expired.page.screenshot({ path: join(shots, 'portal-expired.png') });
      } finally {
        now -= 61_000;
      }
      // The failed API calls above log their 404/410 status; nothing else (no CSP refusal) may.
      expect(consoleErrors.filter((e) => !/status of 40[4]|status of 410|status of 502/.test(e))).toEqual([]);
    }, 30_000);
  });
});
