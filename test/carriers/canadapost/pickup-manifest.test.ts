/** Pickups, manifests, authorized returns and the lookup against the recorded payloads. */
import { describe, expect, it } from 'vitest';
import {
  buildPickupAvailabilityRequest,
  buildPickupCancelRequest,
  buildPickupRequest,
  parsePickupAvailabilityResponse,
  parsePickupCancelResponse,
  parsePickupResponse,
} from '../../../src/carriers/canadapost/pickup.js';
import {
  buildManifestRequest,
  manifestResult,
  parseLinks,
  parseManifestResponse,
  parseShipmentDetailsResponse,
} from '../../../src/carriers/canadapost/manifest.js';
import { buildReturnRequest, parseReturnResponse, parseShipResponse } from '../../../src/carriers/canadapost/ship.js';
import { buildLookupRequest, foundBooking, parseLookupResponse } from '../../../src/carriers/canadapost/lookup.js';
import type { PickupRequest } from '../../../src/domain/types.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, requestDiff } from '../support.js';
import { account, fixture, request } from './support.js';

const halifax = {
  name: 'John Doe',
  company: 'Jim Duggan',
  street1: '2271 Herring Cove',
  city: 'Halifax',
  state: 'NS',
  postal_code: 'b3l 2c2',
  country: 'CA',
  phone: '800-555-1212',
  email: 'john.doe@canadapost.ca',
  location_type: 'Door at Back',
};
const pickup = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  shipping_account: 'sa_1',
  carrier: 'canadapost',
  location: halifax,
  shipments: [{ packages: [{ weight: 2 }] }],
  time: { date: '2015-01-28', ready_time: '15:00', close_time: '17:00' },
  dim_units: 'CM',
  weight_units: 'KG',
  ...overrides,
});

describe.skipIf(fixturesMissing)('pickup availability (GET /ad/pickup/pickupavailability/{postal})', () => {
  const range = { start_date: '2026-11-23', end_date: '2026-11-29' };
  /** 10:00 Eastern (15:00 UTC) on each day of the week of Monday 23 November 2026. */
  const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((day, i) => ({
    day,
    now: new Date(Date.UTC(2026, 10, 23 + i, 15)),
  }));

  it('asks at the postal code as the schema writes it, and refuses one outside Canada', async () => {
    expect(
      buildPickupAvailabilityRequest({
        ...pickup(),
        start_date: '2026-11-23',
        end_date: '2026-11-29',
        location: { ...halifax, postal_code: 'k2b 8j6' },
      }),
    ).toEqual({ path: '/ad/pickup/pickupavailability/K2B8J6' });
    const abroad = await apiErrorOf(() =>
      buildPickupAvailabilityRequest({
        ...pickup(),
        start_date: '2026-11-23',
        end_date: '2026-11-29',
        location: { ...halifax, country: 'US' },
      }),
    );
    expect(abroad).toMatchObject({ code: 'schema_validation_error', detail: 'pickup_availability.location.country' });
    expect(
      (
        await apiErrorOf(() =>
          buildPickupAvailabilityRequest({
            ...pickup(),
            start_date: '2026-11-23',
            end_date: '2026-11-29',
            location: { ...halifax, postal_code: '12345' },
          }),
        )
      ).detail,
    ).toBe('pickup_availability.location.postal_code');
  });

  it.each(WEEK)(
    'reads the recorded answer on a $day: the working days from today, 09:00 to the 16:00 cut-off',
    ({ now }) => {
      const slots = parsePickupAvailabilityResponse(fixture('pickup_PickupAvailabilityResponseXML.xml'), range, now);
      const today = now.toISOString().slice(0, 10);
      const expected = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].filter((d) => d >= today);
      expect(slots).toEqual(expected.map((date) => ({ date, earliest: '09:00', latest: '16:00' })));
    },
  );

  it('leaves today out after the cut-off (Eastern time), and answers nothing where no on-demand tour runs', () => {
    const late = new Date(Date.UTC(2026, 10, 25, 21, 30)); // 16:30 EST
    expect(
      parsePickupAvailabilityResponse(fixture('pickup_PickupAvailabilityResponseXML.xml'), range, late).map(
        (s) => s.date,
      ),
    ).toEqual(['2026-11-26', '2026-11-27']);
    const summer = new Date(Date.UTC(2026, 6, 1, 19, 30)); // 15:30 EDT: still before the cut-off
    expect(
      parsePickupAvailabilityResponse(
        fixture('pickup_PickupAvailabilityResponseXML.xml'),
        { start_date: '2026-07-01', end_date: '2026-07-01' },
        summer,
      ),
    ).toHaveLength(1);
    const none = fixture('pickup_PickupAvailabilityResponseXML.xml').replace(
      '<on-demand-tour>true',
      '<on-demand-tour>false',
    );
    expect(parsePickupAvailabilityResponse(none, range, WEEK[0]!.now)).toEqual([]);
  });
});

