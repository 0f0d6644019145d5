/**
 * Catches transcription slips in the carrier declarations. Two independent checks:
 * - hand-counted numbers, hand-written values and structural rules, always run;
 * - the lists parsed out of the interface specification itself, compared value for value. The spec
 *   is read from $WAYBILL_SPEC (the file, or the folder holding interface.md), else from
 *   ../shared/spec/interface.md beside the project root; where neither exists those tests skip.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type Operation } from '../../src/carriers/carrier.js';
import { CARRIER_SLUGS, declarations, isCarrierSlug, type CarrierSlug } from '../../src/carriers/declarations.js';
import { compositeServices, simpleServices } from '../../src/carriers/carrier_d/catalog.js';
import { splitLabelType, type CarrierCatalog } from '../../src/domain/catalog.js';

const catalogOf = (slug: CarrierSlug): CarrierCatalog => declarations[slug].catalog;
const LISTS = ['services', 'packaging', 'labelTypes', 'specialServices', 'packageSpecialServices'] as const;

// ---------------------------------------------------------------------------------------------
// Hand-counted from the spec.

const COUNTS: Record<CarrierSlug, Record<(typeof LISTS)[number], number>> = {
  // 39 prefixed + 2 unprefixed; PDF/PNG 1+6 each, EPL2 1+5, ZPLII/ZPL 1+6 each.
  carrier_a: { services: 41, packaging: 7, labelTypes: 34, specialServices: 6, packageSpecialServices: 4 },
  // 28 prefixed + 7 unprefixed; EPL/ZPL/SPL 1+2 each, 4 bare.
  carrier_b: { services: 35, packaging: 23, labelTypes: 13, specialServices: 33, packageSpecialServices: 0 },
  carrier_c: { services: 33, packaging: 13, labelTypes: 12, specialServices: 22, packageSpecialServices: 1 },
  // 15 simple + 53 composites; 46 listed packaging values with the two ranges (5 and 10) expanded
  // = 51; ZPL 1+4, PDF/PNG 1+5 each.
  carrier_d: { services: 68, packaging: 51, labelTypes: 17, specialServices: 9, packageSpecialServices: 0 },
  // 6 formats × (bare + 11 sizes).
  carrier_d_reseller: { services: 13, packaging: 22, labelTypes: 72, specialServices: 10, packageSpecialServices: 0 },
  // Its issue's column: 10 products of the service list; PDF 1+3 layouts, ZPL 1+1.
  australiapost: { services: 10, packaging: 6, labelTypes: 6, specialServices: 5, packageSpecialServices: 1 },
  // Its service list's 12 services; PDF bare + 4x6 + 8.5x11, ZPL bare + 4x6.
  canadapost: { services: 12, packaging: 3, labelTypes: 5, specialServices: 7, packageSpecialServices: 0 },
  // Its issue's products (five); PDF and ZPLII 1+11 print formats each.
  dhl_parcel_de: { services: 5, packaging: 1, labelTypes: 24, specialServices: 1, packageSpecialServices: 0 },
};

/** The composites enumerated by hand from § Service types (53), independent of the generator. */
const CARRIER_D_COMPOSITES = [
  'carrier_d_ground_advantage|cubic_soft_pack_tier_2|machinable|none',
  'carrier_d_ground_advantage|cubic_soft_pack_tier_1|machinable|none',
  'carrier_d_ground_advantage|your_packaging|nonmachinable|none',
  'parcel_select|your_packaging|machinable|ddu',
  'parcel_select|your_packaging|machinable|dndc',
  'parcel_select|your_packaging|machinable|dscf',
  'parcel_select|your_packaging|machinable|dhub',
  'parcel_select|your_packaging|nonmachinable|ddu',
  'parcel_select|your_packaging|nonmachinable|dndc',
  'parcel_select|your_packaging|nonmachinable|dscf',
  'parcel_select|your_packaging|nonmachinable|dhub',
  'connect_local|small_flat_rate_bag|machinable|ddu',
  'connect_local|large_flat_rate_bag|machinable|ddu',
  'connect_local|flat_rate_box|machinable|ddu',
  'connect_local|your_packaging|machinable|ddu',
  'connect_local|your_packaging|nonmachinable|ddu',
  'bound_printed_matter|presorted|machinable|dndc',
  'bound_printed_matter|presorted|machinable|ddu',
  'bound_printed_matter|presorted|machinable|none',
  'bound_printed_matter|presorted|machinable|dscf',
  'bound_printed_matter|presorted|irregular|dndc',
  'bound_printed_matter|presorted|irregular|ddu',
  'bound_printed_matter|presorted|irregular|none',
  'bound_printed_matter|presorted|irregular|dscf',
  'bound_printed_matter|presorted|nonmachinable|dndc',
  'bound_printed_matter|presorted|nonmachinable|ddu',
  'bound_printed_matter|presorted|nonmachinable|none',
  'bound_printed_matter|presorted|nonmachinable|dscf',
  'library_mail|basic|machinable|none',
  'library_mail|basic|irregular|none',
  'library_mail|basic|nonmachinable|none',
  'media_mail|basic|machinable|none',
  'media_mail|5_digit|machinable|none',
  'media_mail|basic|irregular|none',
  'media_mail|5_digit|irregular|none',
  'media_mail|basic|nonmachinable|none',
  'media_mail|5_digit|nonmachinable|none',
  'priority_mail|flat_rate_envelope|machinable|none',
  'priority_mail|padded_flat_rate_envelope|machinable|none',
  'priority_mail|legal_flat_rate_envelope|machinable|none',
  'priority_mail|cubic_soft_pack_tier_1|machinable|none',
  'priority_mail|flat_rate_envelope|nonmachinable|none',
  'priority_mail|padded_flat_rate_envelope|nonmachinable|none',
  'priority_mail|small_flat_rate_box|nonmachinable|none',
  'priority_mail|flat_rate_box|nonmachinable|none',
  'priority_mail|large_flat_rate_box|nonmachinable|none',
  'priority_mail|your_packaging|nonmachinable|none',
  'priority_mail_express|flat_rate_envelope|machinable|none',
  'priority_mail_express|padded_flat_rate_envelope|machinable|none',
  'priority_mail_express|priority_mail_express_legal_flat_rate_envelope|machinable|none',
  'priority_mail_express|flat_rate_envelope|nonmachinable|none',
  'priority_mail_express|padded_flat_rate_envelope|nonmachinable|none',
  'priority_mail_express|your_packaging|nonmachinable|none',
];

