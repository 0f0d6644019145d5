/**
 * What the kill -9 tests of bookings settled by lookup share: the carriers with a lookup by
 * Waybill's reference, a shipment each of them books, which of them hand a found booking's labels
 * out again, and the settings that send the service's calls of those carriers to the test's emulator.
 */
import type { TestEmulator } from './emulator.js';
import { address, recipientUS } from '../contract/support.js';

export const LOOKUP_CARRIERS = ['carrier_a', 'carrier_b', 'carrier_c', 'carrier_d_reseller'] as const;
export type LookupCarrier = (typeof LOOKUP_CARRIERS)[number];

/** Carriers whose found bookings are stored with their labels (carrier_b's Label Recovery); the others' without. */
export const RECOVERS_LABELS: ReadonlySet<LookupCarrier> = new Set(['carrier_b']);

const berlin = {
  name: 'Anna Absender',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
};
const munich = {
  street1: 'Marienplatz 8',
  city: 'München',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 7654321',
};

/** A one-package domestic shipment the carrier books, to a recipient of that name. */
export const shipmentOf = (carrier: LookupCarrier, name: string) => {
  if (carrier === 'carrier_c')
    return {
      sender: berlin,
      recipient: { ...munich, name },
      packages: [{ weight: 2 }],
      packaging: 'your_packaging',
      dim_units: 'CM',
      weight_units: 'KG',
      service: 'domestic_express',
    };
  const common = { sender: address(), recipient: { ...recipientUS, name }, dim_units: 'IN', weight_units: 'LB' };
  // Postage comes out of the emulated account's prepaid balance: the cheapest parcel class, one pound.
  if (carrier === 'carrier_d_reseller')
    return { ...common, packages: [{ weight: 1 }], packaging: 'parcel', service: 'ground_advantage' };
  return { ...common, packages: [{ weight: 2 }], packaging: 'your_packaging', service: `${carrier}_ground` };
};

/** The live and test base URLs of the lookup carriers, pointed at the emulator. */
export function lookupCarrierUrls(em: TestEmulator): Record<string, string> {
  return Object.fromEntries(
    LOOKUP_CARRIERS.flatMap((c) => {
      const name = `WAYBILL_${c.toUpperCase()}`;
      return [
        [`${name}_URL`, em.emulator.carrierUrl(c)],
        [`${name}_TEST_URL`, em.emulator.carrierUrl(c)],
      ];
    }),
  );
}
