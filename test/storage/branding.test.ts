/**
 * A merchant's branding through the API on every dialect: set with the key, kept per tenant, the
 * logo taken as PNG or JPEG only, written anew as a PNG and served public and cacheable, and shown
 * to customers only through the answers of their signed links (name, colour, logo URL: nothing else).
 */
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textColorOn } from '../../src/services/branding/index.js';
import { address, shipment } from '../contract/support.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';
import { dialects } from '../support/databases.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

const { PNG } = pngjs;

/** A w×h PNG, opaque magenta with a transparent border, carrying a text chunk (as a camera's or an editor's metadata would). */
function pngOf(w: number, h: number): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      png.data.set([0xc2, 0x18, 0x5b, x < 2 || y < 2 ? 0 : 255], i);
    }
  }
  const plain = PNG.sync.write(png);
  // A tEXt chunk after IHDR: "Comment" → "made in a secret place".
  const text = Buffer.from('Comment\0made in a secret place');
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write('tEXt', 4);
  text.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
  return Buffer.concat([plain.subarray(0, 33), chunk, plain.subarray(33)]);
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe('the accent’s text colour', () => {
  it('is white or black, whichever contrasts more', () => {
    expect(textColorOn('#0b5cad')).toBe('#ffffff');
    expect(textColorOn('#c2185b')).toBe('#ffffff');
    expect(textColorOn('#ffeb3b')).toBe('#000000');
    expect(textColorOn('#00c853')).toBe('#000000');
    expect(textColorOn('#000000')).toBe('#ffffff');
    expect(textColorOn('#ffffff')).toBe('#000000');
  });
});

