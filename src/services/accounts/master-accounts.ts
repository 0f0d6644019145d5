/**
 * Master test credentials: what `test: true` without `auth` registers with. The operator configures
 * them as JSON in WAYBILL_MASTER_TEST_ACCOUNTS ({"<carrier slug>":{"US":{"account_number":"…",…}}});
 * with the built-in emulator every carrier has them for US, CA, GB, DE and AU: the emulator knows these
 * `test-<country>-<member>` values (src/emulator/credentials.ts).
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { MasterTestAccounts } from './accounts.js';

export const EMULATOR_TEST_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'AU'] as const;

export function emulatorMasterAccounts(declarations: Record<CarrierSlug, CarrierDeclaration>): MasterTestAccounts {
  const out: MasterTestAccounts = {};
  for (const decl of Object.values(declarations)) {
    const byCountry: Record<string, Record<string, string>> = {};
    for (const country of EMULATOR_TEST_COUNTRIES) {
      // Every member, optional ones too: adapters use some optional members (an OAuth client_id and
      // client_secret); the emulator knows these values as issued credentials.
      const members = [...decl.auth.required, ...decl.auth.optional];
      byCountry[country] = Object.fromEntries(
        members.map((m) => [m, decl.auth.testValues?.[m] ?? `test-${country.toLowerCase()}-${m.replace(/_/g, '-')}`]),
      );
    }
    out[decl.slug] = byCountry;
  }
  return out;
}

export function parseMasterAccounts(
  json: string,
  declarations: Record<CarrierSlug, CarrierDeclaration>,
): MasterTestAccounts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('WAYBILL_MASTER_TEST_ACCOUNTS is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object')
    throw new Error('WAYBILL_MASTER_TEST_ACCOUNTS must be an object of carrier → country → auth');
  const out: MasterTestAccounts = {};
  for (const [carrier, byCountry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(carrier in declarations)) throw new Error(`WAYBILL_MASTER_TEST_ACCOUNTS names an unknown carrier ${carrier}`);
    if (!byCountry || typeof byCountry !== 'object')
      throw new Error(`WAYBILL_MASTER_TEST_ACCOUNTS.${carrier} must map countries to auth objects`);
    const countries: Record<string, Record<string, string>> = {};
    for (const [country, auth] of Object.entries(byCountry as Record<string, unknown>)) {
      if (!auth || typeof auth !== 'object' || Object.values(auth).some((v) => typeof v !== 'string')) {
        throw new Error(`WAYBILL_MASTER_TEST_ACCOUNTS.${carrier}.${country} must be an object of strings`);
      }
      countries[country.toUpperCase()] = auth as Record<string, string>;
    }
    out[carrier as CarrierSlug] = countries;
  }
  return out;
}

/**
 * Whether the account reaches the carrier as the operator's shared test identity: any member that
 * names who it is at the carrier, its own or inherited from its parents, holds a master's value for
 * its carrier, of any country. Decided by the credentials sent, not by how the account was
 * registered, which flag it carries or which country it names: editing one member (a user id the
 * carrier never sees) leaves an account on the shared identity shared, and so does a sub-account of
 * another country inheriting it (a CA child of the US test account still closes out and pays from
 * the US identity). Members the declaration gives one generic test value (`account_type: EPS`)
 * name nobody and are left out.
 */
export function sharesMasterCredentials(
  masters: MasterTestAccounts,
  declarations: Record<CarrierSlug, CarrierDeclaration>,
  account: { carrier: CarrierSlug; auth: Readonly<Record<string, string>> },
): boolean {
  const generic = declarations[account.carrier].auth.testValues ?? {};
  return Object.values(masters[account.carrier] ?? {}).some((master) =>
    Object.entries(master).some(
      ([member, value]) => !(member in generic) && value !== '' && account.auth[member] === value,
    ),
  );
}