/**
 * The spec's "Operations supported per carrier" table, written out by hand, plus validate_address
 * (DECISIONS.md "Beyond the original interface": carrier_a, b, c and d).
 */
/**
 * Operations beyond the spec's table: validate_address (DECISIONS.md "Beyond the original
 * interface") and lookup_reference, the carrier search by Waybill's own reference that settles an
 * interrupted booking (README "Retrying safely"; no route of its own).
 */
const BEYOND_SPEC: readonly Operation[] = ['validate_address', 'lookup_reference'];

const OPERATIONS_TABLE: Record<CarrierSlug, readonly Operation[]> = {
  carrier_a: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'pickup_availability',
    'webhook',
    'validate_address',
  ],
  carrier_b: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'pickup_availability',
    'webhook',
    'validate_address',
  ],
  carrier_c: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'pickup',
    'dopu',
    'pickup_availability',
    'validate_credentials',
    'webhook',
    'validate_address',
  ],
  carrier_d: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'manifest',
    'validate_credentials',
    'webhook',
    'validate_address',
  ],
  carrier_d_reseller: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'manifest',
    'validate_credentials',
    'webhook',
  ],
  australiapost: ['shipping_account', 'ship', 'rate', 'track', 'cancel', 'manifest', 'validate_credentials', 'webhook'],
  // Its issue's column.
  canadapost: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'dopu',
    'pickup_availability',
    'manifest',
    'validate_credentials',
    'webhook',
  ],
  // Its issue's column: DHL publishes no pickup availability or drop-off point API.
  dhl_parcel_de: [
    'shipping_account',
    'ship',
    'rate',
    'track',
    'cancel',
    'pickup',
    'manifest',
    'validate_credentials',
    'webhook',
  ],
};

