/** The stored booking answer: version 1 rows read back as written; newer or damaged rows say so. */
import { describe, expect, it } from 'vitest';
import { decodeBooking, encodeBooking, type StoredBooking } from '../../src/services/kernel/stored-booking.js';

const address = {
  name: 'Ada',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38116',
  country: 'US',
};
const booking: StoredBooking = {
  id: 'shp_1',
  carrier: 'carrier_a',
  shipping_account: 'sa_1',
  packaging: 'your_packaging',
  ship_date: '2026-11-26',
  test: true,
  type: 'outbound',
  tracking_number: '794600000001',
  tracking_url: 'http://127.0.0.1:8080/track/shp_1.abc',
  label_type: 'PDF',
  dim_units: 'IN',
  weight_units: 'LB',
  packages: [],
  special_services: [],
  shipping_documents: [],
  references: [],
  sender: address,
  recipient: address,
};

describe('stored booking', () => {
  it('reads back what it wrote, and rows written before versions were named (version 1)', () => {
    expect(decodeBooking(encodeBooking(booking), 'shp_1')).toEqual(booking);
    expect(decodeBooking(JSON.stringify(booking), 'shp_1')).toEqual(booking);
  });

  it('names the shipment and the format when a row is of a newer version', () => {
    expect(() => decodeBooking(JSON.stringify({ ...booking, v: 2 }), 'shp_9')).toThrow(
      /shipment shp_9 is stored in format 2/,
    );
  });

  it('refuses a row that does not match the booking answer instead of handing it on', () => {
    const { recipient: _, ...damaged } = booking;
    expect(() => decodeBooking(JSON.stringify(damaged), 'shp_7')).toThrow(
      /shipment shp_7 as stored does not match the booking answer/,
    );
  });
});
