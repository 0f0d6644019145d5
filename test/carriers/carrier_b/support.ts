/** Helpers and requests shared by the carrier_b mapping suites. */
import type { ShipmentRequest } from '../../../src/carriers/carrier_b/fields.js';
import { readFixtureJson } from '../../support/fixtures.js';

export { apiErrorOf } from '../support.js';

/** A recorded carrier_b payload (read in place, never copied). */
export function fixture<T = unknown>(file: string): T {
  return readFixtureJson<T>('carrier_b', file);
}

export const NOW = new Date('2026-11-23T15:00:00Z');

/** The party of the recorded domestic requests (the recorded integration's placeholder values, taken literally). */
const placeholder = {
  street1: 'Address Line',
  city: 'City',
  state: 'StateProvinceCode',
  postal_code: 'PostalCode',
  country: 'CountryCode',
  phone: '1234567890',
};

/** What produced fixtures/shipment_ShipmentRequestJSON.json, in our terms. */
export const recordedShipment: ShipmentRequest = {
  shipping_account: 'sa_1',
  sender: { ...placeholder, name: 'Shipper Attn Name', company: 'Shipper Name', tax_id: '123456' },
  recipient: { ...placeholder, name: 'Ship To Attn Name', company: 'Ship To Name' },
  packages: [{ weight: 10, length: 7, width: 5, height: 2 }],
  packaging: 'your_packaging',
  service: 'carrier_b_next_day_air',
  dim_units: 'IN',
  weight_units: 'LB',
  label_type: 'PNG',
  special_services: ['delivery_confirmation'],
  references: [{ type: 'reference', value: 'Your Customer Context' }],
  notifications: [{ type: 'email', value: 'test@mail.com' }],
};

/** What produced fixtures/rate_RateRequestData.json. */
export const recordedRate: ShipmentRequest = {
  shipping_account: 'sa_1',
  sender: {
    street1: '5840 Oak St',
    street2: 'Apt 1 lorem ipsum dolor sit amet consectetur',
    city: 'Vancouver',
    state: 'BC',
    postal_code: 'V6M2V9',
    country: 'CA',
  },
  recipient: { street1: '125 Church St', city: 'Moncton', state: 'NB', postal_code: 'E1C4Z8', country: 'CA' },
  packages: [{ weight: 0.5, length: 10, width: 3, height: 3 }],
  packaging: 'large_express_box',
  service: 'carrier_b_standard',
  dim_units: 'CM',
  weight_units: 'KG',
  special_services: ['delivery_confirmation'],
};

/** What produced fixtures/shipment_InternationalShipmentRequestJSON.json. */
export const recordedInternational: ShipmentRequest = {
  shipping_account: 'sa_1',
  sender: {
    name: 'John Exporter',
    company: 'US Exporter Corp',
    street1: '123 Export Street',
    city: 'New York',
    state: 'NY',
    postal_code: '10001',
    country: 'US',
    phone: '555-987-6543',
    email: 'exporter@usexporter.com',
    tax_id: '123456789',
  },
  recipient: {
    name: 'John Buyer',
    company: 'International Buyer Corp',
    street1: '123 International Street',
    city: 'Toronto',
    state: 'ON',
    postal_code: 'M5V 3A8',
    country: 'CA',
    phone: '555-123-4567',
    email: 'buyer@internationalbuyer.com',
  },
  packages: [{ weight: 2.5, length: 10, width: 8, height: 4 }],
  packaging: 'your_packaging',
  service: 'carrier_b_express',
  dim_units: 'IN',
  weight_units: 'LB',
  label_type: 'PNG',
  currency: 'USD',
  customs_items: [
    {
      description: 'Electronics Components',
      quantity: 1,
      value: 150,
      weight: 2.5,
      weight_unit: 'LB',
      manufacture_country_code: 'US',
      harmonized_code: '8541.40.20.00',
    },
  ],
  invoice_number: 'INV-2024-001',
  invoice_date: '2024-01-15',
  reason_for_export: 'SALE',
  declaration_statement:
    'I hereby certify that the information on this invoice is true and correct and the contents and value of this shipment is as stated above.',
  special_services: ['delivery_confirmation'],
  references: [{ type: 'reference', value: 'INT-2024-001' }],
  notifications: [{ type: 'email', value: 'buyer@internationalbuyer.com' }],
};
