/**
 * canadapost's emulator against Canada Post's own XML schemas (samples/rating.xsd, shipment.xsd,
 * ncshipment.xsd with common.xsd, messages.xsd; libxml2's XSD validator), answering the requests
 * the recorded integration sent (fixtures/*Request*).
 */
import {
  XmlBufferInputProvider,
  XmlDocument,
  XsdValidator,
  XmlValidateError,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixturesMissing, readFixtureText } from '../support/fixtures.js';
import { fixedClock } from './support.js';

const schema = (file: string) => readFixtureText('canadapost', `samples/${file}`);
/** A recorded request: source text wraps some in `<python-expr: f"""…""">`. */
const recorded = (file: string): string => {
  const raw = readFixtureText('canadapost', `fixtures/${file}`);
  return file.endsWith('.json')
    ? (/^<python-expr: f"""([\s\S]*)""">$/.exec(JSON.parse(raw) as string)?.[1] ?? '')
    : raw;
};
const AUTH = `Basic ${Buffer.from('test-ca-username:test-ca-password').toString('base64')}`;

describe.skipIf(fixturesMissing)('canadapost answers as its XML schemas describe them', () => {
  let em: Emulator;
  const validators = new Map<string, XsdValidator>();
  beforeAll(async () => {
    em = await createEmulator({ clock: fixedClock(new Date('2020-12-15T15:00:00Z')) });
    // The services' schemas include common.xsd by name: it is served from memory.
    xmlRegisterInputProvider(
      new XmlBufferInputProvider({ 'common.xsd': new TextEncoder().encode(schema('common.xsd')) }),
    );
    for (const file of [
      'rating.xsd',
      'shipment.xsd',
      'ncshipment.xsd',
      'messages.xsd',
      'pickup.xsd',
      'pickuprequest.xsd',
      'postoffice.xsd',
      'manifest.xsd',
      'authreturn.xsd',
    ])
      validators.set(file, XsdValidator.fromDoc(XmlDocument.fromString(schema(file))));
  });
  afterAll(() => em.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, mediaType: string, body?: string) => {
    const res = await request(`${em.carrierUrl('canadapost')}${path}`, {
      method,
      headers: { authorization: AUTH, accept: mediaType, ...(body ? { 'content-type': mediaType } : {}) },
      ...(body ? { body } : {}),
    });
    return { status: res.statusCode, text: await res.body.text() };
  };
  /** libxml2's complaints about one answer. */
  const invalid = (xsd: string, xml: string): string[] => {
    const doc = XmlDocument.fromString(xml);
    try {
      validators.get(xsd)!.validate(doc);
      return [];
    } catch (err) {
      if (!(err instanceof XmlValidateError)) throw err;
      return err.details.map((d) => d.message.trim());
    } finally {
      doc.dispose();
    }
  };

  it('rates the recorded mailing scenarios with price-quotes the rating schema takes', async () => {
    for (const file of [
      'rate_RateRequestXML.json',
      'rate_RateRequestUsingPackagePresetXML.json',
      'rate_SecondParcelRateRequestXML.json',
    ]) {
      const res = await call('POST', '/rs/ship/price', 'application/vnd.cpc.ship.rate-v4+xml', recorded(file));
      expect(res.status, file).toBe(200);
      expect(invalid('rating.xsd', res.text), file).toEqual([]);
    }
    // The validator does refuse what the schema does not describe.
    expect(
      invalid('rating.xsd', '<price-quotes xmlns="http://www.canadapost.ca/ws/ship/rate-v4"><bogus/></price-quotes>'),
    ).not.toEqual([]);
    const services = await call('GET', '/rs/ship/service?country=CA', 'application/vnd.cpc.ship.rate-v4+xml');
    expect(services.status).toBe(200);
  });

  it('books the recorded shipments with a shipment-info the shipment schema takes, and refunds one', async () => {
    for (const file of ['shipment_ShipmentRequestXML.json', 'shipment_ShipmentRequestWithPackagePresetXML.xml']) {
      const res = await call(
        'POST',
        '/rs/2004381/2004381/shipment',
        'application/vnd.cpc.shipment-v8+xml',
        recorded(file),
      );
      expect(res.status, `${file}: ${res.text}`).toBe(200);
      expect(invalid('shipment.xsd', res.text), file).toEqual([]);
    }
    const id = /<shipment-id>(\d+)<\/shipment-id>/.exec(
      (
        await call(
          'POST',
          '/rs/2004381/2004381/shipment',
          'application/vnd.cpc.shipment-v8+xml',
          recorded('shipment_ShipmentRequestXML.json'),
        )
      ).text,
    )?.[1];
    const refund = await call(
      'POST',
      `/rs/2004381/2004381/shipment/${id}/refund`,
      'application/vnd.cpc.shipment-v8+xml',
      recorded('shipment_ShipmentRefundRequestXML.xml'),
    );
    expect(refund.status).toBe(200);
    expect(invalid('shipment.xsd', refund.text)).toEqual([]);
  });

  it('voids a shipment put in a group (204) and refuses to void a transmitted one with 8064, in a messages body', async () => {
    const book = async (xml: string) =>
      /<shipment-id>(\d+)<\/shipment-id>/.exec(
        (await call('POST', '/rs/2004381/2004381/shipment', 'application/vnd.cpc.shipment-v8+xml', xml)).text,
      )?.[1];
    const grouped = await book(
      recorded('shipment_ShipmentRequestXML.json').replace('<transmit-shipment/>', '<group-id>day-1</group-id>'),
    );
    expect(
      (await call('DELETE', `/rs/2004381/2004381/shipment/${grouped}`, 'application/vnd.cpc.shipment-v8+xml')).status,
    ).toBe(204);
    expect(
      (await call('DELETE', `/rs/2004381/2004381/shipment/${grouped}`, 'application/vnd.cpc.shipment-v8+xml')).status,
    ).toBe(404);
    const transmitted = await book(recorded('shipment_ShipmentRequestXML.json'));
    const refused = await call(
      'DELETE',
      `/rs/2004381/2004381/shipment/${transmitted}`,
      'application/vnd.cpc.shipment-v8+xml',
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<code>8064</code>');
    expect(invalid('messages.xsd', refused.text)).toEqual([]);
  });

  it('refuses in a messages body the messages schema takes', async () => {
    const bad = await call(
      'POST',
      '/rs/ship/price',
      'application/vnd.cpc.ship.rate-v4+xml',
      recorded('rate_RateRequestXML.json').replace('H8Z2V4', 'H8Z 2V'),
    );
    expect(bad.status).toBe(400);
    expect(invalid('messages.xsd', bad.text)).toEqual([]);
    const unknown = await call('GET', '/vis/track/pin/1234567890123456/detail', 'application/vnd.cpc.track-v2+xml');
    expect(unknown.status).toBe(404);
    expect(invalid('messages.xsd', unknown.text)).toEqual([]);
  });

  it('answers pickups, post offices, manifests, authorized returns and Get Shipments as their schemas describe them', async () => {
    const availability = await call('GET', '/ad/pickup/pickupavailability/K2B8J6', 'application/vnd.cpc.pickup+xml');
    expect(invalid('pickup.xsd', availability.text)).toEqual([]);
    // The recorded pickup request, for the day after the emulator clock's (a Wednesday).
    const pickup = await call(
      'POST',
      '/enab/2004381/pickuprequest',
      'application/vnd.cpc.pickuprequest+xml',
      recorded('pickup_PickupRequestXML.xml').replace('2015-01-28', '2020-12-16'),
    );
    expect(pickup.status, pickup.text).toBe(200);
    expect(invalid('pickuprequest.xsd', pickup.text)).toEqual([]);
    const offices = await call(
      'GET',
      '/rs/postoffice?d2po=true&postalCode=K1K4T3&maxAddresses=10',
      'application/vnd.cpc.postoffice+xml',
    );
    expect(invalid('postoffice.xsd', offices.text)).toEqual([]);
    const officeId = /<office-id>(\d{10})<\/office-id>/.exec(offices.text)?.[1];
    const detail = await call('GET', `/rs/postoffice/${officeId}/detail`, 'application/vnd.cpc.postoffice+xml');
    expect(invalid('postoffice.xsd', detail.text)).toEqual([]);
    const shipment = recorded('shipment_ShipmentRequestXML.json').replace(
      '<transmit-shipment/>',
      '<group-id>day-2</group-id>',
    );
    const booked = await call('POST', '/rs/2004381/2004381/shipment', 'application/vnd.cpc.shipment-v8+xml', shipment);
    expect(booked.status, booked.text).toBe(200);
    const transmit = recorded('manifest_ManifestRequest.xml').replace('[GROUP_IDS]', 'day-2');
    const manifests = await call(
      'POST',
      '/rs/2004381/2004381/manifest',
      'application/vnd.cpc.manifest-v8+xml',
      transmit,
    );
    expect(manifests.status, manifests.text).toBe(200);
    expect(invalid('manifest.xsd', manifests.text)).toEqual([]);
    const link = /href="https:\/\/[^/]+(\/rs\/[^"]+\/manifest\/\d+)"/.exec(manifests.text)?.[1];
    const manifest = await call('GET', link!, 'application/vnd.cpc.manifest-v8+xml');
    expect(invalid('manifest.xsd', manifest.text)).toEqual([]);
    const listed = await call(
      'GET',
      `/rs/2004381/2004381/shipment?manifestId=${link!.split('/').pop()}`,
      'application/vnd.cpc.shipment-v8+xml',
    );
    expect(invalid('shipment.xsd', listed.text)).toEqual([]);
    const ret = await call(
      'POST',
      '/rs/2004381/2004381/authorizedreturn',
      'application/vnd.cpc.authreturn-v2+xml',
      recorded('return_shipment_ReturnShipmentRequestXML.xml'),
    );
    expect(ret.status, ret.text).toBe(200);
    expect(invalid('authreturn.xsd', ret.text)).toEqual([]);
  });
});
