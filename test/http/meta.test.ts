import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp();

describe('GET /meta/carriers', () => {
  it('lists every carrier with operations, auth members and catalogs', async () => {
    const res = await s.t.call('GET', '/meta/carriers', s.key);
    expect(res.status).toBe(200);
    expect(res.body.carriers.map((c: { slug: string }) => c.slug)).toEqual([...CARRIER_SLUGS]);
    // Each with a display name for people, which the console shows instead of the slug.
    for (const c of res.body.carriers as { slug: string; name: string }[])
      expect(c.name, c.slug).toMatch(/^(?!carrier_)\S.*\S$/);
    const a = res.body.carriers.find((c: { slug: string }) => c.slug === 'carrier_a');
    expect(a.operations).toEqual(
      expect.arrayContaining(['ship', 'rate', 'track', 'cancel', 'pickup', 'dopu', 'pickup_availability', 'webhook']),
    );
    expect(a.operations).not.toContain('manifest');
    expect(a.auth.required).toEqual(['account_number']);
    expect(a.label_types).toEqual(
      expect.arrayContaining(['PDF', 'ZPLII__STOCK_4X6', 'PNG__PAPER_8.5X11_TOP_HALF_LABEL']),
    );
    expect(a.packaging_types).toContain('carrier_a_10kg_box');
    expect(a.special_services).toContain('saturday_delivery');
    expect(res.body.carriers.find((c: { slug: string }) => c.slug === 'canadapost').name).toBe('Canada Post');
  });

  it('describes one carrier, including carrier_d composite services', async () => {
    const res = await s.t.call('GET', '/meta/carriers/carrier_d', s.key);
    expect(res.status).toBe(200);
    expect(res.body.carrier.services).toEqual(
      expect.arrayContaining([
        'priority_mail',
        'media_mail|5_digit|irregular|none',
        'parcel_select|your_packaging|machinable|dhub',
      ]),
    );
    expect(res.body.carrier.operations).toContain('manifest');
    expect(res.body.carrier.auth.required).toHaveLength(6);
    // Every service with a name for people, sorted by it; a composite as its service with the rest in brackets.
    const details = res.body.carrier.service_details as { slug: string; name: string }[];
    expect(details.map((d) => d.slug).sort()).toEqual([...res.body.carrier.services].sort());
    expect(details.map((d) => d.name)).toEqual(
      details.map((d) => d.name).sort((x, y) => x.localeCompare(y, 'en', { numeric: true })),
    );
    expect(details.find((d) => d.slug === 'parcel_select|your_packaging|machinable|dhub')?.name).toBe(
      'Parcel Select (your packaging, machinable, DHUB)',
    );
    expect(details.find((d) => d.slug === 'media_mail|5_digit|irregular|none')?.name).toBe(
      'Media Mail (5 digit, irregular)',
    );
    const a = (await s.t.call('GET', '/meta/carriers/carrier_a', s.key)).body.carrier.service_details as {
      slug: string;
      name: string;
    }[];
    const named = (slug: string) => a.find((d) => d.slug === slug)?.name;
    expect([
      named('carrier_a_2_day_am'),
      named('carrier_a_international_priority'),
      named('international_priority'),
    ]).toEqual(['2 Day A.M.', 'International Priority', 'International Priority (code international_priority)']);
    expect(new Set(a.map((d) => d.name)).size).toBe(a.length);
    const b = (await s.t.call('GET', '/meta/carriers/carrier_b', s.key)).body.carrier.service_details as {
      slug: string;
      name: string;
    }[];
    expect(b.find((d) => d.slug === 'carrier_b_second_day_air')?.name).toBe('2nd Day Air');
    expectError(await s.t.call('GET', '/meta/carriers/carrier_z', s.key), 404, 'not_found');
    expectError(await s.t.call('GET', '/meta/carriers', undefined), 401, 'missing_api_key');
  });
});

describe('OpenAPI', () => {
  it('is a valid OpenAPI 3 document generated from the validating schemas', async () => {
    const res = await s.t.call('GET', '/openapi.json', undefined);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.components.securitySchemes.zkkey).toEqual({ type: 'apiKey', in: 'header', name: 'zkkey' });
    const body = res.body.paths['/shippingaccount'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['shipping_account']);
    expect(body.properties.shipping_account.properties.carrier.enum).toContain('carrier_d_reseller');
    // Validates against the OpenAPI 3 schema; throws with the first problem otherwise.
    await SwaggerParser.validate(structuredClone(res.body));
  });
});

describe('request ids', () => {
  it('returns x-request-id, keeping a safe one the caller sent', async () => {
    const res = await s.t.call('GET', '/healthz', undefined, undefined, { 'x-request-id': 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const made = await s.t.call('GET', '/healthz', undefined, undefined, { 'x-request-id': 'bad id with spaces\n' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
