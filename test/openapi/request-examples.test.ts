/**
 * Every request example of /openapi.json works against the emulator as the document shows it: the
 * examples are sent in the order a client would send them, with the ids the earlier answers gave
 * put where an example names a placeholder id (EXAMPLE_IDS, as each example's description says).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_IDS } from '../../src/contract/example-values.js';
import { setPlatform } from '../../src/storage/repositories/tenants.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

type Ids = Record<keyof typeof EXAMPLE_IDS | 'webhook' | 'return' | 'portalToken' | 'user', string>;

interface Step {
  op: string;
  /** The path when it names a resource an earlier step made. */
  path?: (ids: Ids) => string;
  /** What later steps need from the answer to the example of that name. */
  keep?: (answer: any, example: string) => Partial<Ids>;
  headers?: Record<string, string>;
  /** What the example needs done first (at the carrier). */
  before?: (body: any) => Promise<void> | undefined;
  /** What a 2xx alone does not show, checked on the answer. */
  check?: (answer: any, example: string) => void;
}

/** One step per operation with a body, in a client's order; a new operation with a body adds its own. */
const steps: Step[] = [
  {
    op: 'createShippingAccount',
    keep: (a, ex) => ({
      [ex === 'postal' ? 'postalAccount' : ex === 'postage' ? 'postageAccount' : 'shippingAccount']:
        a.shipping_account.id,
    }),
    // An example with its own credentials: the carrier issued them first, as its developer portal would.
    before: (body) =>
      body.shipping_account.auth
        ? emulator.knowCredentials(body.shipping_account.carrier, body.shipping_account.auth)
        : undefined,
  },
  {
    op: 'addPostage',
    path: (ids) => `/shippingaccount/${ids.postageAccount}/balance`,
    headers: { 'idempotency-key': 'postage-1' },
  },
  { op: 'updateShippingAccount', path: (ids) => `/shippingaccount/${ids.shippingAccount}` },
  {
    op: 'uploadPriceList',
    path: (ids) => `/shippingaccount/${ids.shippingAccount}/price-list`,
    check: (a) => expect(a.price_list.row_count).toBe(3),
  },
  { op: 'rateShipment' },
  {
    op: 'createShipment',
    keep: (a, ex) =>
      ex === 'parcel'
        ? { trackingNumber: a.shipment.tracking_number }
        : { postalTrackingNumber: a.shipment.tracking_number },
  },
  { op: 'trackShipment' },
  // 202 whatever its items are: none may have failed the checks made when the batch is posted.
  // Priced, none refused: the example books nothing.
  { op: 'previewBatch', check: (a, ex) => expect(a.preview.counts, ex).toMatchObject({ total: 1, refused: 0 }) },
  { op: 'createBatch', check: (a, ex) => expect(a.batch.counts, ex).toMatchObject({ total: 2, failed: 0 }) },
  { op: 'cancelShipment' },
  { op: 'getPickupAvailability' },
  { op: 'schedulePickup', keep: (a) => ({ confirmationNumber: a.pickup.confirmation_number }) },
  { op: 'cancelPickup' },
  { op: 'findDropoffLocations' },
  { op: 'validateAddress' },
  { op: 'validateCredentials' },
  { op: 'createManifest' },
  { op: 'mergeLabels' },
  { op: 'createWebhook', keep: (a) => ({ webhook: a.webhook.id }) },
  { op: 'updateWebhook', path: (ids) => `/webhooks/${ids.webhook}` },
  { op: 'createReturnMethod', keep: (a) => ({ returnMethod: a.return_method.id }) },
  { op: 'updateReturnMethod', path: (ids) => `/returns/methods/${ids.returnMethod}` },
  { op: 'createReturn', keep: (a) => ({ return: a.id }) },
  { op: 'updateReturn', path: (ids) => `/returns/${ids.return}` },
  {
    op: 'createReturnPortalLink',
    keep: (a) => ({ portalToken: new URL(a.portal_link.url).pathname.split('/').pop()! }),
  },
  {
    op: 'setBranding',
    check: (a) => expect(a.branding).toMatchObject({ display_name: 'Acme Outdoor', accent_text_color: '#ffffff' }),
  },
  { op: 'setBrandingLogo', check: (a) => expect(a.branding.logo_url).toMatch(/\/public\/logos\/[0-9a-f]{32}\.png$/) },
  {
    op: 'createPortalReturn',
    path: (ids) => `/public/portal/${ids.portalToken}/returns`,
    headers: { 'idempotency-key': 'portal-return-1' },
  },
  { op: 'inviteUser', keep: (a) => ({ invitationToken: new URL(a.invitation.url).hash.slice(1), user: a.user.id }) },
  { op: 'acceptInvitation', check: (a) => expect(a.me.role).toBe('shipper') },
  { op: 'signIn', check: (a) => expect(a.me.csrf_token).toMatch(/\S/) },
  { op: 'updateUser', path: (ids) => `/users/${ids.user}`, check: (a) => expect(a.user.role).toBe('viewer') },
  { op: 'createKey', check: (a) => expect(a.key).toMatchObject({ scope: 'read', key: expect.stringMatching(/^wb_/) }) },
  // The operator made the tenant a platform first (waybill tenants set-platform).
  {
    op: 'createTenant',
    before: () => setPlatform(t.db.database.db, 'acme', new Date()),
    check: (a) => expect(a).toMatchObject({ tenant: { id: 'shop-7', status: 'active' }, key: { scope: 'full' } }),
  },
];

