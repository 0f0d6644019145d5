/** Helpers for the carrier_c emulator suites: a Basic-auth client and MyDHL request bodies written for these tests. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixedClock, send, SUITE_CREDENTIALS, type Reply } from './support.js';

export const BASIC = `Basic ${Buffer.from('test-site:test-password').toString('base64')}`;

export interface CClient {
  emulator: Emulator;
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, auth?: string | null): Promise<Reply>;
  advance(ms: number): Promise<void>;
}

/** An emulator on the fixed test clock (Tuesday 2025-03-04 15:00 UTC) for one suite. */
export function useCarrierCClient(): CClient {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await createEmulator({ clock: fixedClock(), credentials: SUITE_CREDENTIALS });
  });
  afterAll(() => emulator?.close());
  // Each test starts on the fixed clock again.
  afterEach(() => emulator?.state.clock.reset());
  const em = (): Emulator => {
    if (!emulator) throw new Error('used outside a test');
    return emulator;
  };
  return {
    get emulator() {
      return em();
    },
    async call(method, path, body, auth = BASIC) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      if (auth !== null) headers.authorization = auth;
      return send(
        `${em().carrierUrl('carrier_c')}${path}`,
        method,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
      );
    },
    async advance(ms) {
      await send(
        `${em().url}/_emulator/clock`,
        'POST',
        { 'content-type': 'application/json' },
        JSON.stringify({ advance_ms: ms }),
      );
    },
  };
}

export const BERLIN = {
  postalCode: '10117',
  cityName: 'Berlin',
  countryCode: 'DE',
  addressLine1: 'Unter den Linden 1',
};
export const LONDON = { postalCode: 'SW1A 2AA', cityName: 'London', countryCode: 'GB', addressLine1: '10 Downing St' };
export const MUNICH = { postalCode: '80331', cityName: 'Munich', countryCode: 'DE', addressLine1: 'Marienplatz 8' };
const contact = (fullName: string) => ({ phone: '+49 30 1234567', companyName: `${fullName} GmbH`, fullName });

export function rateBody(
  opts: { to?: typeof LONDON; date?: string; weight?: number; declarable?: boolean; productCode?: string } = {},
) {
  return {
    customerDetails: { shipperDetails: BERLIN, receiverDetails: opts.to ?? LONDON },
    accounts: [{ typeCode: 'shipper', number: '950000000' }],
    ...(opts.productCode ? { productCode: opts.productCode } : {}),
    plannedShippingDateAndTime: `${opts.date ?? '2025-03-05'}T10:00:00 GMT+01:00`,
    unitOfMeasurement: 'metric',
    isCustomsDeclarable: opts.declarable ?? true,
    packages: [{ weight: opts.weight ?? 2, dimensions: { length: 30, width: 20, height: 10 } }],
  };
}

export function shipBody(
  opts: {
    to?: typeof LONDON;
    productCode?: string;
    encodingFormat?: string;
    templateName?: string;
    pieces?: number;
    invoice?: boolean;
    declarable?: boolean;
  } = {},
) {
  const declarable = opts.declarable ?? (opts.to ?? LONDON).countryCode !== 'DE';
  return {
    plannedShippingDateAndTime: '2025-03-05T10:00:00 GMT+01:00',
    pickup: { isRequested: false },
    productCode: opts.productCode ?? 'P',
    getRateEstimates: true,
    accounts: [{ typeCode: 'shipper', number: '950000000' }],
    outputImageProperties: {
      encodingFormat: opts.encodingFormat ?? 'pdf',
      imageOptions: [
        { typeCode: 'label', templateName: opts.templateName ?? 'ECOM26_84_001', isRequested: true },
        ...((opts.invoice ?? declarable)
          ? [
              {
                typeCode: 'invoice',
                templateName: 'COMMERCIAL_INVOICE_P_10',
                isRequested: true,
                invoiceType: 'commercial',
              },
            ]
          : []),
      ],
    },
    customerDetails: {
      shipperDetails: { postalAddress: BERLIN, contactInformation: contact('Anna Absender') },
      receiverDetails: { postalAddress: opts.to ?? LONDON, contactInformation: contact('Clara Recipient') },
    },
    content: {
      packages: Array.from({ length: opts.pieces ?? 1 }, () => ({
        weight: 2,
        dimensions: { length: 30, width: 20, height: 10 },
      })),
      isCustomsDeclarable: declarable,
      description: 'T-shirts',
      unitOfMeasurement: 'metric',
      ...(declarable
        ? {
            declaredValue: 40,
            declaredValueCurrency: 'EUR',
            incoterm: 'DAP',
            exportDeclaration: {
              lineItems: [
                {
                  number: 1,
                  description: 'Cotton T-shirt',
                  price: 20,
                  quantity: { value: 2, unitOfMeasurement: 'PCS' },
                  manufacturerCountry: 'DE',
                  weight: { netValue: 1, grossValue: 1 },
                  commodityCodes: [{ typeCode: 'outbound', value: '610910' }],
                },
              ],
              invoice: { number: 'INV-1', date: '2025-03-05' },
            },
          }
        : {}),
    },
  };
}
