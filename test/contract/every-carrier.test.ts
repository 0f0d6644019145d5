/**
 * What holds for every carrier alike, through the service against the emulator: the label's text
 * is whole in PDF and ZPL, rating takes addresses of street, city, state, postal code and
 * country alone, and credentials the carrier never issued are not valid.
 */
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../src/carriers/declarations.js';
import { validAuth } from '../support/accounts.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestEmulator, type TestEmulator } from '../support/emulator.js';

interface Case {
  carrier: keyof typeof declarations;
  country: string;
  service: string;
  sender: Record<string, string>;
  recipient: Record<string, string>;
}

const memphis = { street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' };
const newYork = { street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001', country: 'US' };
const mountainView = { street1: '1 Main St', city: 'Mountain View', state: 'CA', postal_code: '94041', country: 'US' };
const berlin = { street1: 'Unter den Linden 1', city: 'Berlin', state: 'BE', postal_code: '10117', country: 'DE' };
const munich = { street1: 'Marienplatz 8', city: 'Muenchen', state: 'BY', postal_code: '80331', country: 'DE' };

const cases: Case[] = [
  { carrier: 'carrier_a', country: 'US', service: 'carrier_a_ground', sender: memphis, recipient: newYork },
  { carrier: 'carrier_b', country: 'US', service: 'carrier_b_ground', sender: memphis, recipient: newYork },
  { carrier: 'carrier_c', country: 'DE', service: 'domestic_express', sender: berlin, recipient: munich },
  { carrier: 'carrier_d', country: 'US', service: 'carrier_d_ground_advantage', sender: memphis, recipient: newYork },
  { carrier: 'carrier_d_reseller', country: 'US', service: 'priority', sender: mountainView, recipient: newYork },
];

const contact = { name: 'Ann Sender', company: 'Acme', phone: '2125550100' };

let em: TestEmulator;
let t: TestApp;
let key: string;
const accounts = new Map<string, string>();

beforeAll(async () => {
  em = await startTestEmulator();
  t = await createTestApp({ emulatorUrl: em.url });
  key = await t.key();
  for (const c of cases) {
    const res = await t.call('POST', '/shippingaccount', key, {
      shipping_account: { carrier: c.carrier, country: c.country, test: true },
    });
    if (res.status !== 200) throw new Error(`${c.carrier}: ${res.status} ${res.raw}`);
    accounts.set(c.carrier, res.body.shipping_account.id);
  }
});
afterAll(async () => {
  await t?.close();
  await em?.close();
});

function body(c: Case, set: Record<string, unknown>) {
  return {
    shipment: {
      shipping_account: accounts.get(c.carrier),
      sender: { ...contact, ...c.sender },
      recipient: { ...contact, name: 'Bob Recipient', ...c.recipient },
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      ...set,
    },
  };
}

/** The strings a PDF's content streams show (pdf-lib writes standard-font text as hex `<…> Tj`). */
async function pdfText(bytes: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const shown: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      shown.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
    for (const m of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) shown.push(m[1] ?? '');
  }
  return shown;
}

/** The field data of a ZPL stream (`^FD…^FS`). */
function zplText(bytes: Buffer): string[] {
  return [...bytes.toString('latin1').matchAll(/\^FD(.*?)\^FS/g)].map((m) => m[1] ?? '');
}

/** carrier_b's API answers images: its PDF is the service's wrapping of a GIF, whose text is pixels. */
const readers = (c: Case) =>
  (
    [
      ['PDF', pdfText],
      ['ZPL', async (b: Buffer) => zplText(b)],
    ] as const
  ).filter(([format]) => !(c.carrier === 'carrier_b' && format === 'PDF'));

describe.each(cases)('$carrier', (c) => {
  const labelTypes = declarations[c.carrier].catalog.labelTypes as readonly string[];

  it.each(readers(c))('prints the whole ship date on a %s label', async (format, read) => {
    const labelType = labelTypes.find((l) => l.startsWith(format));
    expect(labelType, `${c.carrier} offers ${format}`).toBeDefined();
    const res = await t.call(
      'POST',
      '/ship',
      key,
      body(c, { service: c.service, label_type: labelType, include_base64_label: true }),
    );
    expect(res.status, res.raw.slice(0, 400)).toBe(200);
    const lines = await read(Buffer.from(res.body.shipment.packages[0].label, 'base64'));
    const date = lines.find((l) => l.startsWith('SHIP DATE:'));
    expect(date, lines.join(' | ')).toMatch(/^SHIP DATE: \d{4}-?\d{2}-?\d{2}$/);
    expect(lines.find((l) => l.startsWith('ACT WGT:'))).toMatch(/^ACT WGT: [\d.]+ [A-Z]+$/);
  });
});

describe.each(cases)('$carrier rating', (c) => {
  it('quotes addresses of street1, city, state, postal_code and country alone, as the original clients send them', async () => {
    const res = await t.call('POST', '/rate', key, {
      shipment: {
        shipping_account: accounts.get(c.carrier),
        sender: c.sender,
        recipient: c.recipient,
        packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
        packaging: 'your_packaging',
        dim_units: 'IN',
        weight_units: 'LB',
      },
    });
    expect(res.status, res.raw.slice(0, 600)).toBe(200);
    expect(res.body.rates.length).toBeGreaterThan(0);
  });
});

/** The member of each carrier's auth that a carrier checks against the id it goes with. */
const SECRET: Partial<Record<Case['carrier'], string>> = {
  carrier_c: 'password',
  carrier_d: 'client_secret',
  carrier_d_reseller: 'passphrase',
};

// carrier_a and carrier_b offer no validate_credentials; their emulators refuse unknown clients all the same.
describe.each(cases.filter((c) => declarations[c.carrier].operations.includes('validate_credentials')))(
  '$carrier credentials',
  (c) => {
    const validate = (auth: Record<string, string>) =>
      t.call('POST', '/validate_credentials', key, {
        validate_credentials: { carrier: c.carrier, country: c.country, test: true, auth },
      });

    it('are valid when the carrier knows them, and not when the secret is one it never issued', async () => {
      expect((await validate(validAuth[c.carrier])).body).toMatchObject({ valid: true });
      const wrong = await validate({ ...validAuth[c.carrier], [SECRET[c.carrier]!]: 'a-secret-nobody-issued' });
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({ valid: false });
    });
  },
);