describe.each(dialects)('branding on %s', (dialect) => {
  let t: TestApp;
  let em: TestEmulator;
  let key: string;
  let other: string;
  beforeAll(async () => {
    em = await startTestEmulator();
    t = await createTestApp({ dialect, emulatorUrl: em.url });
    key = await t.key('acme');
    other = await t.key('globex');
  });
  afterAll(async () => {
    await t?.close();
    await em?.close();
  });

  it('sets the name and colour, then a logo, each leaving the other as it was; another tenant sees none of it', async () => {
    expect((await t.call('GET', '/branding', key)).body).toEqual({ branding: {} });
    expectError(await t.call('GET', '/branding', undefined), 401, 'missing_api_key');
    const set = await t.call('PUT', '/branding', key, {
      branding: { display_name: '  Acme Outdoor ', accent_color: '#C2185B' },
    });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.branding).toMatchObject({
      display_name: 'Acme Outdoor',
      accent_color: '#c2185b',
      accent_text_color: '#ffffff',
    });
    expect(set.body.branding.logo_url).toBeUndefined();

    const logo = await t.call('PUT', '/branding/logo', key, { logo: dataUrl('png', pngOf(1200, 300)) });
    expect(logo.status, logo.raw).toBe(200);
    // Fitted into 720 × 144, never stretched; the name and colour stay.
    expect(logo.body.branding).toMatchObject({
      display_name: 'Acme Outdoor',
      accent_color: '#c2185b',
      logo_width: 576,
      logo_height: 144,
    });
    expect(logo.body.branding.logo_url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/public\/logos\/[0-9a-f]{32}\.png$/);

    // Changing the colour keeps the logo; leaving the name out removes it.
    const recoloured = await t.call('PUT', '/branding', key, { branding: { accent_color: '#ffeb3b' } });
    expect(recoloured.body.branding).toMatchObject({
      accent_color: '#ffeb3b',
      accent_text_color: '#000000',
      logo_url: logo.body.branding.logo_url,
    });
    expect(recoloured.body.branding.display_name).toBeUndefined();
    await t.call('PUT', '/branding', key, { branding: { display_name: 'Acme Outdoor', accent_color: '#c2185b' } });

    expect((await t.call('GET', '/branding', other)).body).toEqual({ branding: {} });
  });

  it('serves the logo as a PNG it wrote: public, cached for good, without the upload’s metadata', async () => {
    const url = new URL((await t.call('GET', '/branding', key)).body.branding.logo_url as string);
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const bytes = res.rawPayload;
    expect(bytes.includes(Buffer.from('secret place'))).toBe(false);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([576, 144]);
    // The colour survived the scaling; the transparent border stays (partly) transparent.
    const mid = (72 * 576 + 288) * 4;
    expect([...png.data.subarray(mid, mid + 4)]).toEqual([0xc2, 0x18, 0x5b, 255]);
    expect(png.data[3]).toBeLessThan(255);
    for (const wrong of [
      'nope.png',
      `${'0'.repeat(32)}.png`,
      '../branding',
      `${url.pathname.split('/').pop()!.slice(0, 32)}.svg`,
    ]) {
      expectError(await t.call('GET', `/public/logos/${encodeURIComponent(wrong)}`, undefined), 404, 'not_found');
    }
  });

  it('takes a JPEG, and refuses SVG, mislabelled, broken, too large and too many pixels with clear 4xx answers', async () => {
    const w = 200,
      h = 100;
    const rgba = Buffer.alloc(w * h * 4, 0x80);
    const jpg = jpeg.encode({ width: w, height: h, data: rgba }, 80).data;
    const ok = await t.call('PUT', '/branding/logo', key, { logo: dataUrl('jpeg', jpg) });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.branding).toMatchObject({ logo_width: 200, logo_height: 100 });

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    expect(
      expectError(
        await t.call('PUT', '/branding/logo', key, {
          logo: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        }),
        400,
        'schema_validation_error',
      ).detail,
    ).toBe('logo');
    expect(
      expectError(
        await t.call('PUT', '/branding/logo', key, { logo: dataUrl('png', Buffer.from(svg)) }),
        400,
        'schema_validation_error',
      ).message,
    ).toMatch(/bytes are not a PNG/);
    expect(
      expectError(
        await t.call('PUT', '/branding/logo', key, { logo: dataUrl('jpeg', Buffer.from(svg)) }),
        400,
        'schema_validation_error',
      ).message,
    ).toMatch(/PNG or JPEG/);
    expectError(
      await t.call('PUT', '/branding/logo', key, { logo: dataUrl('jpeg', pngOf(10, 10)) }),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('PUT', '/branding/logo', key, { logo: 'data:image/png;base64,%%%' }),
      400,
      'schema_validation_error',
    );
    // A PNG signature and a few bytes (a decoder that trusted them would crash the process), and a cut-off PNG.
    expectError(
      await t.call('PUT', '/branding/logo', key, {
        logo: dataUrl('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
      }),
      400,
      'schema_validation_error',
    );
    const whole = pngOf(300, 100);
    expect(
      expectError(
        await t.call('PUT', '/branding/logo', key, { logo: dataUrl('png', whole.subarray(0, whole.length - 30)) }),
        400,
        'schema_validation_error',
      ).message,
    ).toMatch(/not a readable PNG/);
    const cutJpeg = jpg.subarray(0, 200);
    expectError(
      await t.call('PUT', '/branding/logo', key, { logo: dataUrl('jpeg', cutJpeg) }),
      400,
      'schema_validation_error',
    );
    // 3,000 × 3,000 claimed by the header: refused before anything is decoded.
    const huge = pngOf(10, 10);
    huge.writeUInt32BE(3000, 16);
    huge.writeUInt32BE(3000, 20);
    expect(
      expectError(await t.call('PUT', '/branding/logo', key, { logo: dataUrl('png', huge) }), 413, 'payload_too_large')
        .message,
    ).toMatch(/9000000 pixels/);
    expectError(
      await t.call('PUT', '/branding/logo', key, {
        logo: dataUrl('png', Buffer.concat([pngOf(10, 10), Buffer.alloc(260 * 1024)])),
      }),
      413,
      'payload_too_large',
    );
    // The last good logo is still the one shown, and the service still answers.
    expect((await t.call('GET', '/branding', key)).body.branding).toMatchObject({ logo_width: 200, logo_height: 100 });
    expect((await t.call('GET', '/healthz', undefined)).status).toBe(200);

    expectError(
      await t.call('PUT', '/branding', key, { branding: { display_name: '   ' } }),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('PUT', '/branding', key, { branding: { accent_color: 'red' } }),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('PUT', '/branding', key, { branding: { accent_color: '#12345' } }),
      400,
      'schema_validation_error',
    );
    expectError(
      await t.call('PUT', '/branding', key, { branding: { display_name: 'x'.repeat(81) } }),
      400,
      'schema_validation_error',
    );
  });

  it('shows customers the name, colour and logo through their links, and nothing else of the tenant', async () => {
    await t.call('PUT', '/branding/logo', key, { logo: dataUrl('png', pngOf(400, 100)) });
    const logoPath = new URL((await t.call('GET', '/branding', key)).body.branding.logo_url as string).pathname;
    const account = (
      await t.call('POST', '/shippingaccount', key, {
        shipping_account: {
          carrier: 'carrier_a',
          country: 'US',
          test: true,
          name: 'Secret warehouse',
          billing_address: address({ name: 'Returns desk' }),
        },
      })
    ).body.shipping_account.id;
    const booked = await t.call('POST', '/ship', key, shipment(account, { service: 'carrier_a_ground' }));
    expect(booked.status, booked.raw).toBe(200);
    const tracking = await t.call(
      'GET',
      `/public/tracking/${new URL(booked.body.shipment.tracking_url).pathname.split('/').pop()}`,
      undefined,
    );
    expect(tracking.status, tracking.raw).toBe(200);
    const merchant = {
      display_name: 'Acme Outdoor',
      accent_color: '#c2185b',
      accent_text_color: '#ffffff',
      logo_url: logoPath,
    };
    expect(tracking.body.tracking.merchant).toEqual(merchant);

    await t.call('POST', '/returns/methods', key, {
      return_method: {
        shipping_account: account,
        method_name: 'Drop off',
        type: 'drop_off',
        service: 'carrier_a_ground',
        packaging: 'your_packaging',
        cost: { carrier_charge: 6, customer_charge: 0 },
        return_charge: 0,
      },
    });
    const link = await t.call('POST', '/returns/portal-links', key, {
      portal_link: {
        customer_id: 'c-1',
        order_id: 'A-1',
        customer: address({ name: 'Cora' }),
        lines: [{ line_id: 'L1', product_name: 'Mug', sku: 'M', quantity: 1, value: 5, weight: 1 }],
        weight_units: 'LB',
      },
    });
    const portal = await t.call(
      'GET',
      `/public/portal/${new URL(link.body.portal_link.url).pathname.split('/').pop()}`,
      undefined,
    );
    expect(portal.status, portal.raw).toBe(200);
    expect(portal.body.portal.merchant).toEqual(merchant);
    for (const page of [tracking.raw, portal.raw])
      for (const secret of ['acme', 'globex', 'Secret warehouse', 'Returns desk']) expect(page).not.toContain(secret);

    // A tenant without branding: no merchant at all, and the pages keep their own look.
    const plainAccount = (
      await t.call('POST', '/shippingaccount', other, {
        shipping_account: { carrier: 'carrier_a', country: 'US', test: true },
      })
    ).body.shipping_account.id;
    const plain = await t.call('POST', '/ship', other, shipment(plainAccount, { service: 'carrier_a_ground' }));
    const plainPage = await t.call(
      'GET',
      `/public/tracking/${new URL(plain.body.shipment.tracking_url).pathname.split('/').pop()}`,
      undefined,
    );
    expect(plainPage.body.tracking.merchant).toBeUndefined();

    // The logo removed: gone from the pages and from its URL.
    const removed = await t.call('DELETE', '/branding/logo', key);
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body.branding.logo_url).toBeUndefined();
    expect(removed.body.branding.display_name).toBe('Acme Outdoor');
    expect(
      (
        await t.call(
          'GET',
          `/public/tracking/${new URL(booked.body.shipment.tracking_url).pathname.split('/').pop()}`,
          undefined,
        )
      ).body.tracking.merchant,
    ).toEqual({ display_name: 'Acme Outdoor', accent_color: '#c2185b', accent_text_color: '#ffffff' });
    expectError(await t.call('GET', logoPath, undefined), 404, 'not_found');
  });
});
