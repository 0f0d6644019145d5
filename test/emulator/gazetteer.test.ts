/** The emulators' shared gazetteer knows the addresses the README and the tests use, and gives every status. */
import { describe, expect, it } from 'vitest';
import { lookupLocality, lookupStreet } from '../../src/emulator/gazetteer.js';

const KNOWN: [string, string, string, string][] = [
  ['500 Market St', 'San Francisco', 'CA', '94105'],
  ['5 Fifth Ave', 'New York', 'NY', '10001'],
  ['1 Main St', 'Memphis', 'TN', '38117'],
  ['1 Main St', 'Memphis', 'TN', '38118'],
  ['1 Dock Rd', 'Memphis', 'TN', '38118'],
  ['9 Elm St', 'Memphis', 'TN', '38117'],
  ['3670 Ridgeway Rd', 'Memphis', 'TN', '38115'],
  ['10 Fed Ex Pkwy', 'Memphis', 'TN', '38115'],
  ['1 Main St', 'Atlanta', 'GA', '30301'],
  ['100 MAIN ST', 'ATLANTA', 'GA', '30301'],
  ['456 Broadway', 'New York', 'NY', '10001'],
  ['123 Export Street', 'New York', 'NY', '10001'],
  ['1 Hacker Way', 'Palo Alto', 'CA', '94025'],
  ['247 High Street', 'Palo Alto', 'CA', '94301'],
  ['385 Sherman Ave.', 'Palo Alto', 'CA', '94306'],
  ['278 Castro Street', 'Mountain View', 'CA', '94041'],
  ['1098 N Fraser Street', 'Georgetown', 'SC', '29440'],
  ['1309 S Agnew Avenue', 'Oklahoma City', 'OK', '73108'],
  ['315 Saddle Bridge Drive', 'Allendale', 'NJ', '07401'],
  ['456 Oak Avenue', 'Springfield', 'IL', '62701'],
];

describe('gazetteer', () => {
  it.each(KNOWN)('knows %s, %s %s %s', (street, city, state, zip) => {
    const found = lookupStreet({ street, city, state, zip });
    expect(found.kind).toBe('match');
    if (found.kind === 'match') expect(found.changed.filter((c) => c !== 'street1')).toEqual([]);
  });

  it('corrects, finds several, or finds nothing', () => {
    expect(lookupStreet({ street: '5 Fifth Ave', city: 'New York', state: 'NY', zip: '10003' })).toMatchObject({
      kind: 'match',
      changed: ['postal_code'],
    });
    expect(lookupStreet({ street: '5 Fifth Ave', city: 'Boston', state: 'MA', zip: '10001' })).toMatchObject({
      kind: 'match',
      changed: ['city', 'state'],
    });
    expect(lookupStreet({ street: '1 Main St', city: 'Memphis', state: 'TN' })).toMatchObject({ kind: 'ambiguous' });
    expect(lookupStreet({ street: '1 Main St', city: 'Memphis', state: 'TN', zip: '10001' })).toMatchObject({
      kind: 'ambiguous',
    });
    expect(lookupStreet({ street: '77 Nowhere Blvd', city: 'Memphis', state: 'TN', zip: '38117' }).kind).toBe(
      'invalid',
    );
    expect(lookupStreet({ street: 'Main St', city: 'Memphis', state: 'TN' }).kind).toBe('invalid');
    expect(lookupStreet({ street: '5000 Market St', city: 'San Francisco', state: 'CA' }).kind).toBe('invalid');
  });

  it('knows postal locations by city and ZIP', () => {
    expect(lookupLocality({ city: 'New York', zip: '10001' })).toEqual([
      { city: 'NEW YORK', state: 'NY', zip: '10001' },
    ]);
    expect(lookupLocality({ city: 'Springfield', zip: '10001' })).toEqual([
      { city: 'NEW YORK', state: 'NY', zip: '10001' },
    ]);
    expect(
      lookupLocality({ city: 'Memphis' })
        .map((l) => l.zip)
        .sort(),
    ).toEqual(['38115', '38117', '38118']);
    expect(lookupLocality({ city: 'Atlantis', zip: '00000' })).toEqual([]);
  });
});
