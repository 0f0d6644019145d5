/** A carrier_b (UPS) client for the emulator suites: Basic-auth tokens and bearer JSON calls. */
import type { Clock } from '../../src/foundations/clock.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixedClock, send, SUITE_CREDENTIALS, type Reply } from './support.js';

export interface UpsClient {
  emulator: Emulator;
  base: string;
  token(basic?: string, form?: string): Promise<Reply>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    opts?: { token?: string | null; headers?: Record<string, string>; raw?: string },
  ): Promise<Reply>;
  fault(operation: string, fault: string, count?: number): Promise<void>;
  clearFaults(): Promise<void>;
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const BASIC = `Basic ${Buffer.from('test-id:test-secret').toString('base64')}`;

export async function startUps(clock: Clock = fixedClock()): Promise<UpsClient> {
  const emulator = await createEmulator({ clock, credentials: SUITE_CREDENTIALS });
  const base = emulator.carrierUrl('carrier_b');
  const control = async (method: string, path: string, body?: unknown) => {
    const reply = await send(
      `${emulator.url}/_emulator/${path}`,
      method,
      body === undefined ? {} : { 'content-type': 'application/json' },
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (reply.status >= 300) throw new Error(`control ${path}: ${reply.text}`);
  };
  const client: UpsClient = {
    emulator,
    base,
    token: (basic = BASIC, form = 'grant_type=client_credentials') =>
      send(
        `${base}/security/v1/oauth/token`,
        'POST',
        { 'content-type': 'application/x-www-form-urlencoded', authorization: basic, 'x-merchant-id': 'A1B2C3' },
        form,
      ),
    async call(method, path, body, opts = {}) {
      let bearer = opts.token;
      if (bearer === undefined) bearer = String(((await client.token()).json as { access_token: string }).access_token);
      const headers: Record<string, string> = {
        ...(body === undefined && opts.raw === undefined ? {} : { 'content-type': 'application/json' }),
        transId: 'test',
        transactionSrc: 'test',
        ...opts.headers,
      };
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      return send(
        `${base}${path}`,
        method,
        headers,
        opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      );
    },
    fault: (operation, fault, count = 1) =>
      control('POST', 'faults', { carrier: 'carrier_b', operation, fault, count }),
    clearFaults: () => control('DELETE', 'faults'),
    advance: (ms) => control('POST', 'clock', { advance_ms: ms }),
    close: () => emulator.close(),
  };
  return client;
}

const party = (name: string, city: string, state: string, postal: string, country = 'US') => ({
  Name: name,
  AttentionName: name,
  Phone: { Number: '4045550100' },
  Address: {
    AddressLine: ['1 Main St'],
    City: city,
    StateProvinceCode: state,
    PostalCode: postal,
    CountryCode: country,
  },
});
export const ATLANTA = party('Acme', 'Atlanta', 'GA', '30301');
export const NEW_YORK = party('Bob', 'New York', 'NY', '10001');
export const TORONTO = party('Dana', 'Toronto', 'ON', 'M5V3A8', 'CA');

export function rateBody(overrides: Record<string, unknown> = {}) {
  return {
    RateRequest: {
      Request: { TransactionReference: { CustomerContext: 'ctx' } },
      Shipment: {
        Shipper: { ...ATLANTA, ShipperNumber: 'A1B2C3' },
        ShipFrom: ATLANTA,
        ShipTo: NEW_YORK,
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        Package: { PackagingType: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '5' } },
        ...overrides,
      },
    },
  };
}

export function shipBody(overrides: Record<string, unknown> = {}, format = 'GIF', height?: string) {
  return {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate' },
      Shipment: {
        Shipper: { ...ATLANTA, ShipperNumber: 'A1B2C3' },
        ShipFrom: ATLANTA,
        ShipTo: NEW_YORK,
        Service: { Code: '03' },
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }] },
        Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '5' } }],
        ...overrides,
      },
      LabelSpecification: { LabelImageFormat: { Code: format }, LabelStockSize: { Height: height ?? '6', Width: '4' } },
    },
  };
}
