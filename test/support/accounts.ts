/** Valid credentials per carrier: every required auth member (spec "auth members per carrier"). */
import type { CarrierSlug } from '../../src/carriers/carrier.js';

export const validAuth: Record<CarrierSlug, Record<string, string>> = {
  carrier_a: { account_number: '740561073', client_id: 'l7xx-client-id', client_secret: 'super-secret-value-a' },
  carrier_b: { account_number: 'A1B2C3', userid: 'shipper', password: 'super-secret-value-b' },
  carrier_c: { account_number: '950000000', password: 'super-secret-value-c', site_id: 'site-c' },
  carrier_d: {
    account_number: '1000000001',
    client_id: 'client-d',
    client_secret: 'super-secret-value-d',
    customer_registration_id: 'crid-1',
    mailer_id: '900000001',
    manifest_mid: '900000002',
  },
  carrier_d_reseller: { account_id: '2500000', passphrase: 'super-secret-value-e' },
  australiapost: { account_number: '0006574589', api_key: 'ap-api-key', password: 'super-secret-value-ap' },
  canadapost: { username: 'cpc-api-user', password: 'super-secret-value-cp', customer_number: '2004381' },
  dhl_parcel_de: {
    username: 'user-valid',
    password: 'super-secret-value-f',
    client_id: 'client-f',
    client_secret: 'super-secret-value-g',
    billing_number: '33333333330102',
  },
};

export function accountBody(carrier: CarrierSlug, extra: Record<string, unknown> = {}) {
  return { shipping_account: { carrier, country: 'US', auth: validAuth[carrier], ...extra } };
}
