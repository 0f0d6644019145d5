/**
 * The emulator's credential members are declared in its own carrier folders, apart from the
 * adapters' declarations: where the two disagree, one of them names a member the carrier does not
 * issue, and the accounts the service registers would be refused by the emulator.
 */
import { describe, expect, it } from 'vitest';
import { declarations } from '../../src/carriers/declarations.js';
import { CredentialBook } from '../../src/emulator/credentials.js';
import { CREDENTIAL_MEMBERS } from '../../src/emulator/registry.js';
import { emulatorMasterAccounts } from '../../src/services/accounts/master-accounts.js';

describe('emulated credentials', () => {
  it('every pair an emulated carrier checks is a pair the adapter declares', () => {
    for (const [slug, pairs] of Object.entries(CREDENTIAL_MEMBERS)) {
      const declared = declarations[slug as keyof typeof declarations].auth.pairs.map((p) => p.join('/'));
      expect(
        pairs.map((p) => p.join('/')),
        slug,
      ).toEqual(expect.arrayContaining(declared));
      expect(declared, slug).toEqual(expect.arrayContaining(pairs.map((p) => p.join('/'))));
    }
  });

  it('knows the master test credentials the service registers test accounts with', () => {
    const book = new CredentialBook(CREDENTIAL_MEMBERS);
    for (const [slug, byCountry] of Object.entries(emulatorMasterAccounts(declarations))) {
      for (const auth of Object.values(byCountry)) {
        const found = book.credentialsOf(slug as keyof typeof declarations, auth);
        expect(found.length, slug).toBeGreaterThan(0);
        for (const c of found) expect(book.knows(c.carrier, c.id, c.secret), `${slug} ${c.id}`).toBe(true);
      }
    }
  });

  it('refuses a member the carrier does not issue', () => {
    const book = new CredentialBook(CREDENTIAL_MEMBERS);
    expect(
      book.credentialsOf('carrier_a', { client_key: 'test-us-client-key', client_secret: 'test-us-client-secret' }),
    ).toEqual([]);
    expect(book.knows('carrier_a', 'test-us-client-key', 'test-us-client-secret')).toBe(false);
  });
});