describe.skipIf(fixturesMissing)('pickup requests (POST /enab/{customer}/pickuprequest)', () => {
  it('builds the recorded request; the differences are listed', () => {
    // The recording's request id is its customer number (ours sends none); its loading dock is a
    // flag Waybill's address does not have.
    expect(
      requestDiff(
        'pickup-request-details',
        buildPickupRequest(pickup(), undefined),
        fixture('pickup_PickupRequestXML.xml'),
      ),
    ).toEqual([
      '-/pickup-request-details/customer-request-id = 2004381',
      '-/pickup-request-details/location-details/loading-dock-flag = true',
    ]);
  });

  it('builds what the recorded update repeats of a request alike (Waybill sends no updates)', () => {
    const {
      'pickup-type': _type,
      'pickup-location': _location,
      ...update
    } = buildPickupRequest(
      pickup({ location: { ...halifax, name: 'Jane Doe' }, shipments: [{ packages: [{ weight: 30 }] }] }),
      undefined,
    );
    expect(requestDiff('pickup-request-update', update, fixture('pickup_PickupUpdateRequestXML.xml'))).toEqual([
      '-/pickup-request-update/location-details/loading-dock-flag = true',
    ]);
  });

  it('needs an e-mail (the location’s or the account’s) and a phone', async () => {
    const { email: _email, ...noEmail } = halifax;
    expect((await apiErrorOf(() => buildPickupRequest(pickup({ location: noEmail }), undefined))).detail).toBe(
      'pickup.location.email',
    );
    expect(buildPickupRequest(pickup({ location: noEmail }), 'ops@example.ca')['contact-info'].email).toBe(
      'ops@example.ca',
    );
  });

  it('reads the recorded answer (inside a wrapper) and the recorded details', () => {
    expect(parsePickupResponse(fixture('pickup_PickupResponseXML.json'), pickup())).toEqual({
      confirmation_number: '0074698052',
      currency: 'CAD',
      pickup_date: '2015-01-28',
      ready_time: '15:00',
      close_time: '17:00',
    });
    expect(parsePickupResponse(fixture('pickup_PickupDetailseResponseXML.json'))).toEqual({
      confirmation_number: '0074698052',
      currency: 'CAD',
      pickup_date: '2015-01-28',
      ready_time: '15:00',
      close_time: '17:00',
    });
  });

  it('cancels by the request id', async () => {
    expect(buildPickupCancelRequest('2004381', '0074698052')).toEqual({
      path: '/enab/2004381/pickuprequest/0074698052',
    });
    expect(parsePickupCancelResponse(204, '0074698052').message).toBe('canadapost cancelled pickup request 0074698052');
    expect((await apiErrorOf(() => parsePickupCancelResponse(302, '1'))).code).toBe('carrier_http_exception');
  });
});

describe.skipIf(fixturesMissing)('manifests (POST /rs/{customer}/{mobo}/manifest)', () => {
  const origin = {
    name: 'MajorShop',
    company: 'my company',
    street1: '1230 Tako RD.',
    city: 'Ottawa',
    state: 'ON',
    postal_code: 'K1A 1A1',
    country: 'CA',
    phone: '555 555 5555',
  };

  it('builds the recorded transmit set; the differences are listed', () => {
    const built = buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-27', address: origin }, [
      '[GROUP_IDS]',
    ]);
    // The recording asks Canada Post to pick the parcels up and hands them over at another point
    // than its manifest address; ours hands them over where the manifest says.
    expect(requestDiff('transmit-set', built, fixture('manifest_ManifestRequest.xml'))).toEqual([
      '-/transmit-set/cpc-pickup-indicator = true',
      '~/transmit-set/requested-shipping-point: K1A1A1 ≠ K1K4T3',
    ]);
  });

  it('refuses a manifest without the hand-over address, or abroad', async () => {
    expect(
      (await apiErrorOf(() => buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-27' }, ['g']))).detail,
    ).toBe('manifest.address');
    expect(
      (
        await apiErrorOf(() =>
          buildManifestRequest(
            { tracking_numbers: [], ship_date: '2026-11-27', address: { ...origin, country: 'US' } },
            ['g'],
          ),
        )
      ).detail,
    ).toBe('manifest.address.country');
  });

  it('reads the recorded manifests list, the manifest and the shipments’ details (their groups)', () => {
    expect(parseLinks(fixture('manifest_ManifestsResponse.xml'), 'manifests', 'manifest')).toEqual([
      '/1111111111/222222222/manifest/444444444444',
      '/1111111111/222222222/manifest/333333333333',
    ]);
    const m = parseManifestResponse(fixture('manifest_ManifestResponse.xml'));
    expect(m).toEqual({
      id: '732071711235567991',
      poNumber: 'P123456789',
      artifactPath: '/rs/artifact/6e93d53968881714/10005457526/0',
    });
    expect(parseShipmentDetailsResponse(fixture('manifest_ShipmentResponse1.xml'))).toEqual({
      pin: '545021584835957806',
      status: 'reconciled',
      groupId: 'group1',
    });
    expect(parseShipmentDetailsResponse(fixture('manifest_ShipmentResponse2.xml'))).toEqual({
      pin: '1234567890123456',
      status: 'reconciled',
      groupId: 'group2',
    });
    const pdf = new TextEncoder().encode('%PDF-1.4 manifest');
    expect(manifestResult([m], pdf, [])).toEqual({
      carrier_manifest_id: '732071711235567991',
      tracking_numbers: [],
      document: pdf,
    });
  });
});

