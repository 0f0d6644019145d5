/**
 * Helpers for the emulator suites: an emulator on a random loopback port with a fixed base clock,
 * a small HTTP client over undici, and carrier_a request bodies written for these tests.
 */
import { request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/foundations/clock.js';
import type { KnownCredential } from '../../src/emulator/credentials.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';

export { at } from '../../src/emulator/json.js';

/** Tuesday 2025-03-04 15:00 UTC: 10:00 on the US east coast, a business day. */
export const START = new Date('2025-03-04T15:00:00Z');
export const HOUR = 3_600_000;

export function fixedClock(at: Date = START): Clock {
  return { now: () => new Date(at.getTime()) };
}

/** The credentials the emulator suites call with, which their emulators know. */
const RESELLER_ACCOUNTS = [
  'ns',
  't-1',
  'bal-1',
  'pp-1',
  'sizes',
  'formats',
  'intl',
  'trk',
  'rf',
  'ship',
  'someone-else',
];
export const SUITE_CREDENTIALS: KnownCredential[] = [
  { carrier: 'carrier_a', id: 'test-id', secret: 'test-secret' },
  { carrier: 'carrier_a', id: 'abc', secret: 'def' },
  { carrier: 'carrier_b', id: 'test-id', secret: 'test-secret' },
  { carrier: 'carrier_c', id: 'test-site', secret: 'test-password' },
  { carrier: 'carrier_d', id: 'emu-client', secret: 'emu-secret' },
  ...['revoker', 'expiring', 'after-8h'].map((id): KnownCredential => ({
    carrier: 'carrier_d',
    id,
    secret: 'emu-secret',
  })),
  ...RESELLER_ACCOUNTS.map((id): KnownCredential => ({ carrier: 'carrier_d_reseller', id, secret: 'phrase-1' })),
];

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export interface Client {
  emulator: Emulator;
  base: string;
  /** A fresh OAuth token from the emulated token endpoint. */
  token(): Promise<string>;
  /** A carrier_a call; `token: undefined` fetches a fresh token, `null` sends none. */
  call(
    method: 'POST' | 'PUT' | 'GET',
    path: string,
    body?: unknown,
    opts?: { token?: string | null; signal?: AbortSignal },
  ): Promise<Reply>;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Reply>;
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** One HTTP exchange with the emulator, the body parsed as JSON where it is JSON. */
export async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  signal?: AbortSignal,
): Promise<Reply> {
  const res = await request(url, { method: method as 'GET', headers, body, signal });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export async function startClient(clock: Clock = fixedClock()): Promise<Client> {
  const emulator = await createEmulator({ clock, credentials: SUITE_CREDENTIALS });
  const base = emulator.carrierUrl('carrier_a');
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const token = async (): Promise<string> => {
    const reply = await send(
      `${base}/oauth/token`,
      'POST',
      form,
      'grant_type=client_credentials&client_id=test-id&client_secret=test-secret',
    );
    const value = (reply.json as { access_token?: unknown } | undefined)?.access_token;
    if (typeof value !== 'string') throw new Error(`no token: ${reply.status} ${reply.text}`);
    return value;
  };
  const client: Client = {
    emulator,
    base,
    token,
    async call(method, path, body, opts = {}) {
      const bearer = opts.token === undefined ? await token() : opts.token;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      return send(
        `${base}${path}`,
        method,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
        opts.signal,
      );
    },
    control(method, path, body) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      return send(`${emulator.url}${path}`, method, headers, body === undefined ? undefined : JSON.stringify(body));
    },
    async advance(ms) {
      const reply = await client.control('POST', '/_emulator/clock', { advance_ms: ms });
      if (reply.status !== 200) throw new Error(`clock: ${reply.text}`);
    },
    close: () => emulator.close(),
  };
  return client;
}

/**
 * A client for a whole suite: the emulator starts before the suite's first test and stops after its
 * last. The object is usable at once; it hands each call to the client made in beforeAll.
 */
export function useClient(): Client {
  let client: Client | undefined;
  beforeAll(async () => {
    client = await startClient();
  });
  afterAll(() => client?.close());
  const current = (): Client => {
    if (!client) throw new Error('the emulator client is used outside a test');
    return client;
  };
  return {
    get emulator() {
      return current().emulator;
    },
    get base() {
      return current().base;
    },
    token: () => current().token(),
    call: (...args) => current().call(...args),
    control: (...args) => current().control(...args),
    advance: (ms) => current().advance(ms),
    close: () => current().close(),
  };
}

type Party = { address: Record<string, unknown>; contact?: Record<string, unknown> };

export const MEMPHIS: Party = {
  contact: { personName: 'Avery Shipper', companyName: 'Shipper Co', phoneNumber: '9015550100' },
  address: {
    streetLines: ['100 Warehouse Rd'],
    city: 'Memphis',
    stateOrProvinceCode: 'TN',
    postalCode: '38117',
    countryCode: 'US',
    residential: false,
  },
};
export const BEVERLY_HILLS: Party = {
  contact: { personName: 'Robin Recipient', phoneNumber: '3105550100' },
  address: {
    streetLines: ['9 Palm Dr'],
    city: 'Beverly Hills',
    stateOrProvinceCode: 'CA',
    postalCode: '90210',
    countryCode: 'US',
    residential: false,
  },
};
export const TORONTO: Party = {
  contact: { personName: 'Casey Importer', phoneNumber: '4165550100' },
  address: {
    streetLines: ['1 Front St W'],
    city: 'Toronto',
    stateOrProvinceCode: 'ON',
    postalCode: 'M5J 2X5',
    countryCode: 'CA',
    residential: false,
  },
};

export const ACCOUNT = '510087020';

export function customs(): Record<string, unknown> {
  return {
    commercialInvoice: { shipmentPurpose: 'SOLD', termsOfSale: 'DAP' },
    dutiesPayment: { paymentType: 'SENDER' },
    commodities: [
      {
        description: 'Cotton T-shirts',
        quantity: 4,
        quantityUnits: 'PCS',
        weight: { units: 'LB', value: 2 },
        customsValue: { amount: 60, currency: 'USD' },
        harmonizedCode: '610910',
        countryOfManufacture: 'US',
      },
    ],
  };
}

export interface PackageSpec {
  lb: number;
  dims?: [number, number, number];
}

export function rateRequest(
  opts: {
    to?: Party;
    packages?: PackageSpec[];
    residential?: boolean;
    serviceType?: string;
    withCustoms?: boolean;
  } = {},
) {
  const to = opts.to ?? BEVERLY_HILLS;
  return {
    accountNumber: { value: ACCOUNT },
    rateRequestControlParameters: { returnTransitTimes: true },
    requestedShipment: {
      shipper: { address: MEMPHIS.address },
      recipient: { address: { ...to.address, residential: opts.residential ?? false } },
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      ...(opts.serviceType ? { serviceType: opts.serviceType } : {}),
      rateRequestType: ['ACCOUNT', 'LIST'],
      ...(opts.withCustoms ? { customsClearanceDetail: customs() } : {}),
      requestedPackageLineItems: (opts.packages ?? [{ lb: 5 }]).map((p) => ({
        weight: { units: 'LB', value: p.lb },
        ...(p.dims ? { dimensions: { length: p.dims[0], width: p.dims[1], height: p.dims[2], units: 'IN' } } : {}),
      })),
    },
  };
}

export function shipRequest(
  opts: {
    to?: Party;
    serviceType?: string;
    imageType?: string;
    stock?: string;
    packages?: PackageSpec[];
    responseOption?: 'LABEL' | 'URL_ONLY';
    withCustoms?: boolean;
    account?: string;
  } = {},
) {
  const packages = opts.packages ?? [{ lb: 5 }];
  return {
    accountNumber: { value: opts.account ?? ACCOUNT },
    labelResponseOptions: opts.responseOption ?? 'LABEL',
    requestedShipment: {
      shipper: MEMPHIS,
      recipients: [opts.to ?? BEVERLY_HILLS],
      pickupType: 'USE_SCHEDULED_PICKUP',
      serviceType: opts.serviceType ?? 'PRIORITY_OVERNIGHT',
      packagingType: 'YOUR_PACKAGING',
      totalWeight: packages.reduce((sum, p) => sum + p.lb, 0),
      shippingChargesPayment: {
        paymentType: 'SENDER',
        payor: { responsibleParty: { accountNumber: { value: opts.account ?? ACCOUNT } } },
      },
      labelSpecification: { imageType: opts.imageType ?? 'PDF', labelStockType: opts.stock ?? 'PAPER_4X6' },
      ...(opts.withCustoms ? { customsClearanceDetail: customs() } : {}),
      requestedPackageLineItems: packages.map((p, i) => ({
        weight: { units: 'LB', value: p.lb },
        ...(p.dims ? { dimensions: { length: p.dims[0], width: p.dims[1], height: p.dims[2], units: 'IN' } } : {}),
        customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: `ORDER-${i + 1}` }],
      })),
    },
  };
}

export function trackRequest(...numbers: string[]) {
  return {
    includeDetailedScans: true,
    trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
  };
}

/** The FedEx error codes of an error reply. */
export function errorCodes(reply: Reply): string[] {
  const list = (reply.json as { errors?: Array<{ code?: unknown }> } | undefined)?.errors ?? [];
  return list.map((e) => String(e.code));
}
