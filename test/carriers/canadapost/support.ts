/** Helpers shared by the canadapost mapping suites. */
import type { ShipmentRequest } from '../../../src/domain/types.js';
import { readFixtureText } from '../../support/fixtures.js';

/**
 * A recorded payload (read in place, never copied). Requests recorded as source text are JSON
 * strings wrapping the document in `<python-expr: f"""…""">`: the document is what is inside.
 */
export function fixture(file: string): string {
  const raw = readFixtureText('canadapost', `fixtures/${file}`);
  if (!file.endsWith('.json')) return raw;
  const text = JSON.parse(raw) as string;
  const m = /^<python-expr: f"""([\s\S]*)""">$/.exec(text);
  return m?.[1] ?? text;
}

/** The recorded integration's account: customer 2004381 under contract 42708517. */
export const account = { customer: '2004381', mobo: '2004381', contract: '42708517' };

/** The recorded shipment's parties (Montreal to Ottawa) as a Waybill request. */
export function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    shipping_account: 'sa_1',
    sender: {
      name: 'Bob',
      company: 'CGI',
      street1: '502 MAIN ST N',
      city: 'MONTREAL',
      state: 'QC',
      postal_code: 'H2B 1A0',
      country: 'CA',
      phone: '1 (450) 823-8432',
    },
    recipient: {
      name: 'Jain',
      company: 'CGI',
      street1: '23 jardin private',
      city: 'Ottawa',
      state: 'ON',
      postal_code: 'k1k4t3',
      country: 'CA',
      phone: '000 000 0000',
    },
    packages: [{ weight: 20, length: 6, width: 12, height: 9 }],
    packaging: 'your_packaging',
    service: 'canadapost_expedited_parcel',
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  };
}
