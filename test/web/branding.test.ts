/**
 * A merchant's branding in Chromium: set once on the console's Branding page (name, colour, logo,
 * with its preview), then shown by the tracking page and the returns portal its customers open,
 * at 390 and 1,366 px, with axe-core and a screenshot of each (test/web/screenshots/).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, shipment } from '../contract/support.js';
import {
  buildPages,
  checkPage,
  describeInBrowser,
  launch,
  serve,
  signInOnForm,
  watchConsole,
  type Served,
} from './browser.js';

/** A wide logo as a shop would have one: a mark and the shop's name, on a transparent ground. */
async function logoPng(): Promise<Buffer> {
  // As wide as the mark and the name need: a logo has no empty margin to the right.
  const font = 'bold 120px sans-serif';
  const probe = createCanvas(1, 1).getContext('2d');
  probe.font = font;
  const c = createCanvas(Math.ceil(310 + probe.measureText('ACME').width + 10), 240);
  const g = c.getContext('2d');
  g.fillStyle = '#c2185b';
  g.beginPath();
  g.moveTo(20, 210);
  g.lineTo(120, 40);
  g.lineTo(170, 120);
  g.lineTo(200, 80);
  g.lineTo(280, 210);
  g.closePath();
  g.fill();
  g.fillStyle = '#222';
  g.font = font;
  g.fillText('ACME', 310, 170);
  return c.encode('png');
}

