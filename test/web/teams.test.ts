/**
 * A team in Chromium against the real service and the emulator: an owner signs in and invites a
 * shipper and a viewer (links copied from the Users page); the shipper joins and buys a label; the
 * viewer joins, sees the label, has no button to buy or cancel, and the API refuses its session 403
 * naming the permission; signing out ends the session. The owner makes an API key, shown once, and
 * revokes it, and opens the Audit page, where the shipper's e-mail stands on the label it bought
 * (the viewer has no such page). Every page is checked with axe at both widths and kept as screenshots.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  serve,
  sessionCookie,
  signInOnForm,
  watchConsole,
  type Served,
} from './browser.js';

describeInBrowser('teams in the console', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  const owner = { email: 'olivia@example.com', password: 'owner password 1' };
  const links: Record<'shipper' | 'viewer', string> = { shipper: '', viewer: '' };
  const recipient = 'Tina Teamwork';

  beforeAll(async () => {
    const root = await buildPages();
    s = await serve(root);
    browser = await launch();
    key = await s.t.key('acme');
    await s.t.user({ role: 'owner', ...owner });
    const res = await s.t.call('POST', '/shippingaccount', key, {
      shipping_account: {
        carrier: 'carrier_a',
        country: 'US',
        test: true,
        name: 'Main warehouse',
        billing_address: address(),
      },
    });
    expect(res.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  async function fresh(width = 1366): Promise<{ ctx: BrowserContext; page: Page; problems: string[] }> {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    return { ctx, page, problems: watchConsole(page) };
  }

  /** Opens an invitation link, chooses a password, and lands in the console. */
  async function join(page: Page, link: string, name: string, password: string): Promise<void> {
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join your team on Waybill' }).waitFor();
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Password again').fill(password);
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // The token left the address bar.
    expect(page.url()).toBe(`${s.url}/console/shipments`);
  }

  it('an owner invites a shipper and a viewer, each link copied from the Users page', async () => {
    const { ctx, page, problems } = await fresh();
    await page.goto(`${s.url}/console/`);
    await signInOnForm(page, owner.email, owner.password);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    for (const role of ['shipper', 'viewer'] as const) {
      const form = page.getByRole('form', { name: 'Invite a person' });
      await form.getByLabel('E-mail address').fill(`${role}@example.com`);
      await form.getByLabel('Role').selectOption(role);
      await form.getByRole('button', { name: 'Invite' }).click();
      const field = page.getByLabel(`Invitation link for ${role}@example.com`);
      await field.waitFor();
      links[role] = await field.inputValue();
      expect(links[role]).toMatch(new RegExp(`^${s.url}/console/accept#inv_`));
    }
    await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(3);
    await checkPage(page, 'users');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('the shipper joins by its link and buys a label', async () => {
    const { ctx, page, problems } = await fresh(390);
    await page.goto(links.shipper);
    await page.getByRole('heading', { name: 'Join your team on Waybill' }).waitFor();
    await checkPage(page, 'accept-invitation');
    await join(page, links.shipper, 'Sam Shipper', 'shipper password 1');
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.getByRole('link', { name: 'New shipment' }).click();
    await page.getByRole('checkbox', { name: /Main warehouse/ }).check();
    await fillAddresses(page, address(), { ...recipientUS, name: recipient });
    await page.getByRole('button', { name: 'Get rates' }).click();
    const buy = page
      .getByRole('region', { name: /Main warehouse/ })
      .getByRole('button', { name: /^Buy / })
      .first();
    await buy.click();
    await confirmPurchase(page);
    await page.getByRole('region', { name: /^Booked / }).waitFor();
    const found = (await s.t.call('GET', `/shipments?search=${encodeURIComponent(recipient)}`, key)).body;
    expect(found).toHaveLength(1);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('the viewer joins, sees the label, has no button to buy or cancel, and the API refuses it 403 naming the permission; signing out ends its session', async () => {
    const { ctx, page, problems } = await fresh();
    await join(page, links.viewer, 'Val Viewer', 'viewer password 1');
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'New shipment' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.getByText(recipient).first().waitFor();
    await page.locator('table.list tbody a').first().click();
    await page.getByRole('link', { name: 'Download label' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel shipment' }).count()).toBe(0);
    await checkPage(page, 'shipment-viewer');
    await page.goto(`${s.url}/console/new`);
    await page.getByRole('heading', { name: 'Not for your role' }).waitFor();
    expect(await page.getByRole('button', { name: /^Buy/ }).count()).toBe(0);

    // The page's own session asks the API to buy, with its CSRF token: the API says no, and why.
    const refused = await page.evaluate<{
      status: number;
      body: { error: { code: string; detail: string; message: string } };
    }>(`(async () => {
      const me = await (await fetch('/me')).json();
      const res = await fetch('/ship', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.me.csrf_token }, body: JSON.stringify({ shipment: {} }) });
      return { status: res.status, body: await res.json() };
    })()`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      detail: 'shipments.buy',
      message: 'POST /ship needs the permission shipments.buy, which role viewer does not have',
    });

    const [session] = await ctx.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail address').waitFor();
    expect(await ctx.cookies()).toEqual([]);
    expect((await fetch(`${s.url}/me`, { headers: { cookie: `waybill_session=${session!.value}` } })).status).toBe(401);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('the owner makes an API key shown once, sees it listed with its maker, and revokes it', async () => {
    const { ctx, page, problems } = await fresh();
    await page.goto(`${s.url}/console/keys`);
    await signInOnForm(page, owner.email, owner.password);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    const form = page.getByRole('form', { name: 'Make a key' });
    await form.getByLabel('Name').fill('order system');
    await form.getByLabel('Scope').selectOption('ship');
    await form.getByLabel('Expires on').fill('2099-01-01');
    await form.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByLabel('The key “order system”');
    await shown.waitFor();
    const made = await shown.inputValue();
    expect(made).toMatch(/^wb_/);
    expect((await s.t.call('GET', '/shipments', made)).status).toBe(200);
    const row = page.locator('table.list tbody tr', { hasText: 'order system' });
    await row.getByText(`by ${owner.email}`).waitFor();
    await checkPage(page, 'keys');
    await row.getByRole('button', { name: 'Revoke order system' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.getByText(/^revoked/).waitFor();
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('a key whose maker was removed is listed as refused, as the service refuses it', async () => {
    const maker = await s.t.user({ role: 'admin' });
    const session = await sessionCookie(s.url, maker.email, maker.password);
    const made = await fetch(`${s.url}/keys`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${session.name}=${session.value}`,
        ...(await csrfOf(session)),
      },
      body: JSON.stringify({ key: { name: 'left with Max', scope: 'ship' } }),
    });
    expect(made.status).toBe(200);
    const { key: theKey } = ((await made.json()) as { key: { key: string } }).key;
    const { ctx, page, problems } = await fresh();
    await page.goto(`${s.url}/console/keys`);
    await signInOnForm(page, owner.email, owner.password);
    const row = page.locator('table.list tbody tr', { hasText: 'left with Max' });
    await row.getByText('active').waitFor();
    // Removed on the Users page's API; the keys page, reloaded, says what the service now does.
    const ownerSession = await sessionCookie(s.url, owner.email, owner.password);
    const removed = await fetch(`${s.url}/users/${maker.id}`, {
      method: 'DELETE',
      headers: { cookie: `${ownerSession.name}=${ownerSession.value}`, ...(await csrfOf(ownerSession)) },
    });
    expect(removed.status).toBe(200);
    expect((await s.t.call('GET', '/shipments', theKey)).status).toBe(401);
    await page.reload();
    await row.getByText('refused').waitFor();
    await row.getByText('the user who made it was removed').waitFor();
    // Its maker named as the audit log recorded them, never by a user id.
    await row.getByText(`by ${maker.email}`).waitFor();
    expect(await row.innerText()).not.toContain('usr_');
    await checkPage(page, 'keys-maker-removed');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('the owner opens Audit and sees the shipper’s e-mail on the label it bought; the viewer has no Audit page', async () => {
    const { ctx, page, problems } = await fresh();
    await page.goto(`${s.url}/console/shipments`);
    await signInOnForm(page, owner.email, owner.password);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const bought = page.locator('table.list tbody tr', { hasText: 'label.bought' });
    await bought.getByText('shipper@example.com').waitFor();
    await page.getByLabel('Action').fill('label.bought');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('table.list tbody tr').count()).toBe(1);
    expect(page.url()).toContain('action=label.bought');
    await checkPage(page, 'audit');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    expect(csv.split('\n')[0]).toBe('id,at,actor,actor_email,action,resource_type,resource_id,ip,request_id,changes');
    expect(csv).toContain('shipper@example.com,label.bought,shipment,');
    expect(problems).toEqual([]);
    await ctx.close();

    const viewer = await openSignedIn(
      browser,
      await sessionCookie(s.url, 'viewer@example.com', 'viewer password 1'),
      '/console/audit',
    );
    await viewer.page.getByRole('heading', { name: 'Not for your role' }).waitFor();
    expect(
      await viewer.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).count(),
    ).toBe(0);
    await viewer.close();
  });
});

/** The CSRF header a session's writes carry (GET /me answers the token). */
async function csrfOf(session: { name: string; value: string; url: string }): Promise<Record<string, string>> {
  const res = await fetch(`${session.url}/me`, { headers: { cookie: `${session.name}=${session.value}` } });
  return { 'x-csrf-token': ((await res.json()) as { me: { csrf_token: string } }).me.csrf_token };
}
