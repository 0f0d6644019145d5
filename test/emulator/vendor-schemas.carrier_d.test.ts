/**
 * carrier_d's emulator against USPS's own API descriptions (vendor/*.yaml) and the requests other
 * integrations sent (fixtures/*Request*.json). See vendor-schemas.support.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart, partBytes } from '../../src/carriers/shared/multipart.js';
import { fixturesMissing } from '../support/fixtures.js';
import { fromAddress, labelBody, ROLES, startD, type DClient, type DReply } from './carrier_d.support.js';
import {
  missingRecordedMembers,
  nonConforming,
  recordedRequest,
  recordedRequests,
  VendorSchemas,
  type Answer,
  type KnownDifference,
  type VendorCheck,
} from './vendor-schemas.support.js';

/**
 * Where USPS's descriptions and its recorded replies disagree, the emulator answers as the recorded
 * replies do.
 */
const KNOWN: KnownDifference[] = [
  // return_shipment_ReturnShipmentResponseJSON.json: the return label's answer names its parts
  // labelMetadata and labelImage, where domestic-labels.yaml says returnLabelMetadata and returnLabelImage.
  {
    path: '/return-label',
    instancePath: '',
    keyword: 'additionalProperties',
    why: 'recorded: labelMetadata, labelImage',
  },
  // fixtures/tracking_TrackingResponse.json answers neither of tracking.yaml's two shapes exactly: the
  // summary members beside trackingEvents, event times without an offset, null for absent members
  // and authorizedAgent as the string "false".
  {
    path: '/tracking/{trackingNumber}',
    instancePath: '',
    keyword: 'additionalProperties',
    why: 'recorded: summary members with trackingEvents',
  },
  { path: '/tracking/{trackingNumber}', instancePath: '', keyword: 'oneOf', why: 'recorded: neither shape' },
  {
    path: '/tracking/{trackingNumber}',
    instancePath: /^\/trackingEvents\/\d+\/eventTimestamp$/,
    keyword: 'format',
    why: 'recorded: "2024-11-22T13:58:00"',
  },
  {
    path: '/tracking/{trackingNumber}',
    instancePath: /^\/trackingEvents\/\d+\/(eventCountry|firm|name|authorizedAgent)$/,
    keyword: 'type',
    why: 'recorded: null, "false"',
  },
  // A pickup's answer repeats its request. carrier-pickup.yaml's PickupAddress allows no member at
  // all (additionalProperties false beside its allOf) and requires lastName and contact, which
  // fixtures/pickup_PickupRequest.json does not send (firstName "Tall Tom", firm, address).
  ...['/carrier-pickup', '/carrier-pickup/{confirmationNumber}'].flatMap((path): KnownDifference[] => [
    {
      path,
      instancePath: /\/carrierPickupRequest\/pickupAddress$/,
      keyword: 'additionalProperties',
      why: 'recorded: firstName, address',
    },
    {
      path,
      instancePath: /\/carrierPickupRequest\/pickupAddress$/,
      keyword: 'required',
      why: 'recorded: no lastName, no contact',
    },
  ]),
  // fixtures/manifest_ManifestResponse.json: the SCAN form's metadata has an empty shipment, where
  // scan-forms.yaml wants one of its three shipment shapes.
  { path: '/scan-form', instancePath: '/SCANFormMetaData/shipment', keyword: '*', why: 'recorded: {}' },
];

/**
 * Recorded requests for operations the emulator does not play: the Shipping Options API
 * (shipping-options.yaml; Waybill rates through the Prices API's total-rates search) and pickup
 * changes (PUT /carrier-pickup/{confirmationNumber}).
 */
const NOT_EMULATED = ['rate_RateRequest.json', 'pickup_PickupUpdateRequest.json'];

/**
 * Recorded requests the emulator refuses: another integration's unit tests wrote them, USPS did not
 * answer them. LIBRARY_MAIL is priced by weight, single-piece (SP); DR, the dimensional rectangular
 * indicator of Priority Mail and Ground Advantage, has no Library Mail price (domestic-prices.yaml
 * searches of Library Mail answer SP rates only).
 */
const REFUSED: Record<string, string> = {
  'shipment_ShipmentRequest.json': 'Rate indicator DR is not valid for LIBRARY_MAIL',
};

