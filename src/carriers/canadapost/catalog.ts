/**
 * canadapost catalog: Canada Post's parcel services (its service list: domestic, U.S. and
 * international), the label formats its shipments print in, and the delivery options Waybill
 * passes on. Service slugs carry the carrier's prefix; their names are the carrier's own.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

export const catalog: CarrierCatalog = {
  services: [
    'canadapost_regular_parcel',
    'canadapost_expedited_parcel',
    'canadapost_xpresspost',
    'canadapost_priority',
    'canadapost_expedited_parcel_usa',
    'canadapost_xpresspost_usa',
    'canadapost_tracked_packet_usa',
    'canadapost_small_packet_usa_air',
    'canadapost_xpresspost_international',
    'canadapost_international_parcel_air',
    'canadapost_tracked_packet_international',
    'canadapost_small_packet_international_air',
  ],
  serviceNames: {
    canadapost_regular_parcel: 'Regular Parcel',
    canadapost_expedited_parcel: 'Expedited Parcel',
    canadapost_xpresspost: 'Xpresspost',
    canadapost_priority: 'Priority',
    canadapost_expedited_parcel_usa: 'Expedited Parcel USA',
    canadapost_xpresspost_usa: 'Xpresspost USA',
    canadapost_tracked_packet_usa: 'Tracked Packet USA',
    canadapost_small_packet_usa_air: 'Small Packet USA Air',
    canadapost_xpresspost_international: 'Xpresspost International',
    canadapost_international_parcel_air: 'International Parcel Air',
    canadapost_tracked_packet_international: 'Tracked Packet International',
    canadapost_small_packet_international_air: 'Small Packet International Air',
  },
  // Canada Post prices parcels by weight and size; a mailing tube and an unpackaged item are
  // flags of the parcel, every other packaging is the shipper's own.
  packaging: ['your_packaging', 'canadapost_mailing_tube', 'canadapost_unpackaged'],
  // Contract shipments print PDF on letter paper or 4x6 stock, and ZPL on 4x6 thermal stock.
  labelTypes: [...labelTypes('PDF', ['4x6', '8.5x11']), ...labelTypes('ZPL', ['4x6'])],
  specialServices: [
    'signature',
    'insurance',
    'proof_of_age_18',
    'proof_of_age_19',
    'card_for_pickup',
    'do_not_safe_drop',
    'leave_at_door',
  ],
  packageSpecialServices: [],
};
