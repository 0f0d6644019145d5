/**
 * A small embedded gazetteer of US streets, shared by every emulated carrier's address service:
 * enough places to give each answer a real address service gives (exact match, a correction, several
 * candidates, no such street) for every address the README and the tests use. Deterministic: the
 * same question always gets the same answer. Each carrier turns a lookup into its own wire format.
 */

export interface Place {
  /** Standardised street name, USPS Publication 28 abbreviations. */
  street: string;
  /** House numbers on this segment. */
  from: number;
  to: number;
  city: string;
  state: string;
  zip: string;
  plus4: string;
  residential: boolean;
}

const place = (
  street: string,
  to: number,
  city: string,
  state: string,
  zip: string,
  plus4: string,
  residential = false,
): Place => ({ street, from: 1, to, city, state, zip, plus4, residential });

export const PLACES: readonly Place[] = [
  place('MARKET ST', 2999, 'SAN FRANCISCO', 'CA', '94105', '1420'),
  place('FIFTH AVE', 99, 'NEW YORK', 'NY', '10001', '7602', true),
  place('BROADWAY', 999, 'NEW YORK', 'NY', '10001', '3001'),
  place('MAIN ST', 999, 'NEW YORK', 'NY', '10001', '2204', true),
  place('EXPORT ST', 999, 'NEW YORK', 'NY', '10001', '1150'),
  // One Main St in two ZIP codes of Memphis: without the ZIP the street is ambiguous.
  place('MAIN ST', 99, 'MEMPHIS', 'TN', '38117', '4401'),
  place('MAIN ST', 99, 'MEMPHIS', 'TN', '38118', '2210'),
  place('DOCK RD', 99, 'MEMPHIS', 'TN', '38118', '3302'),
  place('PIER RD', 99, 'MEMPHIS', 'TN', '38118', '3310'),
  place('BOX LN', 99, 'MEMPHIS', 'TN', '38117', '1001'),
  place('ELM ST', 99, 'MEMPHIS', 'TN', '38117', '5120', true),
  place('FED EX PKWY', 99, 'MEMPHIS', 'TN', '38115', '4500'),
  place('RIDGEWAY RD', 9999, 'MEMPHIS', 'TN', '38115', '0450'),
  place('MAIN ST', 999, 'ATLANTA', 'GA', '30301', '1000'),
  place('GLENLAKE PKWY', 99, 'ATLANTA', 'GA', '30328', '3495'),
  place('MAIN ST', 999, 'LOS ANGELES', 'CA', '90001', '1801', true),
  place('HACKER WAY', 9, 'PALO ALTO', 'CA', '94025', '1456'),
  place('HIGH ST', 999, 'PALO ALTO', 'CA', '94301', '1041'),
  place('SHERMAN AVE', 999, 'PALO ALTO', 'CA', '94306', '1864'),
  place('MAIN ST', 999, 'MOUNTAIN VIEW', 'CA', '94041', '1208'),
  place('CASTRO ST', 999, 'MOUNTAIN VIEW', 'CA', '94041', '2010'),
  place('N FRASER ST', 1999, 'GEORGETOWN', 'SC', '29440', '3501', true),
  place('S AGNEW AVE', 1999, 'OKLAHOMA CITY', 'OK', '73108', '2211', true),
  place('SIDE ST', 99, 'AUSTIN', 'TX', '73301', '0001'),
  place('SADDLE BRIDGE DR', 999, 'ALLENDALE', 'NJ', '07401', '1340', true),
  place('OAK AVE', 999, 'SPRINGFIELD', 'IL', '62701', '1105'),
];

/** The standardised form of a street (number and name), as a carrier's address service returns it. */
export interface FoundAddress {
  street1: string;
  city: string;
  state: string;
  zip: string;
  plus4: string;
  residential: boolean;
}

export type StreetLookup =
  | {
      kind: 'match';
      address: FoundAddress;
      /** Members the standardised address changes: street1, city, state, postal_code. */ changed: string[];
    }
  | { kind: 'ambiguous'; candidates: FoundAddress[]; reason: string }
  | { kind: 'invalid'; reason: string };