/** Required auth members per the spec's "auth members per carrier". */
const REQUIRED_AUTH: Record<CarrierSlug, readonly string[]> = {
  carrier_a: ['account_number'],
  carrier_b: ['account_number'],
  carrier_c: ['account_number', 'password', 'site_id'],
  carrier_d: ['account_number', 'client_id', 'client_secret', 'customer_registration_id', 'mailer_id', 'manifest_mid'],
  carrier_d_reseller: ['account_id', 'passphrase'],
  australiapost: ['account_number', 'api_key', 'password'],
  canadapost: ['username', 'password', 'customer_number'],
  dhl_parcel_de: ['username', 'password', 'client_id', 'client_secret', 'billing_number'],
};

/** Auth members declared beyond the spec's list, each for a documented reason (see the declaration). */
const EXTRA_AUTH: Record<CarrierSlug, readonly string[]> = {
  carrier_a: [],
  carrier_b: ['client_id', 'client_secret'],
  carrier_c: [],
  carrier_d: [],
  carrier_d_reseller: [],
  australiapost: [],
  // The e-mail a refund request is answered at.
  canadapost: ['email'],
  dhl_parcel_de: [],
};

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const duplicates = (xs: readonly string[]): string[] => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('carrier declarations', () => {
  it('declares every slug once, under its own key', () => {
    expect(Object.keys(declarations).sort()).toEqual([...CARRIER_SLUGS].sort());
    for (const slug of CARRIER_SLUGS) expect(declarations[slug].slug).toBe(slug);
    expect(isCarrierSlug('carrier_d_reseller')).toBe(true);
    expect(isCarrierSlug('carrier_e')).toBe(false);
    expect(isCarrierSlug('toString')).toBe(false);
  });

  it.each(CARRIER_SLUGS)('%s: lists have the hand-counted lengths and no duplicates', (slug) => {
    const catalog = catalogOf(slug);
    for (const list of LISTS) {
      expect(duplicates(catalog[list]), `${slug}.${list} duplicates`).toEqual([]);
      expect(catalog[list].length, `${slug}.${list} length`).toBe(COUNTS[slug][list]);
    }
  });

  it.each(CARRIER_SLUGS)('%s: operations are exactly the spec table, besides the lookup by reference', (slug) => {
    const ops = declarations[slug].operations;
    expect(duplicates(ops)).toEqual([]);
    // lookup_reference is Waybill's own (a booking found by its reference after a crash), beyond the spec's table.
    expect(sorted(ops.filter((op) => op !== 'lookup_reference'))).toEqual(sorted(OPERATIONS_TABLE[slug]));
    for (const op of ops) expect(OPERATIONS).toContain(op);
  });

  it('operations: the table spot checks', () => {
    const supports = (slug: CarrierSlug, op: Operation): boolean => declarations[slug].operations.includes(op);
    const with_ = (op: Operation): CarrierSlug[] => CARRIER_SLUGS.filter((s) => supports(s, op));
    expect(with_('cancel')).not.toContain('carrier_c');
    expect(with_('manifest')).toEqual([
      'australiapost',
      'canadapost',
      'carrier_d',
      'carrier_d_reseller',
      'dhl_parcel_de',
    ]);
    expect(with_('validate_credentials')).toEqual([
      'australiapost',
      'canadapost',
      'carrier_c',
      'carrier_d',
      'carrier_d_reseller',
      'dhl_parcel_de',
    ]);
    expect(with_('pickup_availability')).toEqual(['canadapost', 'carrier_a', 'carrier_b', 'carrier_c']);
    // carrier_d finds a package by its tracking number only (README "Retrying safely").
    expect(with_('lookup_reference')).toEqual([
      'canadapost',
      'carrier_a',
      'carrier_b',
      'carrier_c',
      'carrier_d_reseller',
    ]);
    for (const op of ['pickup', 'dopu', 'pickup_availability'] as const)
      expect(supports('carrier_d_reseller', op)).toBe(false);
    for (const op of ['shipping_account', 'ship', 'rate', 'track', 'webhook'] as const)
      expect(CARRIER_SLUGS.filter((s) => supports(s, op))).toEqual([...CARRIER_SLUGS]);
  });

  it.each(CARRIER_SLUGS)('%s: auth members', (slug) => {
    const { required, optional, secret } = declarations[slug].auth;
    expect(sorted(required)).toEqual(sorted(REQUIRED_AUTH[slug]));
    expect(duplicates([...required, ...optional])).toEqual([]);
    for (const member of secret) expect([...required, ...optional], `secret ${member}`).toContain(member);
    expect(duplicates(secret)).toEqual([]);
  });

  it('auth: secrets are the credentials, identifiers are not', () => {
    const secretOf = (slug: CarrierSlug): readonly string[] => declarations[slug].auth.secret;
    expect(secretOf('carrier_a')).toEqual(
      expect.arrayContaining(['client_secret', 'password', 'key', 'fulfillment_password']),
    );
    expect(secretOf('carrier_b')).toEqual(expect.arrayContaining(['password', 'qr_password', 'access_license_number']));
    expect(secretOf('carrier_c')).toEqual(
      expect.arrayContaining(['password', 'api_key', 'carrier_c_api_key', 'my_carrier_c_password']),
    );
    expect(secretOf('carrier_d')).toEqual(expect.arrayContaining(['client_secret', 'password']));
    expect(secretOf('carrier_d_reseller')).toEqual(['passphrase']);
    for (const slug of CARRIER_SLUGS) {
      for (const id of ['account_number', 'account_id', 'client_id', 'site_id', 'userid', 'user_id', 'mailer_id']) {
        expect(secretOf(slug)).not.toContain(id);
      }
    }
  });

  it.each(CARRIER_SLUGS)('%s: name is neutral and hosts are https base URLs', (slug) => {
    const d = declarations[slug];
    // The seed's carriers keep anonymised slugs and names; a carrier added later is named as it is.
    if (slug.startsWith('carrier_')) expect(d.name).not.toMatch(/\b(fedex|ups|dhl|usps|endicia|stamps)\b/i);
    for (const url of [d.hosts.live, d.hosts.test]) {
      expect(new URL(url).protocol).toBe('https:');
      expect(url.endsWith('/')).toBe(false);
    }
    expect(d.hosts.live).not.toBe(d.hosts.test);
  });

  it.each(CARRIER_SLUGS)('%s: every label type is a bare format or <format>__<size>', (slug) => {
    for (const lt of catalogOf(slug).labelTypes) {
      const { format, size } = splitLabelType(lt);
      expect(format, lt).toMatch(/^[A-Za-z0-9]+$/);
      if (size !== undefined) expect(size, lt).toMatch(/^[A-Za-z0-9._]+$/);
    }
  });

  it('tricky values are present', () => {
    const has = (slug: CarrierSlug, list: (typeof LISTS)[number], value: string): void => {
      expect(catalogOf(slug)[list], `${slug}.${list}`).toContain(value);
    };
    has('carrier_a', 'services', 'carrier_a_smart_post_presorted_bound_printed_matter');
    has('carrier_a', 'services', 'carrier_a_international_priority');
    has('carrier_a', 'services', 'international_priority');
    has('carrier_a', 'services', 'international_express');
    has('carrier_a', 'services', 'carrier_a_regional_economy_freight');
    has('carrier_a', 'services', 'carrier_a_transborder_distribution');
    has('carrier_a', 'labelTypes', 'ZPLII__STOCK_4X6.75_LEADING_DOC_TAB');
    has('carrier_a', 'labelTypes', 'EPL2__STOCK_4X6.75_TRAILING_DOC_TAB');
    has('carrier_a', 'labelTypes', 'PDF__PAPER_8.5X11_BOTTOM_HALF_LABEL');
    has('carrier_a', 'labelTypes', 'PDF');
    has('carrier_a', 'specialServices', 'carrier_a_one_rate');
    has('carrier_a', 'packageSpecialServices', 'adult_signature_required');
    has('carrier_b', 'services', 'carrier_b_surepost_lt_1lb');
    has('carrier_b', 'services', 'parcel_select_lightweight_irreg');
    has('carrier_b', 'labelTypes', 'SPL__4X8');
    has('carrier_b', 'labelTypes', 'qrcode');
    has('carrier_b', 'specialServices', 'dropoff_at_carrier_b_facility');
    has('carrier_c', 'packaging', 'customer-provided_dc_document');
    has('carrier_c', 'labelTypes', 'PDF__8X4_A4_TC_PDF');
    has('carrier_c', 'labelTypes', 'ZPL2__6X4_thermal');
    has('carrier_c', 'specialServices', 'lithium_ion_pi965_966_section_ii');
    has('carrier_c', 'packageSpecialServices', 'dangerous_goods');
    has('carrier_d', 'services', 'priority_mail|cubic_soft_pack_tier_1|machinable|none');
    has('carrier_d', 'services', 'parcel_select|your_packaging|nonmachinable|dhub');
    has('carrier_d', 'services', 'connect_local|your_packaging|nonmachinable|ddu');
    has('carrier_d', 'services', 'carrier_d_connect_local');
    has('carrier_d', 'packaging', 'cubic_pricing_tier_5');
    has('carrier_d', 'packaging', 'cubic_soft_pack_tier_10');
    has('carrier_d', 'packaging', 'priority_mail_express_legal_flat_rate_envelope_sunday_holiday');
    has('carrier_d', 'labelTypes', 'PNG__2X7LABEL');
    has('carrier_d', 'specialServices', 'delivery_confirmation');
    has('carrier_d_reseller', 'labelTypes', 'ZPLII__3.5x5.25');
    has('carrier_d_reseller', 'labelTypes', 'EPL2__DocTab');
    has('carrier_d_reseller', 'labelTypes', 'JPEG__EnvelopeSize10');
    has('carrier_d_reseller', 'labelTypes', 'GIF');
    has('carrier_d_reseller', 'specialServices', 'delivery_confirmation');
    // Values that must not be there: carrier_d ZPL has no 2X7LABEL, carrier_c has no bare ZPL.
    expect(catalogOf('carrier_d').labelTypes).not.toContain('ZPL__2X7LABEL');
    expect(catalogOf('carrier_c').labelTypes).not.toContain('ZPL');
    expect(catalogOf('carrier_a').labelTypes).not.toContain('EPL2__STOCK_4X6.75_LEADING_DOC_TAB');
  });

  it('carrier_d composites are exactly the hand enumeration, built from known parts', () => {
    expect(sorted(compositeServices)).toEqual(sorted(CARRIER_D_COMPOSITES));
    expect(sorted(catalogOf('carrier_d').services)).toEqual(sorted([...simpleServices, ...CARRIER_D_COMPOSITES]));
    const packaging = catalogOf('carrier_d').packaging;
    for (const composite of compositeServices) {
      const [service = '', pack = '', machinability = '', entry = '', ...rest] = composite.split('|');
      expect(rest, composite).toEqual([]);
      // The spec writes `connect_local` in composites for the simple value `carrier_d_connect_local`.
      const simple = service === 'connect_local' ? 'carrier_d_connect_local' : service;
      expect(simpleServices as readonly string[], composite).toContain(simple);
      expect(packaging, composite).toContain(pack);
      expect(['machinable', 'irregular', 'nonmachinable'], composite).toContain(machinability);
      expect(['none', 'ddu', 'dndc', 'dscf', 'dhub'], composite).toContain(entry);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Parsed from the spec itself.

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function locateSpec(): string | undefined {
  const configured = process.env.WAYBILL_SPEC;
  if (configured) {
    const path = resolve(projectRoot, configured);
    if (!existsSync(path)) throw new Error(`WAYBILL_SPEC points at ${path}, which does not exist`);
    return statSync(path).isDirectory() ? join(path, 'interface.md') : path;
  }
  const beside = resolve(projectRoot, '..', 'shared', 'spec', 'interface.md');
  return existsSync(beside) ? beside : undefined;
}

const specPath = locateSpec();
const spec = specPath ? readFileSync(specPath, 'utf8') : '';
if (!specPath)
  console.warn('interface specification not found: set WAYBILL_SPEC to interface.md; spec comparison tests skip');

/** The body of a `### <title>` section, up to the next heading of level 2 or 3. */
function section(title: string): string {
  const start = spec.indexOf(`\n### ${title}\n`);
  if (start < 0) throw new Error(`spec section "${title}" not found`);
  const body = spec.slice(start + title.length + 6);
  const end = body.search(/\n##+ /);
  return end < 0 ? body : body.slice(0, end);
}

/** The text of the top-level bullet `- <slug>: ...` (or `- <slug> <label>: ...`) of a section. */
function bullet(text: string, slug: CarrierSlug, label = ''): string {
  const head = `- ${slug}${label ? ` ${label}` : ''}: `;
  const line = text.split('\n').find((l) => l.startsWith(head));
  if (line === undefined) throw new Error(`spec bullet "${head}" not found`);
  return line.slice(head.length);
}

/**
 * A comma-separated list: trailing full stop and `(...)` remarks dropped, `x_1 to x_N` expanded.
 */
function items(text: string): string[] {
  return text
    .split(',')
    .map((s) =>
      s
        .trim()
        .replace(/\.$/, '')
        .replace(/\s*\([^)]*\)$/, '')
        .trim(),
    )
    .filter((s) => s !== '')
    .flatMap((s) => {
      const range = /^(\w+?)(\d+) to \1(\d+)$/.exec(s);
      if (!range) return [s];
      const [, stem = '', from = '0', to = '0'] = range;
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => `${stem}${Number(from) + i}`);
    });
}

/** `the prefix `p` followed by one of: a, b. (Also) unprefixed: c, d.` → [pa, pb, c, d]. */
function prefixedServices(text: string): string[] {
  const prefix = /prefix `(\w+)`/.exec(text)?.[1];
  const listed = /one of: (.*?)\.(?: |$)/.exec(text)?.[1];
  const unprefixed = /[Uu]nprefixed: (.*?)\.(?: |$)/.exec(text)?.[1];
  if (!prefix || !listed || !unprefixed) throw new Error(`unexpected service bullet: ${text}`);
  return [...items(listed).map((s) => prefix + s), ...items(unprefixed)];
}

/** The first sentence of a special-services bullet, as a list. */
function specialServices(text: string): string[] {
  return items(text.split('. ')[0] ?? '');
}

/** The spec's auth bullet → required / optional members. */
function authMembers(text: string): { required: string[]; optional: string[] } {
  const required: string[] = [];
  const optional: string[] = [];
  for (const group of text.replace(/\.$/, '').split(';')) {
    const all = /\((all required|optional)\)\s*$/.exec(group.trim())?.[1];
    const members = group.trim().replace(/\s*\((all required|optional)\)$/, '');
    for (const raw of members.split(',')) {
      const name = raw.trim().replace(/\s*\(required\)$/, '');
      if (name === '') continue;
      const isRequired = all === 'all required' || /\(required\)$/.test(raw.trim());
      (isRequired ? required : optional).push(name);
    }
  }
  return { required, optional };
}

/** The "Operations supported per carrier" table → operations per slug. */
function operationsTable(): Record<string, Operation[]> {
  const lines = section('Operations supported per carrier')
    .split('\n')
    .filter((l) => l.startsWith('|'));
  const cells = (l: string): string[] =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const [header = '', , ...rows] = lines;
  const slugs = cells(header).slice(1);
  const out: Record<string, Operation[]> = Object.fromEntries(slugs.map((s) => [s, []]));
  for (const row of rows) {
    const [name = '', ...marks] = cells(row);
    const op = name.replace(/ /g, '_') as Operation;
    marks.forEach((mark, i) => {
      if (mark === 'yes') out[slugs[i] ?? '']?.push(op);
    });
  }
  return out;
}

/** The carriers the specification describes (its operations table's columns). */
function specSlugs(): CarrierSlug[] {
  const inSpec = new Set(Object.keys(operationsTable()));
  return CARRIER_SLUGS.filter((s) => inSpec.has(s));
}

/** Tokens of a label-types bullet, for tracing each declared label type back to its text. */
function labelTokens(text: string): Set<string> {
  return new Set(
    text
      .split(/[\s,;()]+/)
      .map((t) => t.replace(/\.$/, ''))
      .filter((t) => t !== ''),
  );
}

/**
 * The carriers the specification names: the seed's five. Carriers added since (each from its own
 * issue, which gives its column, credentials and catalog) are checked by the hand-written tables above.
 */
const SPEC_SLUGS = CARRIER_SLUGS.filter((slug) => slug.startsWith('carrier_'));

describe.skipIf(!specPath)('carrier declarations against the specification text', () => {
  it('the operations table matches', () => {
    const table = operationsTable();
    expect(Object.keys(table).sort()).toEqual([...SPEC_SLUGS].sort());
    for (const slug of SPEC_SLUGS) {
      for (const op of table[slug] ?? []) expect(OPERATIONS).toContain(op);
      // Operations added beyond the spec (DECISIONS.md) are checked against OPERATIONS_TABLE above.
      const fromSpec = declarations[slug].operations.filter((op) => !BEYOND_SPEC.includes(op));
      expect(sorted(fromSpec), slug).toEqual(sorted(table[slug] ?? []));
    }
  });

  it('auth members match', () => {
    const text = spec.slice(spec.indexOf('`auth` members per carrier'));
    for (const slug of SPEC_SLUGS) {
      const parsed = authMembers(bullet(text, slug));
      const { required, optional } = declarations[slug].auth;
      expect(sorted(required), slug).toEqual(sorted(parsed.required));
      expect(sorted(optional), slug).toEqual(sorted([...parsed.optional, ...EXTRA_AUTH[slug]]));
    }
  });

  it('packaging types match', () => {
    const text = section('Packaging types');
    for (const slug of SPEC_SLUGS) {
      expect(sorted(catalogOf(slug).packaging), slug).toEqual(sorted(items(bullet(text, slug))));
    }
  });

  it('service types match (carrier_d: the simple values)', () => {
    const text = section('Service types');
    expect(sorted(catalogOf('carrier_a').services)).toEqual(sorted(prefixedServices(bullet(text, 'carrier_a'))));
    expect(sorted(catalogOf('carrier_b').services)).toEqual(sorted(prefixedServices(bullet(text, 'carrier_b'))));
    expect(sorted(catalogOf('carrier_c').services)).toEqual(sorted(items(bullet(text, 'carrier_c'))));
    expect(sorted(catalogOf('carrier_d_reseller').services)).toEqual(sorted(items(bullet(text, 'carrier_d_reseller'))));
    const simple = catalogOf('carrier_d').services.filter((s) => !s.includes('|'));
    expect(sorted(simple)).toEqual(sorted(items(bullet(text, 'carrier_d', 'simple values'))));
  });

  it('special services match (carrier_d and carrier_d_reseller: the example value)', () => {
    const text = section('Special services (strings in a `special_services` array)');
    for (const slug of ['carrier_a', 'carrier_b', 'carrier_c'] as const) {
      expect(sorted(catalogOf(slug).specialServices), slug).toEqual(sorted(specialServices(bullet(text, slug))));
      const example = /Package-level example: (\w+)/.exec(bullet(text, slug))?.[1];
      if (example) expect(catalogOf(slug).packageSpecialServices, slug).toContain(example);
    }
    expect(bullet(text, 'carrier_d_reseller')).toMatch(/^delivery_confirmation appears as an example value/);
    for (const slug of ['carrier_d', 'carrier_d_reseller'] as const) {
      expect(catalogOf(slug).specialServices, slug).toContain('delivery_confirmation');
    }
  });

  it('label types match carrier_c literally and trace back to the text for the others', () => {
    const text = section('Label types');
    expect(sorted(catalogOf('carrier_c').labelTypes)).toEqual(sorted(items(bullet(text, 'carrier_c'))));
    for (const slug of SPEC_SLUGS) {
      const tokens = labelTokens(bullet(text, slug));
      for (const lt of catalogOf(slug).labelTypes) {
        const { format, size } = splitLabelType(lt);
        const traced = tokens.has(lt) || (tokens.has(format) && (size === undefined || tokens.has(size)));
        expect(traced, `${slug}: ${lt} is not in the spec text`).toBe(true);
      }
    }
  });
});
