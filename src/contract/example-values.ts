/**
 * What the request examples share: the ids they name (a reader puts their own in their place), the
 * addresses and parcel they ship, and the carriers they use, picked from the registry by what they
 * offer with the service each declares for examples (exampleService).
 */
import type { CarrierDeclaration, Operation } from '../carriers/carrier.js';
import { declarations } from '../carriers/declarations.js';

/** OpenAPI Example Objects by name. */
export type ExampleSet = Record<string, { summary: string; description?: string; value: unknown }>;

/** The ids the examples name: a reader puts their own in their place. */
export const EXAMPLE_IDS = {
  /** a parcel carrier's test account: the first POST /shippingaccount example */
  shippingAccount: '481516234200001',
  /** a postal carrier's test account with a billing address: the second POST /shippingaccount example */
  postalAccount: '481516234200002',
  /** a test account of a carrier that sells postage in advance: the third POST /shippingaccount example */
  postageAccount: '481516234200003',
  /** the tracking number POST /ship answered */
  trackingNumber: '794612345678',
  /** the tracking number POST /ship answered for the postal carrier's label */
  postalTrackingNumber: '9400111206213812345678',
  /** the confirmation number POST /pickup answered */
  confirmationNumber: 'PU20261125MEM001',
  /** the id POST /returns/methods answered */
  returnMethod: 'rm_eEC916RDJTqzfQ9S',
  /** what follows # in the invitation link POST /users/invitations answered */
  invitationToken: 'inv_Hq2XkZ9aPmW2vR7t.mi4d2x0g.Zm9yIGV4YW1wbGUgb25seQ',
} as const;

/** The carriers the examples use. */
export interface ExampleCarriers {
  /** One carrier for everything a parcel shipper does. */
  parcel: CarrierDeclaration & { exampleService: string };
  /** One that closes the day on a form. */
  postal: CarrierDeclaration & { exampleService: string };
  /** One that sells postage in advance, if any. */
  postage: CarrierDeclaration | undefined;
}

export function exampleCarriers(): ExampleCarriers {
  return {
    parcel: carrierOffering('rate', 'ship', 'track', 'cancel', 'pickup', 'pickup_availability', 'dopu'),
    postal: carrierOffering('ship', 'manifest', 'validate_credentials'),
    postage: Object.values(declarations).find((d) => d.prepaidPostage),
  };
}

/** The first carrier that offers every operation named and declares an example service. */
function carrierOffering(...operations: Operation[]): CarrierDeclaration & { exampleService: string } {
  const found = Object.values(declarations).find(
    (d) => d.exampleService !== undefined && operations.every((op) => d.operations.includes(op)),
  );
  if (!found) throw new Error(`no carrier with an exampleService offers ${operations.join(', ')}`);
  return found as CarrierDeclaration & { exampleService: string };
}

export const ID_NOTE = 'shipping_account is a placeholder: put the id POST /shippingaccount answered.';

/** The addresses and the 2 lb parcel the shipping examples send. */
export const sender = {
  name: 'Ann Sender',
  company: 'Acme',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
export const recipient = {
  name: 'Bob Recipient',
  phone: '2125550100',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};
export const shipment = {
  shipping_account: EXAMPLE_IDS.shippingAccount,
  packaging: 'your_packaging',
  dim_units: 'IN',
  weight_units: 'LB',
  sender,
  recipient,
  packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
};

/** An operation's one example. */
export const one = (summary: string, value: unknown, description = ID_NOTE): ExampleSet => ({
  example: { summary, description, value },
});
