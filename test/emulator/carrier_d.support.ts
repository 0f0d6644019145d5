/** A carrier_d client for the emulator suites: tokens, payment token, JSON and multipart calls. */
import { request } from 'undici';
import { parseMultipart, multipartBoundary, partBytes } from '../../src/carriers/shared/multipart.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixedClock, SUITE_CREDENTIALS } from './support.js';

export interface DReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  json: any;
}

export interface DClient {
  emulator: Emulator;
  base: string;
  token(clientId?: string, secret?: string): Promise<DReply>;
  payment(bearer?: string): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    opts?: { bearer?: string | null; payment?: string; headers?: Record<string, string> },
  ): Promise<DReply>;
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const ROLES = {
  roles: [
    {
      roleName: 'PAYER',
      CRID: '12345678',
      MID: '123456',
      manifestMID: '654321',
      accountType: 'EPS',
      accountNumber: '1000',
    },
    { roleName: 'LABEL_OWNER', CRID: '12345678', MID: '123456', manifestMID: '654321' },
  ],
};

async function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<DReply> {
  const res = await request(url, { method: method as 'GET', headers, body });
  const raw = Buffer.from(await res.body.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, raw, json };
}

export async function startD(): Promise<DClient> {
  const emulator = await createEmulator({ clock: fixedClock(), credentials: SUITE_CREDENTIALS });
  const base = emulator.carrierUrl('carrier_d');
  const client: DClient = {
    emulator,
    base,
    token: (clientId = 'emu-client', secret = 'emu-secret') =>
      send(
        `${base}/oauth2/v3/token`,
        'POST',
        { 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: secret,
        }).toString(),
      ),
    async payment(b) {
      const reply = await client.call('POST', '/payments/v3/payment-authorization', ROLES, b ? { bearer: b } : {});
      return reply.json.paymentAuthorizationToken as string;
    },
    async call(method, path, body, opts = {}) {
      const b = opts.bearer === undefined ? ((await client.token()).json.access_token as string) : opts.bearer;
      const headers: Record<string, string> = {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      };
      if (b) headers.authorization = `Bearer ${b}`;
      if (opts.payment) headers['x-payment-authorization-token'] = opts.payment;
      return send(`${base}${path}`, method, headers, body === undefined ? undefined : JSON.stringify(body));
    },
    async advance(ms) {
      await send(
        `${emulator.url}/_emulator/clock`,
        'POST',
        { 'content-type': 'application/json' },
        JSON.stringify({ advance_ms: ms }),
      );
    },
    close: () => emulator.close(),
  };
  return client;
}

/** The parts of a multipart answer: JSON metadata and decoded bytes of the others. */
export function partsOf(reply: DReply): {
  json: any;
  images: { name?: string; contentType?: string; bytes: Buffer }[];
} {
  const boundary = multipartBoundary(String(reply.headers['content-type']));
  if (!boundary) throw new Error(`not multipart: ${reply.status} ${reply.raw.toString().slice(0, 300)}`);
  const parts = parseMultipart(reply.raw, boundary);
  const meta = parts.find((p) => p.contentType === 'application/json');
  return {
    json: meta ? JSON.parse(meta.body.toString('utf8')) : undefined,
    images: parts
      .filter((p) => p !== meta)
      .map((p) => ({
        ...(p.name ? { name: p.name } : {}),
        ...(p.contentType ? { contentType: p.contentType } : {}),
        bytes: Buffer.from(partBytes(p)),
      })),
  };
}

export const fromAddress = {
  streetAddress: '1098 N Fraser Street',
  city: 'Georgetown',
  state: 'SC',
  ZIPCode: '29440',
  firstName: 'Tall',
  lastName: 'Tom',
};
export const toAddress = {
  streetAddress: '1309 S Agnew Avenue',
  city: 'Oklahoma City',
  state: 'OK',
  ZIPCode: '73108',
  firstName: 'Lina',
  lastName: 'Smith',
};

export function labelBody(over: Record<string, unknown> = {}, pkg: Record<string, unknown> = {}) {
  return {
    imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', receiptOption: 'NONE' },
    toAddress,
    fromAddress,
    packageDescription: {
      weightUOM: 'lb',
      weight: 2,
      dimensionsUOM: 'in',
      length: 10,
      width: 8,
      height: 4,
      mailClass: 'PRIORITY_MAIL',
      processingCategory: 'MACHINABLE',
      rateIndicator: 'SP',
      destinationEntryFacilityType: 'NONE',
      mailingDate: '2025-03-04',
      ...pkg,
    },
    ...over,
  };
}
