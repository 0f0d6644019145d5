/**
 * Browser test support: the web pages built once into a temporary folder, the real service listening
 * on loopback with the carrier emulator, and Debian's Chromium driven by playwright-core.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { describe, expect } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

const repo = resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = join(repo, 'test/web/screenshots');
export const WIDTHS = [390, 1366] as const;

/** Builds web/ with the project's Vite config into a fresh folder; answers the folder. */
export async function buildPages(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'waybill-web-build-'));
  await build({ configFile: join(repo, 'web/vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

export interface Served {
  t: TestApp;
  em: TestEmulator;
  url: string;
  close(): Promise<void>;
}

/** The service listening on a free loopback port, its web root the fresh build, with the background workers. */
export async function serve(webRoot: string, env: Record<string, string> = {}): Promise<Served> {
  const em = await startTestEmulator();
  const t = await createTestApp({ emulatorUrl: em.url, background: true, env: { WAYBILL_WEB_ROOT: webRoot, ...env } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    em,
    url,
    async close() {
      await t.close();
      await em.close();
    },
  };
}

/** Debian's Chromium: browser downloads are not possible everywhere this runs. */
export const CHROMIUM = process.env.WAYBILL_TEST_CHROMIUM ?? '/usr/bin/chromium';

/**
 * `describe` for the browser suites. Without Chromium they are skipped, saying so, so that
 * `npm test` works on a machine without it; under CI (which installs it) a missing one fails.
 */
const haveChromium = existsSync(CHROMIUM) || Boolean(process.env.CI);
if (!haveChromium)
  console.warn(
    `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set WAYBILL_TEST_CHROMIUM)`,
  );
export const describeInBrowser = describe.skipIf(!haveChromium);

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fails the test on any CSP refusal or script error the page reports. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(String(err)));
  return problems;
}

const axeSource = readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe-core on the page as it is now. Evaluated through the browser's debugging protocol rather than
 * a script tag, so the page's own CSP stays in force while the check runs.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await page.evaluate(axeSource);
  // Written as page source: the test program is compiled without the browser's types.
  const violations = await page.evaluate<
    { id: string; impact: string; help: string; targets: string[] }[]
  >(`(async () => {
    const res = await window.axe.run(document, { resultTypes: ['violations'] });
    return res.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  })()`);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${name}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/**
 * The page at each width: no horizontal scrolling, no serious accessibility violation, and a
 * full-page screenshot to look at (test/web/screenshots/<name>-<width>.png).
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const { scroll, inner } = await page.evaluate<{ scroll: number; inner: number }>(
      '({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })',
    );
    expect(scroll, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(inner);
    await expectAccessible(page, `${name} at ${width} px`);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** A console session made through the API (POST /session), as the cookie a browser context is given. */
export async function sessionCookie(
  url: string,
  email: string,
  password: string,
): Promise<{ name: string; value: string; url: string }> {
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: { email, password } }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const [pair] = (res.headers.get('set-cookie') ?? '').split(';');
  const [name, value] = pair!.split('=') as [string, string];
  return { name, value, url };
}

/** A fresh context with the session's cookie, opened at `path` and showing the signed-in console. */
export async function openSignedIn(
  browser: Browser,
  cookie: { name: string; value: string; url: string },
  path: string,
  width = 1366,
): Promise<{ ctx: BrowserContext; page: Page; problems: string[]; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([cookie]);
  const page = await ctx.newPage();
  // Short waits: a step that cannot happen fails at that step, not at the test's time limit.
  page.setDefaultTimeout(8000);
  const problems = watchConsole(page);
  await page.goto(`${cookie.url}${path}`);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { ctx, page, problems, close: () => ctx.close() };
}

/** Signs in on the form the page shows. */
export async function signInOnForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Fills the New shipment page's From and To groups, as a person types them. */
export async function fillAddresses(
  page: Page,
  from: Record<string, unknown>,
  to: Record<string, unknown>,
): Promise<void> {
  for (const [legend, a] of [
    ['From', from],
    ['To', to],
  ] as const) {
    const group = page.getByRole('group', { name: legend });
    await group.getByLabel('Name').fill(String(a.name));
    await group.getByLabel('Street').fill(String(a.street1));
    await group.getByLabel('City').fill(String(a.city));
    await group.getByLabel('State or region').fill(String(a.state));
    await group.getByLabel('Postal code').fill(String(a.postal_code));
    await group.getByLabel('Phone').fill(String(a.phone));
  }
}

/** Answers New shipment's question before a purchase ("Buy … for $13.60?") with its Buy button. */
export async function confirmPurchase(page: Page, opts: { dblclick?: boolean } = {}): Promise<void> {
  const yes = page.getByRole('alertdialog').getByRole('button', { name: /^Buy (for|another label for) / });
  await (opts.dblclick ? yes.dblclick() : yes.click());
}