const WORDS: Readonly<Record<string, string>> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  LANE: 'LN',
  PARKWAY: 'PKWY',
  BOULEVARD: 'BLVD',
  WAY: 'WAY',
  PLACE: 'PL',
  COURT: 'CT',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  FEDEX: 'FED EX',
};

const words = (text: string) => text.toUpperCase().replace(/[.,#]/g, ' ').split(/\s+/).filter(Boolean);
const plain = (text: string | undefined) => words(text ?? '').join(' ');
const standardName = (name: string) =>
  words(name)
    .map((w) => WORDS[w] ?? w)
    .join(' ');

function found(p: Place, n: number): FoundAddress {
  return {
    street1: `${n} ${p.street}`,
    city: p.city,
    state: p.state,
    zip: p.zip,
    plus4: p.plus4,
    residential: p.residential,
  };
}

export interface StreetQuery {
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
}

/**
 * Looks up a street address: a known street in the city (and ZIP when given) matches; a ZIP of
 * another part of the city, or a city the ZIP belongs to, is corrected; a street in several ZIP codes
 * of the city without one that tells them apart is ambiguous; anything else is invalid.
 */
export function lookupStreet(q: StreetQuery): StreetLookup {
  const m = /^\s*(\d+)[A-Z]?\s+(.+)$/i.exec(q.street ?? '');
  if (!m) return { kind: 'invalid', reason: 'the street address has no house number' };
  const n = Number(m[1]);
  const name = standardName(m[2]!);
  const zip5 = (q.zip ?? '').trim().slice(0, 5);
  const city = plain(q.city);
  const state = plain(q.state);
  const segments = PLACES.filter((p) => p.street === name && n >= p.from && n <= p.to);
  if (segments.length === 0)
    return { kind: 'invalid', reason: `${n} ${name} is not a known address${city ? ` in ${city}` : ''}` };
  const inCity = segments.filter((p) => (!city || p.city === city) && (!state || p.state === state));
  const pool = inCity.length > 0 && city ? inCity : segments.filter((p) => p.zip === zip5);
  if (pool.length === 0)
    return { kind: 'invalid', reason: `${n} ${name} is not a known address in ${city || 'that city'}` };
  const byZip = pool.filter((p) => p.zip === zip5);
  const chosen = byZip.length === 1 ? byZip : pool;
  if (chosen.length > 1)
    return {
      kind: 'ambiguous',
      candidates: chosen.map((p) => found(p, n)),
      reason: `${n} ${name}, ${city || chosen[0]!.city} exists in several ZIP codes`,
    };
  const address = found(chosen[0]!, n);
  const changed = [
    plain(q.street) === address.street1 ? undefined : 'street1',
    city === address.city ? undefined : 'city',
    state === address.state ? undefined : 'state',
    zip5 === address.zip ? undefined : 'postal_code',
  ].filter((c): c is string => c !== undefined);
  return { kind: 'match', address, changed };
}

export interface Locality {
  city: string;
  state: string;
  zip: string;
}

/** The localities (city, state, ZIP) the gazetteer knows, for services that check the postal location only. */
export function lookupLocality(q: { city?: string | undefined; zip?: string | undefined }): Locality[] {
  const city = plain(q.city);
  const zip5 = (q.zip ?? '').trim().slice(0, 5);
  const all = new Map<string, Locality>();
  for (const p of PLACES) all.set(`${p.city}|${p.zip}`, { city: p.city, state: p.state, zip: p.zip });
  const list = [...all.values()];
  const exact = list.filter((l) => l.city === city && l.zip === zip5);
  if (exact.length > 0) return exact;
  // A ZIP code names its city; a city alone may have several ZIP codes.
  const byZip = list.filter((l) => l.zip === zip5);
  return byZip.length > 0 ? byZip : list.filter((l) => l.city === city);
}
