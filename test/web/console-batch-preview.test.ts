/**
 * A CSV upload in Chromium against the real service and the emulator: before anything is booked it
 * asks "Book N labels … for $X?", the total being POST /batches/preview's, with the rows that
 * cannot be booked listed with why; "Not yet" books nothing; the yes books the batch once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { address } from '../contract/support.js';
import {
  buildPages,
  checkPage,
  describeInBrowser,
  launch,
  openSignedIn,
  serve,
  sessionCookie,
  WIDTHS,
  type Served,
} from './browser.js';

const CSV = [
  'reference,recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight',
  'P-1,"Smith, Jane",5 Fifth Ave,New York,NY,10001,US,2125550100,2',
  'P-2,Hank Heavy,1 Market St,San Francisco,CA,94105,US,4155550100,heavy',
  'P-3,Ida Light,5 Fifth Ave,New York,NY,10001,US,2125550100,1.5',
].join('\n');

describeInBrowser('a batch upload shows its cost before it books', () => {
  let s: Served;
  let browser: Browser;
  let key: string;
  let account: string;
  let cookie: Awaited<ReturnType<typeof sessionCookie>>;

  beforeAll(async () => {
    const root = await buildPages();
    s = await serve(root);
    browser = await launch();
    key = await s.t.key('acme');
    const owner = await s.t.user({ role: 'owner' });
    cookie = await sessionCookie(s.url, owner.email, owner.password);
    const res = await s.t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: 'carrier_a', country: 'US', test: true, name: 'Dock', billing_address: address() },
    });
    account = res.body.shipping_account.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  vi.setConfig({ testTimeout: 90_000 });

  const batches = async () => (await s.t.call('GET', '/batches', key)).body as { id: string; reference: string }[];

  async function upload(page: Page, name: string) {
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'wave.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByLabel('Shipping account').selectOption(account);
    await page.getByLabel('Service').selectOption('carrier_a_ground');
    await page.getByLabel('Batch name').fill(name);
    await page.getByRole('button', { name: 'Upload' }).click();
  }

  it.each(WIDTHS)(
    'asks "Book 2 labels for $X?" with the refused row and its reason listed first (%i px)',
    async (width) => {
      // The price the page must show: the API's preview of the same file.
      const expected = (
        await s.t.call(
          'POST',
          `/batches/preview?shipping_account=${account}&service=carrier_a_ground&packaging=your_packaging&weight_units=LB&dim_units=IN`,
          key,
          CSV,
          { 'content-type': 'text/csv' },
        )
      ).body.preview;
      expect(expected.counts).toEqual({ total: 3, priced: 2, refused: 1 });
      const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        Number(expected.totals[0].amount),
      );
      const before = (await batches()).length;
      const { page, problems, close } = await openSignedIn(browser, cookie, '/console/batches', width);
      await upload(page, `Wave ${width}`);
      const question = page.getByRole('group').filter({ has: page.locator('#preview-q') });
      await question.waitFor();
      expect(await page.locator('#preview-q').textContent()).toMatch(/^Book 2 labels with Dock .* for \$\d+\.\d\d\?/);
      expect(await page.locator('#preview-q').textContent()).toContain(`for ${total}?`);
      const refused = question.getByRole('list', { name: /1 row of 3 cannot be booked/ });
      expect(await refused.locator('li').allTextContents()).toEqual([
        'Line 3 (P-2): column weight: "heavy" is not a number',
      ]);
      await checkPage(page, 'batch-preview');
      await page.setViewportSize({ width, height: 900 });
      // Not yet books nothing.
      await page.getByRole('button', { name: 'Not yet' }).click();
      expect((await batches()).length).toBe(before);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('button', { name: `Yes, book 2 labels for ${total}` }).click();
      await page.getByRole('heading', { name: `Batch Wave ${width}` }).waitFor();
      expect((await batches()).length).toBe(before + 1);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it('a file none of whose rows can be booked says so and offers no yes', async () => {
    const { page, problems, close } = await openSignedIn(browser, cookie, '/console/batches', 1366);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      // The header and the one bad row.
      buffer: Buffer.from(
        CSV.split('\n')
          .filter((line) => !/^P-[13],/.test(line))
          .join('\n'),
      ),
    });
    await page.getByLabel('Shipping account').selectOption(account);
    await page.getByLabel('Service').selectOption('carrier_a_ground');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The one row cannot be booked:').waitFor();
    expect(await page.getByRole('button', { name: /^Yes, book/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('Retry failed rows on rows that cannot succeed says why instead of nothing', async () => {
    const res = await s.t.call(
      'POST',
      `/batches?shipping_account=${account}&service=carrier_a_ground&packaging=your_packaging&weight_units=LB&dim_units=IN&reference=Retry%20wave`,
      key,
      CSV,
      { 'content-type': 'text/csv' },
    );
    expect(res.status, res.raw).toBe(202);
    const id = res.body.batch.id as string;
    const { page, problems, close } = await openSignedIn(browser, cookie, `/console/batches/${id}`, 1366);
    await page.locator('.summary').getByText('Completed with errors').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Retry failed rows' }).click();
    // One row, said as one; an explanation, not a success.
    const why = page.getByText(/^The failed row was not retried: it failed for what it holds/);
    await why.waitFor();
    expect(await why.getAttribute('class')).toBe('note note-info');
    await checkPage(page, 'batch-retry-said-why');
    expect(problems).toEqual([]);
    await close();
  });
});
