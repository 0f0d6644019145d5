/**
 * Request examples of what a merchant sets up and runs beside shipping: webhooks, return methods,
 * returns and the return portal, branding, users, keys, tenants and price lists (the rest of
 * requestExamples in examples.ts).
 */
import { EXAMPLE_IDS, one, type ExampleCarriers, type ExampleSet } from './example-values.js';

const { shippingAccount, returnMethod, invitationToken } = EXAMPLE_IDS;

/** The customer who sends goods back. */
const customer = {
  name: 'Cora Customer',
  phone: '9015550199',
  street1: '9 Elm St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};

/** A 32 × 32 ring in the example's accent colour. */
const EXAMPLE_LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAyElEQVR4AcXBiW0EIRBE0V8tgnBuztaJlVdipT0GmGYO8Z7+fn5ZKTjPnFCYY9rMlkgo5Jh5phIDhTFznqlEQ9BnrmUagjZzD/Ml2DL3Mm8K88Q+kxR8MmMiR4yZpyBPzBEJwYvpE8eIPvMQ7BPniIFgsWCxYLGgMms4qMQaChYLFgsWC/aZc8xA8CL6zDGmTzwEeWaOSQg+iTGTY8bEU2GeuVCwJe4l3gRt4h7iS9AnriUaCmOiMseJgUKOqEyeSCjMEVsGxEH/x74hg0D4AkQAAAAASUVORK5CYII=';

/** Examples per operationId; the returns ship with the parcel carrier. */
export function merchantExamples({ parcel }: ExampleCarriers) {
  return {
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
          customer,
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
          customer,
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
