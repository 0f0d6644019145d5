/**
 * An account's price list in the console, in Chromium against the real service: none at first, a
 * CSV uploaded from the account's card (its row count and upload time shown), downloaded, replaced
 * after a question, removed after a question; the page at 390 and 1366 px without sideways
 * scrolling or serious accessibility problems (screenshots in test/web/screenshots/).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildPages,
  checkPage,
  describeInBrowser,
  launch,
  openSignedIn,
  serve,
  sessionCookie,
  type Served,
} from './browser.js';

const HEADER =
  'service_code,service_name,zone_label,country_codes,min_weight,max_weight,max_length,max_width,max_height,rate,currency,transit_days';
const rows = (n: number) =>
  [
    HEADER,
    ...Array.from(
      { length: n },
      (_, i) => `carrier_a_ground,Negotiated Ground,Domestic,US,${i},${i + 1},120,60,60,${(5 + i).toFixed(2)},USD,2-4`,
    ),
  ].join('\n');

describeInBrowser('console: an account’s price list', () => {
  let s: Served;
  let browser: Browser;
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;
  let account: string;
  const dir = mkdtempSync(join(tmpdir(), 'waybill-price-list-'));

  beforeAll(async () => {
    const root = await buildPages();
    s = await serve(root);
    browser = await launch();
    const key = await s.t.key('acme');
    const owner = await s.t.user({ role: 'owner' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    account = (
      await s.t.call('POST', '/shippingaccount', key, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true, name: 'Main warehouse' },
      })
    ).body.shipping_account.id;
    writeFileSync(join(dir, 'three.csv'), rows(3));
    writeFileSync(join(dir, 'five.csv'), rows(5));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('uploads, shows, downloads, replaces and removes the list, asking first', async () => {
    const { page, problems, close } = await openSignedIn(browser, cookie, '/console/accounts');
    const card = page.getByRole('group', { name: 'Price list of Main warehouse' });
    await card.getByText('none uploaded; rates come from the carrier').waitFor();

    await card.getByLabel('Upload a CSV file').setInputFiles(join(dir, 'three.csv'));
    await card.getByRole('button', { name: 'Upload price list' }).click();
    await card.getByText(/3 rows, uploaded /).waitFor();
    await checkPage(page, 'account-price-list');

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8').split('\n')[1]).toBe(
      'carrier_a_ground,Negotiated Ground,Domestic,US,0,1,120,60,60,5.00,USD,2-4',
    );

    // Replacing asks first; keeping it changes nothing.
    await card.getByLabel('Replace with a CSV file').setInputFiles(join(dir, 'five.csv'));
    await card.getByRole('button', { name: 'Replace price list' }).click();
    await card.getByText(/Replace the 3 rows uploaded .* with five\.csv\?/).waitFor();
    await checkPage(page, 'account-price-list-replace');
    await card.getByRole('button', { name: 'Keep it' }).click();
    await card.getByRole('button', { name: 'Replace price list' }).click();
    await card.getByRole('button', { name: 'Yes, replace it' }).click();
    await card.getByText(/5 rows, uploaded /).waitFor();
    expect(
      (await s.t.call('GET', `/shippingaccount/${account}/price-list`, await s.t.key('acme'))).body.price_list
        .row_count,
    ).toBe(5);

    await card.getByRole('button', { name: 'Remove price list' }).click();
    await card.getByRole('button', { name: 'Yes, remove it' }).click();
    await card.getByText('none uploaded; rates come from the carrier').waitFor();
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('names the bad cell of a refused file', async () => {
    writeFileSync(join(dir, 'bad.csv'), `${HEADER}\ncarrier_a_ground,,,US,0,ten,,,,5.00,USD,2`);
    // Whatever the test before left, the account starts without a list.
    await s.t.call('DELETE', `/shippingaccount/${account}/price-list`, await s.t.key('acme'));
    const { page, close } = await openSignedIn(browser, cookie, '/console/accounts', 390);
    const card = page.getByRole('group', { name: 'Price list of Main warehouse' });
    await card.getByLabel('Upload a CSV file').setInputFiles(join(dir, 'bad.csv'));
    await card.getByRole('button', { name: 'Upload price list' }).click();
    await card.getByText(/line 2, column max_weight: "ten" is not a number/).waitFor();
    await close();
  }, 60_000);
});
