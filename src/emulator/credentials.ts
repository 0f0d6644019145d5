/**
 * The credentials each emulated carrier knows, as a carrier knows the accounts and API apps it
 * issued: an id (OAuth client id, MyDHL username, ELS account id) and its secret. Each carrier's
 * folder declares, in its own `credentials.ts`, the members a Waybill account carries them in, as
 * the carrier documents its credentials; nothing here reads an adapter's declaration, so an adapter
 * naming a wrong member is refused the way the carrier would refuse it. Unknown ids and wrong
 * secrets are refused the way the carrier refuses them, so that `POST /validate_credentials` against
 * the emulator answers what it would answer against the carrier.
 *
 * Known from the start: the test credentials the service registers `test: true` accounts with when
 * it runs on the built-in emulator, `test-<country>-<member>` for US, CA, GB, DE and AU. Others are
 * added through the control API (`POST /_emulator/credentials`) or `createEmulator({ credentials })`,
 * as a developer portal would issue them.
 */
import type { CarrierSlug } from '../carriers/carrier.js';

/** The id and secret members of each kind of credential a carrier issues, in the order it checks them. */
export type CredentialMembers = ReadonlyArray<readonly [id: string, secret: string]>;

export interface KnownCredential {
  carrier: CarrierSlug;
  id: string;
  secret: string;
}

const MASTER_COUNTRIES = ['us', 'ca', 'gb', 'de', 'au'];
const masterValue = (country: string, member: string): string => `test-${country}-${member.replace(/_/g, '-')}`;

export class CredentialBook {
  readonly #secrets = new Map<string, string>();

  constructor(
    readonly members: Readonly<Record<CarrierSlug, CredentialMembers>>,
    extra: readonly KnownCredential[] = [],
  ) {
    for (const [carrier, pairs] of Object.entries(members) as [CarrierSlug, CredentialMembers][]) {
      for (const country of MASTER_COUNTRIES) {
        for (const [id, secret] of pairs)
          this.add({ carrier, id: masterValue(country, id), secret: masterValue(country, secret) });
      }
    }
    for (const c of extra) this.add(c);
  }

  add(c: KnownCredential): void {
    this.#secrets.set(`${c.carrier}\n${c.id}`, c.secret);
  }

  /** Revokes an id (with its secret): false when the carrier did not know that pair. */
  forget(c: KnownCredential): boolean {
    if (!this.knows(c.carrier, c.id, c.secret)) return false;
    return this.#secrets.delete(`${c.carrier}\n${c.id}`);
  }

  /** Every credential known, for the emulator's state file. */
  all(): KnownCredential[] {
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

  /** Whether the id is still issued (not revoked), whatever its secret: tokens issued to it stay good while it is. */
  issued(carrier: CarrierSlug, id: string): boolean {
    return this.#secrets.has(`${carrier}\n${id}`);
  }

  /** Every id/secret pair the carrier checks in an auth object (members absent from it are skipped). */
  credentialsOf(carrier: CarrierSlug, auth: Record<string, string>): KnownCredential[] {
    return credentialsOf(carrier, this.members[carrier], auth);
  }
}

/** Every id/secret pair of these members in an auth object (members absent from it are skipped). */
export function credentialsOf(
  carrier: CarrierSlug,
  members: CredentialMembers,
  auth: Record<string, string>,
): KnownCredential[] {
  return members.flatMap(([id, secret]) => {
    const i = auth[id];
    const s = auth[secret];
    return i && s ? [{ carrier, id: i, secret: s }] : [];
  });
}
