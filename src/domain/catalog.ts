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
  /** A service's name in the carrier's words, where the words of its code fall short (serviceEntries). */
  serviceNames?: Readonly<Record<string, string>>;
}

/** Words of a code that read better written otherwise. */
const WORDS: Readonly<Record<string, string>> = {
  am: 'A.M.',
  ddu: 'DDU',
  ddp: 'DDP',
  bpm: 'BPM',
  apo: 'APO',
  fpo: 'FPO',
  dpo: 'DPO',
  ndc: 'NDC',
  scf: 'SCF',
  dndc: 'DNDC',
  dscf: 'DSCF',
  dhub: 'DHUB',
};

/** The words of a code without its carrier's prefix: `<carrier>_2_day_am` → "2 Day A.M.". */
export function codeWords(code: string, carrier?: string): string {
  const bare = carrier && code.startsWith(`${carrier}_`) ? code.slice(carrier.length + 1) : code;
  return bare
    .split('_')
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/**
 * A service's name for people: the catalog's where it gives one, else the words of its code; a
 * composite `service|packaging|machinability|entry point` as the service's name with the rest in
 * brackets ("none" left out).
 */
export function serviceWords(carrier: string, catalog: CarrierCatalog, slug: string): string {
  const given = catalog.serviceNames?.[slug];
  if (given) return given;
  const [base = slug, ...rest] = slug.split('|');
  const name = catalog.serviceNames?.[base] ?? codeWords(base, carrier);
  // In brackets in lower case, but for what is written in capitals (DDU, NDC).
  const parts = rest
    .filter((p) => p !== 'none')
    .map((p) => codeWords(p).replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase()));
  return parts.length > 0 ? `${name} (${parts.join(', ')})` : name;
}

/**
 * Every service of a carrier's catalog with its name, sorted by name (numbers in their order). Two
 * codes that would read the same (an unprefixed code of the interface beside its prefixed one) are
 * told apart by the code itself.
 */
export function serviceEntries(carrier: string, catalog: CarrierCatalog): { slug: string; name: string }[] {
  const named = catalog.services.map((slug) => ({ slug, name: serviceWords(carrier, catalog, slug) }));
  const seen = new Map<string, number>();
  for (const s of named) seen.set(s.name, (seen.get(s.name) ?? 0) + 1);
  return named
    .map((s) =>
      (seen.get(s.name) ?? 0) > 1 && !s.slug.startsWith(`${carrier}_`)
        ? { ...s, name: `${s.name} (code ${s.slug})` }
        : s,
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }) || (a.slug < b.slug ? -1 : 1));
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
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CUC',
  'CUP',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GGP',
  'GHS',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HRK',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'IMP',
  'INR',
  'IQD',
  'IRR',
  'ISK',
  'JEP',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KPW',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'LYD',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRU',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLL',
  'SOS',
  'SPL',
  'SRD',
  'STN',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TVD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VEF',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XDR',
  'XOF',
  'XPF',
  'YER',
  'ZAR',
  'ZMW',
  'ZWD',
] as const;

export const WEIGHT_UNITS = ['KG', 'LB'] as const;
export const DIM_UNITS = ['IN', 'CM'] as const;

/** Shipments a batch holds at most, from a JSON body or a CSV file. */
export const MAX_BATCH_ITEMS = 10_000;