describeInBrowser('merchant branding', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  let other: string;
  let account: string;
  let trackingUrl: string;
  let portalUrl: string;
  /** The stored logo's width (the test logo's follows its font). */
  let logoWidth: number;

  beforeAll(async () => {
    s = await serve(await buildPages());
    browser = await launch();
    key = await s.t.key('acme');
    other = await s.t.key('globex');
    account = (
      await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          name: 'Main warehouse',
          billing_address: address({ name: 'Returns desk' }),
        },
      })
    ).body.shipping_account.id;
    const booked = await s.t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status, booked.raw).toBe(200);
    trackingUrl = booked.body.shipment.tracking_url;
    await s.t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account: account,
        method_name: 'Drop it off',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 4 },
        return_charge: 4,
      },
    });
    const link = await s.t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'c-1',
        order_id: 'A-1001',
        customer: address({ name: 'Cora Customer', phone: '9015550199' }),
        lines: [{ line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, value: 12, weight: 0.5 }],
        weight_units: 'LB',
        currency: 'USD',
      },
    });
    expect(link.status, link.raw).toBe(200);
    portalUrl = link.body.portal_link.url;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function open(url: string, width = 390): Promise<{ page: Page; problems: string[] }> {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    const problems = watchConsole(page);
    await page.goto(url);
    return { page, problems };
  }

  /** A computed colour, asked as page source: the test code is compiled without the DOM library. */
  const colourOf = (page: Page, selector: string, property: 'background-color' | 'color' | 'border-top-color') =>
    page.evaluate<string>(
      `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue(${JSON.stringify(property)})`,
    );

  describe('in Chromium', () => {
    it('the console’s Branding page sets the name, colour and logo, and previews them', async () => {
      const { page, problems } = await open(`${s.url}/console/branding`, 1366);
      const admin = await s.t.user({ role: 'admin', email: 'brand@example.com', password: 'branding password 1' });
      await signInOnForm(page, admin.email, admin.password);
      await page.getByRole('heading', { name: 'Branding' }).waitFor();
      await page.getByText('No logo yet.').waitFor();
      await page.getByLabel('Display name').fill('Acme Outdoor');
      await page.getByLabel('Accent colour as hexadecimal').fill('#c2185b');
      // The preview follows the form before anything is saved.
      expect(await colourOf(page, '.brand-preview-button', 'background-color')).toBe('rgb(194, 24, 91)');
      expect(await colourOf(page, '.brand-preview-button', 'color')).toBe('rgb(255, 255, 255)');
      await page.getByRole('button', { name: 'Save name and colour' }).click();
      await page.getByText('Saved: the pages show it').waitFor();

      // An SVG is refused in the form, saying why; a PNG is taken and shown as stored.
      await page.getByLabel('Upload a logo').setInputFiles({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('PNG or JPEG');
      await page
        .getByLabel('Upload a logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
      await page.getByRole('img', { name: 'Your logo as the pages show it' }).waitFor();
      await page.getByText(/^\d+ × 144 px$/).waitFor();
      await checkPage(page, 'console-branding');
      expect(problems).toEqual([]);

      const stored = (await s.t.call('GET', '/branding', key)).body.branding;
      expect(stored).toMatchObject({
        display_name: 'Acme Outdoor',
        accent_color: '#c2185b',
        accent_text_color: '#ffffff',
        logo_height: 144,
      });
      logoWidth = stored.logo_width;
      expect(logoWidth).toBeGreaterThan(300);
    });

    it('the tracking page shows the shop’s logo, name and colour, at both widths', async () => {
      const { page, problems } = await open(trackingUrl);
      await page.getByRole('heading', { name: 'Journey' }).waitFor();
      const header = page.getByRole('banner');
      expect(await header.innerText()).toContain('Acme Outdoor');
      const logo = header.locator('img');
      await expect.poll(() => logo.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(logoWidth);
      expect(await page.title()).toBe('Track your parcel · Acme Outdoor');
      expect(await colourOf(page, '.merchant', 'border-top-color')).toBe('rgb(194, 24, 91)');
      expect(await colourOf(page, 'button.secondary', 'color')).toBe('rgb(194, 24, 91)');
      await checkPage(page, 'tracking-branded');
      expect(problems).toEqual([]);
    });

    it('the returns portal shows them too, its buttons in the shop’s colour', async () => {
      const { page, problems } = await open(portalUrl);
      await page.getByRole('heading', { name: /Return items from order/ }).waitFor();
      expect(await page.getByRole('banner').innerText()).toContain('Acme Outdoor');
      expect(await colourOf(page, 'button[type="submit"]', 'background-color')).toBe('rgb(194, 24, 91)');
      expect(await colourOf(page, 'button[type="submit"]', 'color')).toBe('rgb(255, 255, 255)');
      await page.getByLabel('Blue mug').check();
      await checkPage(page, 'portal-branded');
      expect(problems).toEqual([]);
    });

    it('a light accent gets black text on its buttons, and links keep a readable colour', async () => {
      expect(
        (
          await s.t.call('PUT', '/branding', key, {
            branding: { display_name: 'Acme Outdoor', accent_color: '#ffd600' },
          })
        ).status,
      ).toBe(200);
      const { page, problems } = await open(portalUrl);
      await page.getByRole('heading', { name: /Return items from order/ }).waitFor();
      expect(await colourOf(page, 'button[type="submit"]', 'background-color')).toBe('rgb(255, 214, 0)');
      expect(await colourOf(page, 'button[type="submit"]', 'color')).toBe('rgb(0, 0, 0)');
      await checkPage(page, 'portal-branded-light');
      expect(problems).toEqual([]);
      await s.t.call('PUT', '/branding', key, { branding: { display_name: 'Acme Outdoor', accent_color: '#c2185b' } });
    });

    it('a shop without branding keeps the pages’ own look, with no header', async () => {
      const plainAccount = (
        await s.t.call('POST', '/shippingaccount', other, {
          shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
        })
      ).body.shipping_account.id;
      const booked = await s.t.call('POST', '/ship', other, shipment(plainAccount, { service: 'carrier_a_ground' }));
      const { page } = await open(booked.body.shipment.tracking_url);
      await page.getByRole('heading', { name: 'Journey' }).waitFor();
      expect(await page.locator('.merchant').count()).toBe(0);
      expect(await page.title()).toBe('Track your parcel');
      expect(await colourOf(page, 'button.secondary', 'color')).toBe('rgb(11, 92, 173)');
    });
  });
});
