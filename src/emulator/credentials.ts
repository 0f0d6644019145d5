/**
 * The credentials each emulated carrier knows, as a carrier knows the accounts and API apps it
 * issued: an id (OAuth client id, MyDHL username, ELS account id) and its secret, as the pairs of
 * members its declaration's `auth.pairs` names. Unknown ids and
 * wrong secrets are refused the way the carrier refuses them, so that `POST /validate_credentials`
 * against the emulator answers what it would answer against the carrier.
 *
 * Known from the start: the test credentials the service registers `test: true` accounts with when
 * it runs on the built-in emulator, `test-<country>-<member>` for US, CA, GB and DE. Others are
 * added through the control API (`POST /_emulator/credentials`) or `createEmulator({ credentials })`,
 * as a developer portal would issue them.
 */
import type { CarrierSlug } from '../carriers/carrier.js';
import { declarations } from '../carriers/declarations.js';

export interface KnownCredential {
  carrier: CarrierSlug;
  id: string;
  secret: string;
}

const MASTER_COUNTRIES = ['us', 'ca', 'gb', 'de'];
const masterValue = (country: string, member: string): string => `test-${country}-${member.replace(/_/g, '-')}`;

export class CredentialBook {
  readonly #secrets = new Map<string, string>();

  constructor(extra: readonly KnownCredential[] = []) {
    for (const { slug: carrier, auth } of Object.values(declarations)) {
      for (const country of MASTER_COUNTRIES) {
        for (const [id, secret] of auth.pairs) this.add({ carrier, id: masterValue(country, id), secret: masterValue(country, secret) });
      }
    }
    for (const c of extra) this.add(c);
  }

  add(c: KnownCredential): void {
    this.#secrets.set(`${c.carrier}\n${c.id}`, c.secret);
  }

  /** Every credential known, for the emulator's state file. */
  issued(): KnownCredential[] {
    return [...this.#secrets].map(([key, secret]) => {
      const [carrier, id] = key.split('\n') as [CarrierSlug, string];
      return { carrier, id, secret };
    });
  }

  /** Whether the carrier issued this id with this secret. */
  knows(carrier: CarrierSlug, id: string | undefined, secret: string | undefined): boolean {
    if (!id || !secret) return false;
    return this.#secrets.get(`${carrier}\n${id}`) === secret;
  }
}

/** Every id/secret pair in a carrier auth object (members absent from it are skipped). */
export function credentialsOf(carrier: CarrierSlug, auth: Record<string, string>): KnownCredential[] {
  return declarations[carrier].auth.pairs.flatMap(([id, secret]) => {
    const i = auth[id];
    const s = auth[secret];
    return i && s ? [{ carrier, id: i, secret: s }] : [];
  });
}
