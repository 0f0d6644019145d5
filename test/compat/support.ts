/**
 * How a client written for the original interface talks to the service: every property of its
 * models sent, unset ones as null; `shipping_account` as a JSON integer; success decided by the
 * absence of a top-level `error` key.
 */
import { expect } from 'vitest';

/** An address model with every property, the unset ones null (as such clients serialize them). */
export function originalAddress(set: Record<string, unknown>): Record<string, unknown> {
  return {
    name: null,
    company: null,
    street1: null,
    street2: null,
    street3: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
    phone: null,
    email: null,
    residential: null,
    location_type: null,
    ...set,
  };
}

/** A package model with every property; `carrier_specific` is an empty list, never absent. */
export function originalPackage(set: Record<string, unknown>): Record<string, unknown> {
  return {
    weight: null,
    length: null,
    width: null,
    height: null,
    value: null,
    description: null,
    carrier_specific: [],
    ...set,
  };
}

export const sender = originalAddress({
  name: 'Ann Sender',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
  phone: '9015550100',
});
export const recipient = originalAddress({
  name: 'Bob Recipient',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
  phone: '2125550100',
});

/** A shipment model as sent to /rate and /ship, with the original's extra fields left null. */
export function originalShipment(account: number, set: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    shipment: {
      shipping_account: account,
      carrier: null,
      service: null,
      ship_date: null,
      sender,
      recipient,
      packages: [originalPackage({ weight: 2, length: 10, width: 8, height: 4, value: 50 })],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      currency: null,
      label_type: null,
      include_base64_label: null,
      special_services: null,
      references: null,
      customs_items: null,
      additional_fields: null,
      test: null,
      debug: null,
      ...set,
    },
  };
}

/** Such clients read success as "no top-level error key", so no success body may have one. */
export function expectSuccess(res: { status: number; body: any }): any {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  const bodies = Array.isArray(res.body) ? res.body : [res.body];
  for (const b of bodies) expect(Object.keys(b)).not.toContain('error');
  return res.body;
}

/** Every list in the value holds objects only (clients deserialize them into models). */
export function expectListsOfObjects(list: unknown): void {
  expect(Array.isArray(list)).toBe(true);
  for (const item of list as unknown[])
    expect(typeof item === 'object' && item !== null && !Array.isArray(item)).toBe(true);
}
