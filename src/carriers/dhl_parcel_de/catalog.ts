/**
 * dhl_parcel_de catalog: the products of the Parcel DE Shipping API this build books (national
 * parcel and small parcel, EU parcel, international parcel and small goods), its label formats
 * (PDF and ZPL II, each on the print media the API's `printFormat` names) and one special service:
 * `return_label`, a return label with the outbound one (the Shipping API's dhlRetoure). Values are public slugs; codes.ts maps them to DHL's codes.
 */
import { labelTypes, type CarrierCatalog } from '../../domain/catalog.js';
import { PRINT_FORMATS, RETURN_LABEL, SERVICE_CODES } from './codes.js';

const SIZES = Object.keys(PRINT_FORMATS);

export const catalog: CarrierCatalog = {
  services: Object.keys(SERVICE_CODES),
  packaging: ['your_packaging'],
  labelTypes: [...labelTypes('PDF', SIZES), ...labelTypes('ZPLII', SIZES)],
  specialServices: [RETURN_LABEL],
  packageSpecialServices: [],
  // The carrier's own product names, as its price list writes them.
  serviceNames: {
    dhl_parcel_de_paket: 'DHL Paket',
    dhl_parcel_de_kleinpaket: 'DHL Kleinpaket',
    dhl_parcel_de_europaket: 'DHL EuroPaket',
    dhl_parcel_de_paket_international: 'DHL Paket International',
    dhl_parcel_de_warenpost_international: 'DHL Warenpost International',
  },
};
