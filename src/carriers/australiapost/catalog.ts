/**
 * australiapost catalog: the eParcel products of Australia Post's service list (domestic, returns,
 * international), the packaging types its items take, its two label formats with their print
 * layouts, and the item options it offers as special services.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';

export const catalog: CarrierCatalog = {
  services: [
    'australiapost_parcel_post',
    'australiapost_express_post',
    'australiapost_parcel_post_signature',
    'australiapost_express_post_signature',
    'australiapost_intl_standard_pack_track',
    'australiapost_intl_standard_signature',
    'australiapost_intl_express_merchandise',
    'australiapost_intl_express_documents',
    'australiapost_parcel_post_returns',
    'australiapost_express_post_returns',
  ],
  packaging: ['your_packaging', 'box', 'carton', 'satchel', 'envelope', 'bag'],
  // Sizes are the print layouts: A4 sheets with one or four labels, A6 labels; ZPL prints on A6 thermal stock.
  labelTypes: [...labelTypes('PDF', ['A4_1pp', 'A4_4pp', 'A6_1pp']), ...labelTypes('ZPL', ['A6_1pp'])],
  specialServices: ['authority_to_leave', 'safe_drop', 'allow_partial_delivery', 'transit_cover', 'email_tracking'],
  packageSpecialServices: ['dangerous_goods'],
  serviceNames: {
    australiapost_intl_standard_pack_track: 'International Standard Pack & Track',
    australiapost_intl_standard_signature: 'International Standard with Signature',
    australiapost_intl_express_merchandise: 'International Express Merchandise',
    australiapost_intl_express_documents: 'International Express Documents',
  },
};
