/** Shared bodies for the australiapost contract suites: Melbourne to Sydney in kg and cm. */
import { shipment } from './support.js';

export const melbourne = {
  name: 'John Citizen',
  company: 'Citizen Pty Ltd',
  street1: '1 Main Street',
  city: 'Melbourne',
  state: 'VIC',
  postal_code: '3000',
  country: 'AU',
  phone: '0401234567',
  email: 'john@example.com',
};
export const sydney = {
  name: 'Jane Smith',
  street1: '123 Centre Road',
  city: 'Sydney',
  state: 'NSW',
  postal_code: '2000',
  country: 'AU',
  phone: '0412345678',
};
export const auckland = {
  name: 'Kiri Buyer',
  street1: '5 Queen Street',
  city: 'Auckland',
  postal_code: '1010',
  country: 'NZ',
  phone: '+64 9 555 0100',
};
export const customs = [
  {
    description: 'Wool scarf',
    quantity: 2,
    value: 60,
    weight: 0.4,
    weight_unit: 'KG',
    harmonized_code: '611710',
    manufacture_country_code: 'AU',
  },
];

export function apShipment(account: string, overrides: Record<string, unknown> = {}) {
  return shipment(account, {
    sender: melbourne,
    recipient: sydney,
    packages: [{ weight: 2, length: 20, width: 15, height: 10, value: 50 }],
    dim_units: 'CM',
    weight_units: 'KG',
    ...overrides,
  });
}
