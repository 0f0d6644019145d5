/**
 * Request examples of /openapi.json: bodies that work against the built-in emulator as they are,
 * once the ids they name are yours (EXAMPLE_IDS). test/openapi/request-examples.test.ts sends each
 * one, in the order a client would, with the ids it created put in place of these. The carriers
 * they use are picked from the registry by what they offer, with the service each declares for
 * examples (exampleService).
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

/** The first carrier that offers every operation named and declares an example service. */
function carrierOffering(...operations: Operation[]): CarrierDeclaration & { exampleService: string } {
  const found = Object.values(declarations).find(
    (d) => d.exampleService !== undefined && operations.every((op) => d.operations.includes(op)),
  );
  if (!found) throw new Error(`no carrier with an exampleService offers ${operations.join(', ')}`);
  return found as CarrierDeclaration & { exampleService: string };
}

const ID_NOTE = 'shipping_account is a placeholder: put the id POST /shippingaccount answered.';
const {
  shippingAccount,
  postalAccount,
  trackingNumber,
  postalTrackingNumber,
  confirmationNumber,
  returnMethod,
  invitationToken,
} = EXAMPLE_IDS;

const sender = {
  name: 'Ann Sender',
  company: 'Acme',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
const recipient = {
  name: 'Bob Recipient',
  phone: '2125550100',
  street1: '5 Fifth Ave',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};
const shipment = {
  shipping_account: shippingAccount,
  packaging: 'your_packaging',
  dim_units: 'IN',
  weight_units: 'LB',
  sender,
  recipient,
  packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
};
/** A 1×1 PNG, the smallest image label there is. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A 32 × 32 ring in the example's accent colour. */
const EXAMPLE_LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAyElEQVR4AcXBiW0EIRBE0V8tgnBuztaJlVdipT0GmGYO8Z7+fn5ZKTjPnFCYY9rMlkgo5Jh5phIDhTFznqlEQ9BnrmUagjZzD/Ml2DL3Mm8K88Q+kxR8MmMiR4yZpyBPzBEJwYvpE8eIPvMQ7BPniIFgsWCxYLGgMms4qMQaChYLFgsWC/aZc8xA8CL6zDGmTzwEeWaOSQg+iTGTY8bEU2GeuVCwJe4l3gRt4h7iS9AnriUaCmOiMseJgUKOqEyeSCjMEVsGxEH/x74hg0D4AkQAAAAASUVORK5CYII=';

const one = (summary: string, value: unknown, description = ID_NOTE): ExampleSet => ({
  example: { summary, description, value },
});

/** Examples per operationId. Dates (pickups) count from `today`, the day the document is made. */
export function requestExamples(today: Date) {
  const day = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  // One carrier for everything a parcel shipper does, one that closes the day on a form.
  const parcel = carrierOffering('rate', 'ship', 'track', 'cancel', 'pickup', 'pickup_availability', 'dopu');
  const postal = carrierOffering('ship', 'manifest', 'validate_credentials');
  const postage = Object.values(declarations).find((d) => d.prepaidPostage);
  const pickupFields = {
    shipping_account: shippingAccount,
    carrier: parcel.slug,
    location: { ...sender, location_type: 'front desk' },
    shipments: [{ packages: [{ weight: 5 }], service: parcel.exampleService }],
    dim_units: 'IN',
    weight_units: 'LB',
  };
  return {
    createShippingAccount: {
      test: {
        summary: `A ${parcel.slug} test account (built-in emulator credentials)`,
        value: {
          shipping_account: {
            name: 'Memphis warehouse',
            carrier: parcel.slug,
            country: 'US',
            test: true,
            billing_address: sender,
          },
        },
      },
      postal: {
        summary: `A ${postal.slug} test account with the billing address its end-of-day forms need`,
        value: {
          shipping_account: {
            name: 'Memphis post office',
            carrier: postal.slug,
            country: 'US',
            test: true,
            billing_address: sender,
          },
        },
      },
      // Its own test credentials: the shared ones' postage balance is every tenant's, so nobody's to read or buy.
      ...(postage
        ? {
            postage: {
              summary: `A ${postage.slug} test account with its own test credentials: postage bought in advance`,
              value: {
                shipping_account: {
                  name: 'Postage meter',
                  carrier: postage.slug,
                  country: 'US',
                  test: true,
                  auth: Object.fromEntries(postage.auth.required.map((m) => [m, `your-test-${m.replace(/_/g, '-')}`])),
                },
              },
            },
          }
        : {}),
    },
    addPostage: one(
      'Buy 50 USD of postage',
      { add_funds: { amount: 50, currency: 'USD' } },
      'The path names an account of a carrier that sells postage in advance (the third POST /shippingaccount example).',
    ),
    updateShippingAccount: one(
      'Set defaults and a new name',
      {
        shipping_account: {
          name: 'Memphis dock 2',
          defaults: { dim_units: 'IN', weight_units: 'LB', service: parcel.exampleService },
        },
      },
      'Changes the account of the path.',
    ),
    rateShipment: {
      example: { summary: 'Rate a 2 lb parcel from Memphis to New York', description: ID_NOTE, value: { shipment } },
      shopping: {
        summary: 'Rate with two accounts at once and pick the best value',
        description: 'shipping_accounts: ids POST /shippingaccount answered (here the two examples’ accounts).',
        value: {
          shipment: {
            ...shipment,
            shipping_account: undefined,
            shipping_accounts: [shippingAccount, postalAccount],
            select: 'best_value',
          },
        },
      },
    },
    validateAddress: one('Check a recipient with the carrier (this ZIP is corrected)', {
      address_validation: {
        shipping_account: shippingAccount,
        address: { street1: '5 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10003', country: 'US' },
      },
    }),
    previewBatch: one('What a batch would cost; nothing is booked', {
      batch: { shipments: [{ ...shipment, service: parcel.exampleService }] },
    }),
    createBatch: {
      ...one(
        'Two shipments booked in the background',
        {
          batch: {
            reference: 'morning wave',
            label_type: 'PDF',
            shipments: [
              { ...shipment, service: parcel.exampleService },
              { ...shipment, service: parcel.exampleService, recipient: { ...recipient, name: 'Cy Second' } },
            ],
          },
        },
        ID_NOTE,
      ),
      shopping: {
        summary:
          'One shipment with its account, one booked with the cheapest rate of two accounts, its recipient checked first',
        description: `${ID_NOTE} shipping_accounts: ids POST /shippingaccount answered (here the two examples’ accounts).`,
        value: {
          batch: {
            reference: 'afternoon wave',
            label_type: 'PDF',
            shipments: [
              { ...shipment, service: parcel.exampleService },
              {
                ...shipment,
                shipping_account: undefined,
                shipping_accounts: [shippingAccount, postalAccount],
                select: 'cheapest',
                validate_address: true,
                recipient: { ...recipient, name: 'Cy Second' },
              },
            ],
          },
        },
      },
    },
    createShipment: {
      parcel: {
        summary: `Book ${parcel.exampleService} with a PDF label`,
        description: ID_NOTE,
        value: { shipment: { ...shipment, service: parcel.exampleService, label_type: 'PDF' } },
      },
      postal: {
        summary: `Book ${postal.exampleService} with ${postal.slug} (an end-of-day form can then take it)`,
        description: `shipping_account: a ${postal.slug} account (the second POST /shippingaccount example).`,
        value: {
          shipment: { ...shipment, shipping_account: postalAccount, service: postal.exampleService, label_type: 'PDF' },
        },
      },
    },
    trackShipment: {
      single: {
        summary: 'Track one shipment',
        description: `${ID_NOTE} tracking_number: the one POST /ship answered.`,
        value: { track: { shipping_account: shippingAccount, tracking_number: trackingNumber } },
      },
      batch: {
        summary: 'Track a batch (the TEST1000000nn numbers answer fixed outcomes)',
        description: ID_NOTE,
        value: [
          { track: { shipping_account: shippingAccount, tracking_number: 'TEST100000002' } },
          { track: { shipping_account: shippingAccount, tracking_number: 'TEST100000004' } },
        ],
      },
    },
    cancelShipment: one(
      'Void a booked shipment',
      { cancel: { shipping_account: shippingAccount, tracking_number: trackingNumber } },
      `${ID_NOTE} tracking_number: the one POST /ship answered.`,
    ),
    getPickupAvailability: one(
      'Pickup slots over the next week',
      { pickup_availability: { ...pickupFields, start_date: day(1), end_date: day(7) } },
      `${ID_NOTE} Dates count from the day the service started.`,
    ),
    schedulePickup: one(
      'A pickup in two days, 10:00 to 17:00',
      { pickup: { ...pickupFields, time: { date: day(2), ready_time: '10:00', close_time: '17:00' } } },
      `${ID_NOTE} The date counts from the day the service started.`,
    ),
    cancelPickup: one(
      'Cancel a pickup',
      { pickup_cancel: { shipping_account: shippingAccount, confirmation_number: confirmationNumber } },
      `${ID_NOTE} confirmation_number: the one POST /pickup answered.`,
    ),
    findDropoffLocations: one('Drop-off points within 10 miles', {
      dopu: {
        shipping_account: shippingAccount,
        location: { street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US' },
        radius: 10,
        radius_units: 'MI',
      },
    }),
    createManifest: one(
      `Close the day’s ${postal.slug} labels on one form`,
      { manifest: { shipping_account: postalAccount, tracking_numbers: [postalTrackingNumber] } },
      `shipping_account: a ${postal.slug} account (the second POST /shippingaccount example); tracking_numbers: labels POST /ship booked with it. Without tracking_numbers an account with its own credentials puts every label of the day not yet on a form.`,
    ),
    validateCredentials: one(
      'Check a stored account’s credentials with the carrier',
      { validate_credentials: { shipping_account: postalAccount } },
      `shipping_account: a ${postal.slug} account (not every carrier checks credentials: GET /meta/carriers).`,
    ),
    mergeLabels: one(
      'Merge image labels into one PDF',
      { file_type: 'png', files: [PNG_1X1, PNG_1X1] },
      'files: base64 labels, e.g. packages[].label of POST /ship with include_base64_label.',
    ),
    createWebhook: one(
      'Receive shipment and tracking events',
      {
        webhook: {
          url: 'https://hooks.example.com/waybill',
          events: ['shipment.created', 'tracking.updated'],
          description: 'orders system',
        },
      },
      'The answer’s secret signs every delivery; it is shown only here.',
    ),
    updateWebhook: one(
      'Subscribe to every event',
      { webhook: { events: ['*'], description: 'orders system, all events' } },
      'Changes the endpoint of the path.',
    ),
    createReturnMethod: one(`Drop off at a ${parcel.slug} location, the customer pays 4`, {
      return_method: {
        shipping_account: shippingAccount,
        method_name: 'Drop it off',
        type: 'drop_off',
        service: parcel.exampleService,
        packaging: 'your_packaging',
        label_type: 'PDF',
        cost: { carrier_charge: 7.5, customer_charge: 4 },
        return_charge: 4,
      },
    }),
    updateReturnMethod: one(
      'Rename a method and change what the customer pays',
      {
        return_method: {
          method_name: 'Drop off (free)',
          cost: { carrier_charge: 7.5, customer_charge: 0 },
          return_charge: 0,
        },
      },
      'Changes the method of the path.',
    ),
    createReturn: one(
      'A mug sent back from Memphis',
      {
        return: {
          return_method: returnMethod,
          customer_id: 'c-1',
          order_id: '1001',
          customer: {
            name: 'Cora Customer',
            phone: '9015550199',
            street1: '9 Elm St',
            city: 'Memphis',
            state: 'TN',
            postal_code: '38117',
            country: 'US',
          },
          return_lines: [{ product_name: 'Mug', quantity: 1 }],
          packages: [{ weight: 2 }],
          dim_units: 'IN',
          weight_units: 'LB',
        },
      },
      'return_method: a placeholder, put the id POST /returns/methods answered. The label goes to the account’s billing_address unless destination is given.',
    ),
    createReturnPortalLink: one(
      'A portal link for order A-1001: two mugs the customer may send back',
      {
        portal_link: {
          customer_id: 'c-1',
          order_id: 'A-1001',
          customer: {
            name: 'Cora Customer',
            phone: '9015550199',
            street1: '9 Elm St',
            city: 'Memphis',
            state: 'TN',
            postal_code: '38117',
            country: 'US',
          },
          lines: [{ line_id: 'L1', product_name: 'Blue mug', sku: 'MUG-B', quantity: 2, value: 12, weight: 0.5 }],
          weight_units: 'LB',
          currency: 'USD',
          expires_in: '7d',
        },
      },
      'The answer’s url is the customer’s; its last path segment is the token of the /public/portal/{token} calls.',
    ),
    createPortalReturn: one(
      'Send back one mug, too small',
      { return: { return_method: returnMethod, lines: [{ line_id: 'L1', quantity: 1, reason: 'Too small' }] } },
      'return_method: one of the portal’s methods (GET /public/portal/{token}), here a placeholder; send an Idempotency-Key header.',
    ),
    setBranding: one(
      'The shop’s name and its colour on the customer pages',
      { branding: { display_name: 'Acme Outdoor', accent_color: '#c2185b' } },
      'Replaces the name and colour; a member left out is removed. The logo is set apart, with PUT /branding/logo.',
    ),
    setBrandingLogo: one(
      'A small PNG logo',
      { logo: `data:image/png;base64,${EXAMPLE_LOGO_PNG}` },
      'A PNG or JPEG of at most 256 KiB as a data URL; in a shell: printf \'{"logo": "data:image/png;base64,%s"}\' "$(base64 -w0 logo.png)".',
    ),
    inviteUser: one(
      'Invite a shipper',
      { invitation: { email: 'sam@example.com', name: 'Sam Shipper', role: 'shipper' } },
      'The answer’s invitation.url is the link to hand to the person: it works once, for 7 days (WAYBILL_INVITATION_TTL).',
    ),
    acceptInvitation: one(
      'Choose a password and sign in',
      { invitation: { token: invitationToken, password: 'correct horse battery', name: 'Sam Shipper' } },
      'token: what follows # in the invitation link (here a placeholder). The answer sets the session cookie.',
    ),
    signIn: one(
      'Sign in',
      { session: { email: 'sam@example.com', password: 'correct horse battery' } },
      'The answer sets the session cookie; send its me.csrf_token as X-CSRF-Token with every later request that changes something.',
    ),
    updateUser: one(
      'Make a user a viewer',
      { user: { role: 'viewer' } },
      'Changes the user of the path; its sessions have the new rights on their next request.',
    ),
    createKey: one(
      'A key that can only read, for a reporting job',
      { key: { name: 'reporting', scope: 'read' } },
      'The answer’s key is shown only here.',
    ),
    createTenant: one(
      'A merchant of the platform',
      { tenant: { id: 'shop-7', owner_email: 'owner@shop-7.example.com' } },
      'The answer’s key.key is shown only here.',
    ),
    uploadPriceList: one(
      'A merchant’s negotiated prices: two weight bands at home, one abroad',
      {
        price_list: {
          rows: [
            {
              service_code: parcel.exampleService,
              zone_label: 'Domestic',
              country_codes: 'US',
              min_weight: 0,
              max_weight: 5,
              max_length: 120,
              max_width: 60,
              max_height: 60,
              rate: '6.10',
              currency: 'USD',
              transit_days: '2-4',
            },
            {
              service_code: parcel.exampleService,
              zone_label: 'Domestic',
              country_codes: 'US',
              min_weight: 5,
              max_weight: 30,
              max_length: 120,
              max_width: 60,
              max_height: 60,
              rate: '11.40',
              currency: 'USD',
              transit_days: '2-4',
            },
            {
              service_code: parcel.exampleService,
              zone_label: 'Rest of world',
              country_codes: '',
              min_weight: 0,
              max_weight: 20,
              rate: '39.00',
              currency: 'USD',
              transit_days: '5-8',
            },
          ],
        },
      },
      'The account of the path rates from these rows from now on, replacing its list. Weights in kg, sides in cm; the same columns as the CSV upload (text/csv).',
    ),
    updateReturn: one(
      'Record why the goods came back',
      { custom: [{ name: 'reason', value: 'too small' }] },
      'custom pairs replace those of the same name; shipment.status SHIPMENT_VOIDED would cancel the label.',
    ),
  } satisfies Record<string, ExampleSet>;
}

export type RequestExamples = ReturnType<typeof requestExamples>;
