/**
 * Request examples of /openapi.json: bodies that work against the built-in emulator as they are,
 * once the ids they name are yours (EXAMPLE_IDS, example-values.ts). test/openapi/request-examples.test.ts
 * sends each one, in the order a client would, with the ids it created put in place of these. Here
 * the shipping calls; examples-merchant.ts has the merchant's setup, returns and the portal.
 */
import {
  EXAMPLE_IDS,
  exampleCarriers,
  ID_NOTE,
  one,
  recipient,
  sender,
  shipment,
  type ExampleSet,
} from './example-values.js';
import { merchantExamples } from './examples-merchant.js';

const { shippingAccount, postalAccount, trackingNumber, postalTrackingNumber, confirmationNumber } = EXAMPLE_IDS;

/** A 1×1 PNG, the smallest image label there is. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Examples per operationId. Dates (pickups) count from `today`, the day the document is made. */
export function requestExamples(today: Date) {
  const day = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const carriers = exampleCarriers();
  const { parcel, postal, postage } = carriers;
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
    ...merchantExamples(carriers),
  } satisfies Record<string, ExampleSet>;
}

export type RequestExamples = ReturnType<typeof requestExamples>;
