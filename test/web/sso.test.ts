/**
 * Single sign-on in Chromium: the console's sign-in page offers "Sign in with SSO" when an issuer is
 * configured; the provider (oidc-provider on loopback) signs the person in, and the console opens
 * signed in as the user with that e-mail address. An address no user has comes back to the form,
 * saying so.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reserveProvider, type TestProvider } from '../support/oidc-provider.js';
import { buildPages, checkPage, describeInBrowser, launch, serve, watchConsole, type Served } from './browser.js';

describeInBrowser('single sign-on in the console', () => {
  let s: Served;
  let idp: TestProvider;
  let browser: Browser;

  beforeAll(async () => {
    const root = await buildPages();
    idp = await reserveProvider();
    s = await serve(root, idp.env);
    idp.start(s.url, {
      olga: { email: 'olga@example.com', email_verified: true, name: 'Olga' },
      stranger: { email: 'stranger@example.com', email_verified: true },
    });
    await s.t.user({ role: 'admin', email: 'olga@example.com' });
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await idp?.close();
  });

  async function throughProvider(login: string) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    const problems = watchConsole(page);
    await page.goto(`${s.url}/console/`);
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    return { ctx, page, problems };
  }

  it('offers SSO on the sign-in page, and the provider’s user lands in the console signed in', async () => {
    const { ctx, page } = await (async () => {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(`${s.url}/console/`);
      await page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
      await checkPage(page, 'sign-in-sso');
      return { ctx, page };
    })();
    await ctx.close();

    const signed = await throughProvider('olga');
    await signed.page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(signed.page.url()).toBe(`${s.url}/console/shipments`);
    await signed.page.getByText('olga@example.com · admin').waitFor();
    expect(await signed.page.getByRole('link', { name: 'Users' }).count()).toBe(1);
    expect(signed.problems).toEqual([]);
    await signed.ctx.close();
  });

  it('brings an address no user has back to the form, saying so', async () => {
    const { ctx, page, problems } = await throughProvider('stranger');
    await page.getByRole('alert').getByText('no user of this service has that e-mail address').waitFor();
    expect(page.url()).toBe(`${s.url}/console/shipments`);
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