describe.skipIf(fixturesMissing)('authorized returns (type: "return")', () => {
  const ret = (overrides: Parameters<typeof request>[0] = {}) =>
    request({
      type: 'return',
      sender: {
        name: 'Customer Name',
        company: 'Customer Inc',
        street1: '502 MAIN ST N',
        city: 'MONTREAL',
        state: 'QC',
        postal_code: 'H2B 1A0',
        country: 'CA',
        phone: '514 555 0100',
      },
      recipient: {
        name: 'Warehouse Manager',
        company: 'Return Center Inc',
        email: 'returns@example.com',
        street1: '23 jardin private',
        city: 'Ottawa',
        state: 'ON',
        postal_code: 'K1K4T3',
        country: 'CA',
        phone: '613 555 0100',
      },
      packages: [{ weight: 2, length: 20, width: 15, height: 10 }],
      references: [{ type: 'ref', value: 'Return Order 12345' }],
      ...overrides,
    });

  it('builds the recorded authorized return exactly', () => {
    expect(
      requestDiff(
        'authorized-return',
        buildReturnRequest(ret(), account),
        fixture('return_shipment_ReturnShipmentRequestXML.xml'),
      ),
    ).toEqual(['~/authorized-return/parcel-characteristics/weight: 2.000 ≠ 2']);
  });

  it('reads the recorded answer: the PIN and its label link', () => {
    expect(parseReturnResponse(fixture('return_shipment_ReturnShipmentResponseXML.xml'))).toEqual({
      shipmentId: 'return:987654321098',
      pin: '987654321098',
      links: {
        label: {
          href: 'https://ct.soa-gw.canadapost.ca/rs/artifact/return/label/987654321098',
          mediaType: 'application/pdf',
        },
      },
    });
  });

  it('needs a contract, one parcel and Canadian addresses', async () => {
    const { contract: _c, ...noContract } = account;
    expect((await apiErrorOf(() => buildReturnRequest(ret(), noContract))).detail).toBe('auth.contract_id');
    expect(
      (await apiErrorOf(() => buildReturnRequest(ret({ packages: [{ weight: 1 }, { weight: 2 }] }), account))).detail,
    ).toBe('shipment.packages');
    expect(
      (await apiErrorOf(() => buildReturnRequest(ret({ recipient: { ...ret().recipient, country: 'US' } }), account)))
        .detail,
    ).toBe('shipment.recipient.country');
  });
});

describe.skipIf(fixturesMissing)(
  'the lookup by Waybill’s reference (GET /rs/{customer}/{mobo}/shipment?requestId=)',
  () => {
    it('asks by the request id, for contract shipments only', async () => {
      const req = request({ waybill_reference: 'WB0123456789ABCDEF01234567' });
      expect(buildLookupRequest(req, account)).toEqual({
        path: '/rs/2004381/2004381/shipment',
        query: [['requestId', 'WB0123456789ABCDEF01234567']],
      });
      const { contract: _c, ...noContract } = account;
      expect((await apiErrorOf(() => buildLookupRequest(req, noContract))).code).toBe('carrier_unsupported_method');
    });

    it('reads the shipments listed, and makes the booking of the recorded shipment', () => {
      const xml =
        '<shipments xmlns="http://www.canadapost.ca/ws/shipment-v8"><link rel="shipment" href="https://ct.soa-gw.canadapost.ca/rs/2004381/2004381/shipment/545021584835957806" media-type="application/vnd.cpc.shipment-v8+xml"/></shipments>';
      expect(parseLookupResponse(xml)).toEqual(['/rs/2004381/2004381/shipment/545021584835957806']);
      expect(parseLookupResponse('<shipments xmlns="http://www.canadapost.ca/ws/shipment-v8"></shipments>')).toEqual(
        [],
      );
      const s = parseShipResponse(fixture('shipment_ShipmentResponseXML.xml'));
      expect(foundBooking([s], [], 1)).toEqual({
        found: {
          tracking_number: '123456789012',
          carrier_shipment_id: '545021584835957806',
          service_type: 'canadapost_expedited_parcel',
          package_tracking_numbers: ['123456789012'],
        },
      });
      expect(foundBooking([s], [], 2)).toEqual({ partial: ['545021584835957806'] });
      expect(foundBooking([], [], 1)).toBeNull();
    });
  },
);