const intlBody = {
  ...labelBody({}, { mailClass: 'PRIORITY_MAIL_INTERNATIONAL' }),
  toAddress: {
    streetAddress: '10 Downing St',
    city: 'London',
    postalCode: 'SW1A 2AA',
    countryISOAlpha2Code: 'GB',
    firstName: 'Clara',
  },
  customsForm: {
    customsContentType: 'MERCHANDISE',
    AESITN: 'NO EEI 30.37(a)',
    contents: [
      {
        itemDescription: 'Shirt',
        itemQuantity: 1,
        itemValue: 20,
        itemTotalValue: 20,
        itemWeight: 1,
        itemTotalWeight: 1,
        countryofOrigin: 'US',
      },
    ],
  },
};
const pickupBody = {
  pickupDate: '2025-04-30',
  pickupAddress: {
    firstName: 'Tall',
    address: { streetAddress: '1 Main', city: 'Georgetown', state: 'SC', ZIPCode: '29440' },
  },
  packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 2 }],
  estimatedWeight: 5,
  pickupLocation: { packageLocation: 'FRONT_DOOR' },
};

/** An answer as the schema check reads it: a multipart answer by its parts. */
function answerOf(reply: DReply): Answer {
  const type = String(reply.headers['content-type'] ?? '');
  const boundary = multipartBoundary(type);
  if (!boundary) return { status: reply.status, json: reply.json };
  const parts = Object.fromEntries(
    parseMultipart(reply.raw, boundary).map((p) => [
      p.name ?? '',
      p.contentType === 'application/json'
        ? JSON.parse(p.body.toString('utf8'))
        : Buffer.from(partBytes(p)).toString('base64'),
    ]),
  );
  return { status: reply.status, json: parts, contentType: type };
}

