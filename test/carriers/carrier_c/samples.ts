/** Waybill requests written to describe what the recorded carrier_c requests describe. */
import type { PickupRequest } from '../../../src/domain/types.js';
import type { ShipmentRequest } from '../../../src/carriers/carrier_c/fields.js';
import { request } from './support.js';

export const prague = {
  name: 'John Doe',
  company: 'Acme Corp',
  email: 'shipper@example.com',
  phone: '+1234567890',
  street1: 'V Parku 2308/10',
  street2: 'Floor 2',
  street3: 'Suite 100',
  city: 'Prague',
  state: 'CZ',
  postal_code: '14800',
  country: 'CZ',
};
export const newYork = {
  name: 'Jane Smith',
  company: 'Customer Inc',
  email: 'receiver@example.com',
  phone: '+19876543210',
  street1: '123 Main Street',
  street2: 'Floor 5',
  street3: 'Apt 501',
  city: 'New York',
  state: 'NY',
  postal_code: '10001',
  country: 'US',
};

/** samples/shipment_request.json: CZ → US, Express Worldwide, insured, one customs line. */
export function sampleShipment(): ShipmentRequest {
  return request({
    sender: prague,
    recipient: newYork,
    service: 'express_worldwide_p',
    ship_date: '2024-11-05',
    currency: 'USD',
    packages: [{ weight: 5, length: 15, width: 15, height: 15, value: 100 }],
    special_services: ['insurance'],
    references: [{ type: 'ref', value: 'REF-001' }],
    notifications: [
      { type: 'email', value: 'recipient@example.com' },
      { type: 'message', value: 'Your shipment is on its way' },
    ],
    customs_items: [
      {
        description: 'Product description',
        quantity: 1,
        quantity_unit: 'PCS',
        value: 100,
        commodity_code: '12345678',
        manufacture_country_code: 'CZ',
        weight: 5,
        gross_weight: 5,
        license_number: 'LIC-001',
      },
    ],
    invoice_number: 'INV-001',
    invoice_date: '2024-11-05',
    remarks: 'Handle with care',
    freight_cost: 10,
    place_of_incoterms: 'New York',
    vatgst: 'VAT123456',
    receiver_reference: 'RECREF-001',
    exporter_id: 'EXP-001',
    exporter_code: 'EXPCODE',
    package_marks: 'FRAGILE',
    add_decl_text: 'Declaration note text',
    export_reason: 'Sale',
    terms_of_trade: 'DAP',
    sed_number: 'NOEEI30.37A',
  });
}

/** samples/pickup_create_request.json: a pickup in Prague of one Express Worldwide shipment to New York. */
export function samplePickup(): PickupRequest {
  return {
    shipping_account: 'sa_1',
    carrier: 'carrier_c',
    location: { ...prague, location_type: 'reception' },
    shipments: [
      {
        packages: [{ weight: 5, length: 15, width: 15, height: 15 }],
        service: 'express_worldwide_p',
        recipient: newYork,
      },
    ],
    time: { date: '2024-11-06', ready_time: '10:00', close_time: '18:00' },
    description: 'Two packages ready for pickup',
    dim_units: 'CM',
    weight_units: 'KG',
  };
}

/**
 * How the samples' shipper and receiver differ from what Waybill sends for prague and newYork: the
 * spec's addresses have no county, province or country name, and one phone number per party.
 */
export const SAMPLE_PARTY_DIFFS = [
  '$.customerDetails.shipperDetails.postalAddress.countyName: undefined ≠ "Central Bohemia"',
  '$.customerDetails.shipperDetails.postalAddress.provinceName: undefined ≠ "Central Bohemia"',
  '$.customerDetails.shipperDetails.postalAddress.countryName: undefined ≠ "Czech Republic"',
  '$.customerDetails.shipperDetails.contactInformation.mobilePhone: "+1234567890" ≠ "+1234567891"',
  '$.customerDetails.receiverDetails.postalAddress.countyName: undefined ≠ "Manhattan"',
  '$.customerDetails.receiverDetails.postalAddress.provinceName: undefined ≠ "New York"',
  '$.customerDetails.receiverDetails.postalAddress.countryName: undefined ≠ "United States"',
  '$.customerDetails.receiverDetails.contactInformation.mobilePhone: "+19876543210" ≠ "+19876543211"',
];
