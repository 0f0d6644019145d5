/** Shared bodies for the carrier_a contract suites. */
export function address(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Ann Sender', company: 'Acme', street1: '1 Main St', city: 'Memphis', state: 'TN', postal_code: '38117', country: 'US', phone: '9015550100', ...overrides };
}

export const recipientUS = { name: 'Bob Recipient', street1: '5 Fifth Ave', city: 'New York', state: 'NY', postal_code: '10001', country: 'US', phone: '2125550100' };
export const recipientGB = { name: 'Clara Recipient', street1: '10 Downing St', city: 'London', postal_code: 'SW1A 2AA', country: 'GB', phone: '+44 20 7946 0000' };

export function shipment(account: string, overrides: Record<string, unknown> = {}) {
  return {
    shipment: {
      shipping_account: account,
      sender: address(),
      recipient: recipientUS,
      packages: [{ weight: 2, length: 10, width: 8, height: 4, value: 50 }],
      packaging: 'your_packaging',
      dim_units: 'IN',
      weight_units: 'LB',
      ...overrides,
    },
  };
}

export const customsItems = [{ description: 'Cotton T-shirt', quantity: 2, value: 40, weight: 1, weight_unit: 'LB', manufacture_country_code: 'US', harmonized_code: '610910' }];