describe.skipIf(fixturesMissing)('carrier_d answers as USPS describes them', () => {
  let c: DClient;
  let payment: string;
  beforeAll(async () => {
    c = await startD();
    payment = await c.payment();
  });
  afterAll(() => c.close());
  const schemas = new VendorSchemas('carrier_d');
  const answers = async (calls: Record<string, () => Promise<DReply>>): Promise<Record<string, Answer>> => {
    const out: Record<string, Answer> = {};
    for (const [name, call] of Object.entries(calls)) out[name] = answerOf(await call());
    return out;
  };
  const conforming = (check: VendorCheck, got: Record<string, Answer>) => nonConforming(schemas, check, got, KNOWN);
  const label = (body: unknown = labelBody()) => c.call('POST', '/labels/v3/label', body, { payment });
  const book = async (body: unknown = labelBody()): Promise<string> =>
    String(
      (answerOf(await label(body)).json as { labelMetadata: { trackingNumber: string } }).labelMetadata.trackingNumber,
    );

  it('the token, which no document in vendor/ describes, answers the recorded reply’s members (fixtures/authentication_LoginResponse.json)', async () => {
    expect(missingRecordedMembers('carrier_d', 'authentication_LoginResponse.json', (await c.token()).json)).toEqual(
      [],
    );
  });

  it('payment authorization (payments.yaml)', async () => {
    const got = await answers({
      ok: () => c.call('POST', '/payments/v3/payment-authorization', ROLES),
      'one role': () => c.call('POST', '/payments/v3/payment-authorization', { roles: [ROLES.roles[0]] }),
    });
    expect(await conforming({ file: 'payments.yaml', method: 'POST', path: '/payment-authorization' }, got)).toEqual(
      {},
    );
  });

  it('prices, domestic and international (domestic-prices.yaml, international-prices.yaml)', async () => {
    const domestic = {
      originZIPCode: '29440',
      destinationZIPCode: '73108',
      weight: 2,
      length: 10,
      width: 8,
      height: 4,
      priceType: 'COMMERCIAL',
      mailingDate: '2025-03-04',
    };
    const intl = {
      originZIPCode: '29440',
      destinationCountryCode: 'GB',
      weight: 2,
      length: 1,
      width: 1,
      height: 1,
      priceType: 'COMMERCIAL',
      mailingDate: '2025-03-04',
    };
    const dom = await answers({
      priority: () => c.call('POST', '/prices/v3/total-rates/search', { ...domestic, mailClass: 'PRIORITY_MAIL' }),
      every: () => c.call('POST', '/prices/v3/total-rates/search', domestic),
      'no token': () => c.call('POST', '/prices/v3/total-rates/search', domestic, { bearer: null }),
    });
    const int = await answers({
      priority: () =>
        c.call('POST', '/international-prices/v3/total-rates/search', {
          ...intl,
          mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
        }),
      'domestic class': () =>
        c.call('POST', '/international-prices/v3/total-rates/search', { ...intl, mailClass: 'PRIORITY_MAIL' }),
    });
    expect({
      ...(await conforming({ file: 'domestic-prices.yaml', method: 'POST', path: '/total-rates/search' }, dom)),
      ...(await conforming({ file: 'international-prices.yaml', method: 'POST', path: '/total-rates/search' }, int)),
    }).toEqual({});
  });

  it('labels, return labels and their cancellation (domestic-labels.yaml, international-labels.yaml)', async () => {
    const domestic = await answers({
      label: () => label(),
      'no payment token': () => c.call('POST', '/labels/v3/label', labelBody()),
      incomplete: () => label({}),
    });
    const returns = await answers({ label: () => c.call('POST', '/labels/v3/return-label', labelBody(), { payment }) });
    const intl = await answers({
      label: () => c.call('POST', '/international-labels/v3/international-label', intlBody, { payment }),
      'no customs': () =>
        c.call(
          'POST',
          '/international-labels/v3/international-label',
          { ...intlBody, customsForm: undefined },
          { payment },
        ),
    });
    const n = await book();
    const cancel = () => c.call('DELETE', `/labels/v3/label/${n}`, undefined, { payment });
    const cancels = await answers({
      cancel,
      again: cancel,
      unknown: () => c.call('DELETE', '/labels/v3/label/9200000000000000000000', undefined, { payment }),
    });
    const s10 = String(
      (intl.label?.json as { labelMetadata?: { internationalTrackingNumber?: string } }).labelMetadata
        ?.internationalTrackingNumber,
    );
    const intlCancels = await answers({
      cancel: () => c.call('DELETE', `/international-labels/v3/international-label/${s10}`, undefined, { payment }),
    });
    expect({
      ...(await conforming({ file: 'domestic-labels.yaml', method: 'POST', path: '/label' }, domestic)),
      ...(await conforming({ file: 'domestic-labels.yaml', method: 'POST', path: '/return-label' }, returns)),
      ...(await conforming(
        { file: 'domestic-labels.yaml', method: 'DELETE', path: '/label/{trackingNumber}' },
        cancels,
      )),
      ...(await conforming({ file: 'international-labels.yaml', method: 'POST', path: '/international-label' }, intl)),
      ...(await conforming(
        { file: 'international-labels.yaml', method: 'DELETE', path: '/international-label/{trackingNumber}' },
        intlCancels,
      )),
    }).toEqual({});
  });

  it('tracking (tracking.yaml)', async () => {
    const n = await book();
    const got = await answers({
      known: () => c.call('GET', `/tracking/v3/tracking/${n}?expand=DETAIL`),
      unknown: () => c.call('GET', '/tracking/v3/tracking/9200000000000000000000'),
    });
    expect(await conforming({ file: 'tracking.yaml', method: 'GET', path: '/tracking/{trackingNumber}' }, got)).toEqual(
      {},
    );
  });

  it('pickups, drop-off locations, SCAN forms and addresses', async () => {
    const made = await c.call('POST', '/pickup/v3/carrier-pickup', pickupBody);
    const path = `/pickup/v3/carrier-pickup/${String(made.json.confirmationNumber)}`;
    const create = await answers({
      made: async () => made,
      past: () => c.call('POST', '/pickup/v3/carrier-pickup', { ...pickupBody, pickupDate: '2020-01-01' }),
    });
    const read = await c.call('GET', path);
    const get = await answers({ read: async () => read });
    const cancel = () => c.call('DELETE', path, undefined, { headers: { 'if-match': String(read.headers.etag) } });
    const cancels = await answers({
      cancel,
      again: cancel,
      stale: () => c.call('DELETE', path, undefined, { headers: { 'if-match': 'stale' } }),
    });
    const locations = await answers({
      found: () =>
        c.call(
          'GET',
          '/locations/v3/dropoff-locations?destinationZIPCode=29440&destinationEntryFacilityType=DESTINATION_DELIVERY_UNIT',
        ),
      'bad ZIP Code': () => c.call('GET', '/locations/v3/dropoff-locations?destinationZIPCode=abc'),
    });
    const n = await book(labelBody({}, { mailingDate: '2025-03-20' }));
    const form = () =>
      c.call(
        'POST',
        '/scan-forms/v3/scan-form',
        {
          form: '5630',
          mailingDate: '2025-03-20',
          entryFacilityZIPCode: '29440',
          destinationEntryFacilityType: 'NONE',
          shipment: { trackingNumbers: [n] },
          fromAddress,
        },
        { payment },
      );
    const forms = await answers({ form, again: form });
    const addresses = await answers({
      found: () =>
        c.call(
          'GET',
          '/addresses/v3/address?streetAddress=1098%20N%20Fraser%20Street&city=Georgetown&state=SC&ZIPCode=29440',
        ),
      incomplete: () => c.call('GET', '/addresses/v3/address?city=Georgetown'),
    });
    expect({
      ...(await conforming({ file: 'carrier-pickup.yaml', method: 'POST', path: '/carrier-pickup' }, create)),
      ...(await conforming(
        { file: 'carrier-pickup.yaml', method: 'GET', path: '/carrier-pickup/{confirmationNumber}' },
        get,
      )),
      ...(await conforming(
        { file: 'carrier-pickup.yaml', method: 'DELETE', path: '/carrier-pickup/{confirmationNumber}' },
        cancels,
      )),
      ...(await conforming({ file: 'locations.yaml', method: 'GET', path: '/dropoff-locations' }, locations)),
      ...(await conforming({ file: 'scan-forms.yaml', method: 'POST', path: '/scan-form' }, forms)),
      ...(await conforming({ file: 'addresses.yaml', method: 'GET', path: '/address' }, addresses)),
    }).toEqual({});
  });

  it('accepts every request body other integrations sent (fixtures/*Request*.json)', async () => {
    const recorded = <T>(file: string) => recordedRequest<T>('carrier_d', file, '2025-03-05', () => 'x');
    const refused: Record<string, string> = {};
    const sent: string[] = [];
    const note = (file: string, reply: DReply, expected?: string) => {
      const text = reply.raw.toString('utf8');
      if (reply.status >= 300 && !(expected && text.includes(expected))) refused[file] = text.slice(0, 400);
    };
    const booked = () => book(labelBody({}, { mailingDate: '2025-03-05' }));
    for (const file of recordedRequests('carrier_d')) {
      if (NOT_EMULATED.includes(file)) continue;
      sent.push(file);
      if (file === 'shipment_ShipmentRequest.json')
        for (const body of recorded<unknown[]>(file)) note(file, await label(body), REFUSED[file]);
      // The recorded numbers are not the emulator's: "not found" is the answer to a well-formed request.
      else if (file === 'tracking_TrackingRequest.json')
        for (const n of recorded<string[]>(file))
          note(file, await c.call('GET', `/tracking/v3/tracking/${n}`), 'The tracking number may be incorrect');
      // Cancellations and the SCAN form name what the other integration had booked: here, a label booked on the emulator.
      else if (file === 'shipment_ShipmentCancelRequest.json')
        for (const _ of recorded<unknown[]>(file))
          note(file, await c.call('DELETE', `/labels/v3/label/${await booked()}`, undefined, { payment }));
      else if (file === 'manifest_ManifestRequest.json') {
        const body = recorded<{ shipment: { trackingNumbers: string[] } }>(file);
        note(
          file,
          await c.call(
            'POST',
            '/scan-forms/v3/scan-form',
            { ...body, shipment: { trackingNumbers: [await booked()] } },
            { payment },
          ),
        );
      } else if (file === 'pickup_PickupRequest.json')
        note(file, await c.call('POST', '/pickup/v3/carrier-pickup', recorded(file)));
      else if (file === 'pickup_PickupCancelRequest.json') {
        // As USPS asks of every DELETE, with the ETag a GET of the pickup gave.
        const made = await c.call('POST', '/pickup/v3/carrier-pickup', recorded('pickup_PickupRequest.json'));
        const path = `/pickup/v3/carrier-pickup/${String(made.json?.confirmationNumber)}`;
        note(
          file,
          await c.call('DELETE', path, undefined, {
            headers: { 'if-match': String((await c.call('GET', path)).headers.etag) },
          }),
        );
      } else throw new Error(`no route for ${file}`);
    }
    expect(refused).toEqual({});
    expect(sent.length + NOT_EMULATED.length).toBe(recordedRequests('carrier_d').length);
  });
});
