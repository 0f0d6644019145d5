/**
 * The shape of a carrier's catalog: the single source the validators and GET /meta/carriers use.
 * The values themselves live in each carrier's declaration (src/carriers/<slug>/catalog.ts).
 */
export interface CarrierCatalog {
  /** Public service slugs accepted as `service` (a carrier may also list composite services). */
  services: readonly string[];
  /** Public packaging slugs accepted as `packaging`. */
  packaging: readonly string[];
  /** Every accepted `label_type`: bare formats and `<format>__<size>`. */
  labelTypes: readonly string[];
  /** Shipment-level `special_services`. */
  specialServices: readonly string[];
  /** Package-level `packages[].special_services`. */
  packageSpecialServices: readonly string[];
}

/** `<format>__<size>` for every size, plus the bare format when it is accepted alone. */
export function labelTypes(format: string, sizes: readonly string[], bare = true): string[] {
  return [...(bare ? [format] : []), ...sizes.map((size) => `${format}__${size}`)];
}

/** Split a label type into its format and size parts. */
export function splitLabelType(labelType: string): { format: string; size?: string } {
  const i = labelType.indexOf('__');
  return i < 0 ? { format: labelType } : { format: labelType.slice(0, i), size: labelType.slice(i + 2) };
}

export const CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF',
  'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC',
  'CUC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL',
  'GGP', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HRK', 'HTG', 'HUF', 'IDR', 'ILS', 'IMP', 'INR',
  'IQD', 'IRR', 'ISK', 'JEP', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR',
  'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR',
  'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLL', 'SOS',
  'SPL', 'SRD', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TVD', 'TWD', 'TZS',
  'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VEF', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XDR', 'XOF', 'XPF', 'YER', 'ZAR',
  'ZMW', 'ZWD',
] as const;

export const WEIGHT_UNITS = ['KG', 'LB'] as const;
export const DIM_UNITS = ['IN', 'CM'] as const;
