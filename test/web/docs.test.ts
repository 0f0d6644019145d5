/**
 * /docs in Chromium: Swagger UI under Waybill's name and mark (not the framework's logo), its own
 * title and icon, loading the service's document under the docs' content security policy, at 390
 * and 1,366 px with a screenshot of each (test/web/screenshots/docs-<width>.png).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { describeInBrowser, launch, SCREENSHOTS, watchConsole, WIDTHS } from './browser.js';

describeInBrowser('the API reference at /docs', () => {
  let t: TestApp;
  let url: string;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe('in Chromium', () => {
    it('shows Waybill’s name and mark, the operations by tag, and the shared error answers', async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(15_000);
      const problems = watchConsole(page);
      await page.goto(`${url}/docs/`);
      await page.locator('.opblock-tag', { hasText: 'branding' }).first().waitFor();
      expect(await page.title()).toBe('Waybill API reference');
      const logo = page.locator('.topbar a img');
      expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from((await logo.getAttribute('src'))!.split(',')[1]!, 'base64').toString()).toContain('Waybill');
      expect(await logo.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
      // The framework's own mark and the field for loading other documents are gone.
      expect(await page.locator('.topbar a.link svg:visible').count()).toBe(0);
      expect(await page.locator('.download-url-wrapper').isVisible()).toBe(false);
      expect(await page.locator('link[rel="icon"]').first().getAttribute('href')).toBe('./static/theme/favicon.svg');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SCREENSHOTS, `docs-${width}.png`) });
      }
      // An operation opened shows its error answers, drawn from the shared components.
      await page.locator('.opblock-summary', { hasText: '/branding/logo' }).first().click();
      const tooLarge = page.locator('tr.response[data-code="413"]').first();
      await tooLarge.waitFor();
      expect(await tooLarge.innerText()).toContain('WAYBILL_BODY_LIMIT');
      await tooLarge.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, 'docs-operation-1366.png') });
      expect(problems).toEqual([]);
    });
  });
});