let emulator: TestEmulator;
let t: TestApp;
let key: string;
let doc: any;

beforeAll(async () => {
  emulator = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: emulator.url });
  key = await t.key('acme');
  doc = (await t.call('GET', '/openapi.json', undefined)).body;
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

/** Each operation with a request body: its method, path template and examples. */
function bodyOperations(): Map<string, { method: string; path: string; examples: Record<string, { value: unknown }> }> {
  const out = new Map();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op.requestBody)
        out.set(op.operationId, {
          method: method.toUpperCase(),
          path,
          examples: op.requestBody.content['application/json'].examples ?? {},
        });
    }
  }
  return out;
}

/** The example with every placeholder id replaced by the one this run made. */
function withIds(value: unknown, ids: Ids): unknown {
  let text = JSON.stringify(value);
  for (const name of Object.keys(EXAMPLE_IDS) as (keyof typeof EXAMPLE_IDS)[])
    text = text.replaceAll(EXAMPLE_IDS[name], ids[name]);
  return JSON.parse(text);
}

describe('request examples of /openapi.json', () => {
  it('has a step here for every operation with a body', () => {
    expect(steps.map((s) => s.op).sort()).toEqual([...bodyOperations().keys()].sort());
  });

  it('each works against the emulator, sent in order with the ids earlier answers gave', async () => {
    const ops = bodyOperations();
    const ids = { ...EXAMPLE_IDS } as Ids;
    const made = new Set<string>();
    for (const step of steps) {
      const op = ops.get(step.op);
      expect(op, step.op).toBeDefined();
      for (const [name, example] of Object.entries(op!.examples)) {
        const body = withIds(example.value, ids);
        await step.before?.(body);
        const res = await t.call(op!.method, step.path?.(ids) ?? op!.path, key, body, step.headers);
        expect(res.status, `${step.op} example "${name}": ${res.raw}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${step.op} example "${name}": ${res.raw}`).toBeLessThan(300);
        step.check?.(res.body, name);
        const kept = step.keep?.(res.body, name) ?? {};
        for (const [k, v] of Object.entries(kept)) {
          expect(v, `${step.op} example "${name}": ${k}`).toMatch(/\S/);
          made.add(k);
        }
        Object.assign(ids, kept);
      }
    }
    // Every placeholder was replaced by an id this run made, so no example ran on a made-up id.
    expect([...made].sort()).toEqual(expect.arrayContaining(Object.keys(EXAMPLE_IDS).sort()));
  }, 60_000);
});
