import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_SLUGS } from '../../src/carriers/declarations.js';
import { declarations } from '../../src/carriers/declarations.js';
import { accountBody, validAuth } from '../support/accounts.js';
import { createTestApp, expectError, type TestApp } from '../support/app.js';

let t: TestApp;
let key: string;
let otherKey: string;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.key('acme');
  otherKey = await t.key('globex');
});
afterAll(() => t.close());

const create = (body: unknown, k = key) => t.call('POST', '/shippingaccount', k, body);

describe('POST /shippingaccount', () => {
  it.each(CARRIER_SLUGS)('registers a %s account and echoes auth, defaults and a string id', async (carrier) => {
    const res = await create(
      accountBody(carrier, {
        name: 'main',
        billing_address: { name: 'Ann', street1: '1 Main St', city: 'Memphis', country: 'US' },
      }),
    );
    expect(res.status).toBe(200);
    const sa = res.body.shipping_account;
    expect(typeof sa.id).toBe('string');
    expect(sa).toMatchObject({
      carrier,
      country: 'US',
      name: 'main',
      auth: validAuth[carrier],
      defaults: {},
      test: false,
    });
    expect(sa.billing_address.city).toBe('Memphis');
  });

  it.each(CARRIER_SLUGS)('requires every required auth member of %s', async (carrier) => {
    for (const member of declarations[carrier].auth.required) {
      const auth = { ...validAuth[carrier] };
      delete auth[member];
      const err = expectError(
        await create({ shipping_account: { carrier, country: 'US', auth } }),
        400,
        'schema_field_required',
      );
      expect(err.detail).toBe(`shipping_account.auth.${member}`);
    }
  });

  it('rejects an auth member the carrier does not have, naming the allowed ones', async () => {
    const err = expectError(
      await create({
        shipping_account: {
          carrier: 'carrier_d_reseller',
          country: 'US',
          auth: { ...validAuth.carrier_d_reseller, pin: '1' },
        },
      }),
      400,
      'schema_validation_error',
    );
    expect(err.message).toContain('passphrase');
    expect(err.detail).toBe('shipping_account.auth.pin');
  });

  it('names missing top-level fields by path', async () => {
    expect(
      expectError(await create({ shipping_account: { country: 'US' } }), 400, 'schema_field_required').detail,
    ).toBe('shipping_account.carrier');
    expect(
      expectError(await create({ shipping_account: { carrier: 'carrier_a' } }), 400, 'schema_field_required').detail,
    ).toBe('shipping_account.country');
    expect(expectError(await create({}), 400, 'schema_field_required').detail).toBe('shipping_account');
  });

  it('rejects an unknown carrier listing the allowed slugs', async () => {
    const err = expectError(
      await create({ shipping_account: { carrier: 'pigeon', country: 'US', auth: {} } }),
      400,
      'schema_validation_error',
    );
    expect(err.message).toContain('carrier_d_reseller');
  });

  it('requires city, name and street1 in billing_address, and a two-letter country', async () => {
    for (const field of ['city', 'name', 'street1']) {
      const address: Record<string, string> = { name: 'Ann', street1: '1 Main', city: 'Memphis', country: 'US' };
      delete address[field];
      expect(
        expectError(await create(accountBody('carrier_a', { billing_address: address })), 400, 'schema_field_required')
          .detail,
      ).toBe(`shipping_account.billing_address.${field}`);
    }
    expectError(
      await create(accountBody('carrier_a', { billing_address: { name: 'Ann', street1: '1', city: 'M' } })),
      400,
      'schema_field_required',
    );
    expect(
      expectError(await create(accountBody('carrier_a', { country: 'usa' })), 400, 'schema_validation_error').message,
    ).toMatch(/two-letter/);
  });

  it('validates defaults against the carrier catalog', async () => {
    const ok = await create(
      accountBody('carrier_a', {
        defaults: {
          label_type: 'ZPLII__STOCK_4X6',
          packaging_type: 'carrier_a_box',
          service: 'carrier_a_ground',
          currency: 'USD',
          dim_units: 'IN',
          weight_units: 'LB',
        },
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.shipping_account.defaults.label_type).toBe('ZPLII__STOCK_4X6');
    const bad: [Record<string, string>, string, string][] = [
      [{ label_type: 'GIF' }, 'shipping_account.defaults.label_type', 'PDF__PAPER_4X6'],
      [{ packaging_type: 'carrier_b_letter' }, 'shipping_account.defaults.packaging_type', 'carrier_a_box'],
      [{ service: 'carrier_b_ground' }, 'shipping_account.defaults.service', 'carrier_a_ground'],
      [{ currency: 'XXX' }, 'shipping_account.defaults.currency', 'USD'],
      [{ weight_units: 'G' }, 'shipping_account.defaults.weight_units', 'KG, LB'],
      [{ dim_units: 'MM' }, 'shipping_account.defaults.dim_units', 'IN, CM'],
    ];
    for (const [defaults, path, listed] of bad) {
      const err = expectError(await create(accountBody('carrier_a', { defaults })), 400, 'schema_validation_error');
      expect(err.detail).toBe(path);
      expect(err.message).toContain(listed);
    }
    // carrier_d composite services are catalog values too.
    expect(
      (
        await create(
          accountBody('carrier_d', { defaults: { service: 'priority_mail|flat_rate_envelope|machinable|none' } }),
        )
      ).status,
    ).toBe(200);
  });

  it('uses master test credentials for test: true without auth, in US, CA, GB and DE only', async () => {
    for (const country of ['US', 'CA', 'GB', 'DE']) {
      const res = await create({ shipping_account: { carrier: 'carrier_d', country, test: true } });
      expect(res.status).toBe(200);
      expect(res.body.shipping_account.test).toBe(true);
      // The operator's secrets are never shown to the tenant.
      expect(res.body.shipping_account.auth.client_secret).toMatch(/^\*\*\*\*/);
    }
    expectError(
      await create({ shipping_account: { carrier: 'carrier_d', country: 'FR', test: true } }),
      404,
      'master_test_shipping_account_not_found',
    );
    expectError(
      await create({ shipping_account: { carrier: 'carrier_d', country: 'US' } }),
      400,
      'schema_field_required',
    );
  });

  it('links a sub-account to a parent of the same carrier and tenant, inheriting credentials and defaults', async () => {
    const parent = (
      await create(accountBody('carrier_a', { defaults: { service: 'carrier_a_ground', label_type: 'PNG' } }))
    ).body.shipping_account;
    const child = await create({
      shipping_account: {
        carrier: 'carrier_a',
        country: 'US',
        parent_shipping_account: parent.id,
        defaults: { label_type: 'PDF' },
      },
    });
    expect(child.status).toBe(200);
    const sa = child.body.shipping_account;
    expect(sa.parent_shipping_account).toBe(parent.id);
    expect(sa.defaults).toEqual({ service: 'carrier_a_ground', label_type: 'PDF' });
    expect(sa.auth.account_number).toBe(validAuth.carrier_a.account_number);
    expect(sa.auth.client_secret).toMatch(/^\*\*\*\*/);

    expectError(
      await create({ shipping_account: { carrier: 'carrier_b', country: 'US', parent_shipping_account: parent.id } }),
      400,
      'shipping_account_wrong_carrier',
    );
    expectError(
      await create({ shipping_account: { carrier: 'carrier_a', country: 'US', parent_shipping_account: 'sa_nope' } }),
      404,
      'shipping_account_not_found',
    );
    // Another tenant's account is answered exactly like a missing one.
    expectError(
      await create(
        { shipping_account: { carrier: 'carrier_a', country: 'US', parent_shipping_account: parent.id } },
        otherKey,
      ),
      404,
      'shipping_account_not_found',
    );
    // A parent with sub-accounts cannot be deleted from under them.
    expectError(await t.call('DELETE', `/shippingaccount/${parent.id}`, key), 409, 'conflict');
  });
});

describe('reading, listing and deleting', () => {
  it('masks secrets on reads, lists only the tenant’s accounts, deletes', async () => {
    const id = (await create(accountBody('carrier_c'))).body.shipping_account.id;
    const read = await t.call('GET', `/shippingaccount/${id}`, key);
    expect(read.status).toBe(200);
    expect(read.body.shipping_account.auth).toEqual({
      account_number: '950000000',
      password: '****ue-c',
      site_id: 'site-c',
    });
    expect(read.raw).not.toContain(validAuth.carrier_c.password);

    const list = await t.call('GET', '/shippingaccount', key);
    expect(list.body.shipping_accounts.map((a: { id: string }) => a.id)).toContain(id);
    expect(list.raw).not.toContain('super-secret');
    const paged = await t.call('GET', '/shippingaccount?limit=1&offset=0', key);
    expect(paged.body.shipping_accounts).toHaveLength(1);
    expectError(await t.call('GET', '/shippingaccount?limit=0', key), 400, 'schema_validation_error');

    const theirs = await t.call('GET', '/shippingaccount', otherKey);
    expect(theirs.body.shipping_accounts.map((a: { id: string }) => a.id)).not.toContain(id);
    expectError(await t.call('GET', `/shippingaccount/${id}`, otherKey), 404, 'shipping_account_not_found');
    expectError(await t.call('DELETE', `/shippingaccount/${id}`, otherKey), 404, 'shipping_account_not_found');

    expect((await t.call('DELETE', `/shippingaccount/${id}`, key)).status).toBe(200);
    expectError(await t.call('GET', `/shippingaccount/${id}`, key), 404, 'shipping_account_not_found');
    expectError(await t.call('DELETE', `/shippingaccount/${id}`, key), 404, 'shipping_account_not_found');
  });
});

describe('PATCH /shippingaccount/{id}', () => {
  const patch = (id: string, body: unknown, k = key) => t.call('PATCH', `/shippingaccount/${id}`, k, body);

  it('changes name, billing address, defaults, location id and credentials; the change is used at once', async () => {
    const id = (await create(accountBody('carrier_c', { name: 'old', defaults: { service: 'jetline' } }))).body
      .shipping_account.id;
    const res = await patch(id, {
      shipping_account: {
        name: 'new',
        billing_address: { name: 'Dock', street1: '2 Pier Rd', city: 'Memphis', country: 'US' },
        defaults: { label_type: 'ZPL2' },
        location_id: 'LOC-9',
        auth: { password: 'another-secret-value' },
      },
    });
    expect(res.status, res.raw).toBe(200);
    const sa = res.body.shipping_account;
    expect(sa).toMatchObject({ id, name: 'new', location_id: 'LOC-9', billing_address: { street1: '2 Pier Rd' } });
    // defaults members merge: the service stays, the label type is added.
    expect(sa.defaults).toEqual({ service: 'jetline', label_type: 'ZPL2' });
    // Credentials merge, are sealed again and never shown in clear.
    expect(sa.auth).toEqual({ account_number: '950000000', password: '****alue', site_id: 'site-c' });
    expect(res.raw).not.toContain('another-secret-value');
    const stored = await t.db.database.db
      .selectFrom('shipping_accounts')
      .select('auth_sealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.auth_sealed).not.toContain('another-secret-value');
    const resolved = await t.services.accounts.resolve('acme', id);
    expect(resolved.auth.password).toBe('another-secret-value');
    expect((await t.call('GET', `/shippingaccount/${id}`, key)).body.shipping_account.name).toBe('new');
  });

  it('refuses a new carrier or country, bad credentials and defaults outside the catalog; accepts them unchanged', async () => {
    const id = (await create(accountBody('carrier_a'))).body.shipping_account.id;
    expect(
      expectError(await patch(id, { shipping_account: { carrier: 'carrier_b' } }), 400, 'schema_validation_error')
        .detail,
    ).toBe('shipping_account.carrier');
    expect(
      expectError(await patch(id, { shipping_account: { country: 'CA' } }), 400, 'schema_validation_error').detail,
    ).toBe('shipping_account.country');
    expect(
      expectError(await patch(id, { shipping_account: { auth: { userid: 'x' } } }), 400, 'schema_validation_error')
        .detail,
    ).toBe('shipping_account.auth.userid');
    expect(
      expectError(await patch(id, { shipping_account: { auth: { account_number: '' } } }), 400, 'schema_field_required')
        .detail,
    ).toBe('shipping_account.auth.account_number');
    expect(
      expectError(
        await patch(id, { shipping_account: { defaults: { service: 'carrier_b_ground' } } }),
        400,
        'schema_validation_error',
      ).detail,
    ).toBe('shipping_account.defaults.service');
    expect(
      expectError(
        await patch(id, { shipping_account: { billing_address: { city: 'Memphis', country: 'US' } } }),
        400,
        'schema_field_required',
      ).detail,
    ).toBe('shipping_account.billing_address.name');
    expectError(await patch(id, { shipping_account: 'x' }), 400, 'schema_validation_error');
    expect(
      (await patch(id, { shipping_account: { carrier: 'carrier_a', country: 'US', name: 'same' } })).body
        .shipping_account.name,
    ).toBe('same');
  });

  it('answers another tenant’s or an unknown account with 404', async () => {
    const id = (await create(accountBody('carrier_b'))).body.shipping_account.id;
    expectError(
      await patch(id, { shipping_account: { name: 'mine now' } }, otherKey),
      404,
      'shipping_account_not_found',
    );
    expectError(await patch('999999999999999', { shipping_account: { name: 'x' } }), 404, 'shipping_account_not_found');
    expect((await t.call('GET', `/shippingaccount/${id}`, key)).body.shipping_account.name).toBeNull();
  });
});
