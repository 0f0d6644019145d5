/**
 * Links that work without an API key: label downloads, tracking pages, returns portals, invitations
 * to the console. Each
 * carries the id of what it opens, its expiry and an HMAC-SHA256 over purpose, tenant, id and
 * expiry, with a key derived from the sealing key (no other secret to configure). The tenant is
 * not in the link: it is read from the stored row the id names, so a link only verifies for the
 * tenant that owns the row. Tampered → not_found (nothing tells a guessed id from a missing one);
 * genuine but past its expiry → link_expired.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';

export type LinkPurpose = 'label' | 'tracking' | 'portal' | 'invitation';

/** 128 bits of the HMAC: enough against forgery, short enough for a link typed from a phone. */
const SIGNATURE_BYTES = 16;

/** Seconds since 1970 as labelUrl writes them: decimal digits, no sign, no leading zero. */
const CANONICAL_SECONDS = /^[1-9][0-9]{0,15}$/;

export interface SignedLinksDeps {
  key: Buffer;
  clock: Clock;
  labelTtlMs: number;
  trackingTtlMs: number;
}

/** What a link carries besides its id: expiry in whole seconds since the epoch, and the signature. */
export interface LinkProof {
  expires: number;
  signature: string;
}

export function createSignedLinks(deps: SignedLinksDeps) {
  const { key, clock } = deps;

  function sign(purpose: LinkPurpose, tenant: string, id: string, expires: number): string {
    return createHmac('sha256', key)
      .update(`${purpose}\n${tenant}\n${id}\n${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }

  const expiresIn = (ttlMs: number) => Math.floor((clock.now().getTime() + ttlMs) / 1000);

  function proof(purpose: LinkPurpose, tenant: string, id: string, expires: number): LinkProof {
    return { expires, signature: sign(purpose, tenant, id, expires) };
  }

  /**
   * Throws unless the proof was made by this service for this purpose, tenant and id and has not
   * expired. The signature is checked first: an expiry changed by hand is a tampered link.
   */
  function verify(
    purpose: LinkPurpose,
    tenant: string,
    id: string,
    given: { expires: unknown; signature: unknown },
  ): void {
    // One spelling per expiry, the one the service writes: `N.0`, `+N`, `0x…` or `0N` name the same
    // number to Number() but are not the link that was handed out.
    const expires =
      typeof given.expires === 'number'
        ? given.expires
        : typeof given.expires === 'string' && CANONICAL_SECONDS.test(given.expires)
          ? Number(given.expires)
          : NaN;
    // Compared as text, not decoded: base64 has several spellings of the same bytes, and a link
    // changed by one character must not keep working.
    const signature = Buffer.from(typeof given.signature === 'string' ? given.signature : '');
    const expected = Number.isSafeInteger(expires) ? Buffer.from(sign(purpose, tenant, id, expires)) : undefined;
    if (!expected || signature.length !== expected.length || !timingSafeEqual(signature, expected))
      throw notFound(purpose);
    if (expires * 1000 <= clock.now().getTime()) {
      throw new ApiError(
        'link_expired',
        `this ${describe(purpose)} link expired at ${new Date(expires * 1000).toISOString()}; ask the sender for a new one`,
        purpose,
      );
    }
  }

  /** A token for a path segment: `<id>.<expires base 36>.<signature>`; ids hold no dots. */
  function token(purpose: LinkPurpose, tenant: string, id: string, expires: number): string {
    const p = proof(purpose, tenant, id, expires);
    return `${id}.${p.expires.toString(36)}.${p.signature}`;
  }

  return {
    /** A label download URL: the key still works on it; the query makes it work without one. */
    labelUrl(base: string, tenant: string, labelId: string): string {
      const p = proof('label', tenant, labelId, expiresIn(deps.labelTtlMs));
      return `${base}/labels/${labelId}?expires=${p.expires}&signature=${p.signature}`;
    },
    trackingUrl(base: string, tenant: string, shipmentId: string): string {
      return `${base}/tracking/${token('tracking', tenant, shipmentId, expiresIn(deps.trackingTtlMs))}`;
    },
    portalUrl(base: string, tenant: string, linkId: string, expiresAt: Date): string {
      return `${base}/portal/${token('portal', tenant, linkId, Math.floor(expiresAt.getTime() / 1000))}`;
    },
    /**
     * The console's page that accepts an invitation, its token after `#`: a fragment never reaches
     * a server, a log or a Referer header; the page sends it in the body of POST /invitations/accept.
     */
    invitationUrl(base: string, tenant: string, invitationId: string, expiresAt: Date): string {
      return `${base}/console/accept#${token('invitation', tenant, invitationId, Math.floor(expiresAt.getTime() / 1000))}`;
    },
    verify,
    /** Splits a token; the id is unverified until `verify` runs with the tenant of the row it names. */
    parseToken(purpose: LinkPurpose, tokenText: string): { id: string; expires: number; signature: string } {
      // The expiry in base 36 without leading zeros: as toString(36) writes it, the only spelling.
      const m = /^([A-Za-z0-9_-]{1,100})\.([1-9a-z][0-9a-z]{0,11})\.([A-Za-z0-9_-]{1,64})$/.exec(tokenText);
      if (!m) throw notFound(purpose);
      return { id: m[1]!, expires: parseInt(m[2]!, 36), signature: m[3]! };
    },
    notFound,
  };
}

function describe(purpose: LinkPurpose): string {
  return purpose === 'portal' ? 'returns' : purpose;
}

function notFound(purpose: LinkPurpose): ApiError {
  return new ApiError('not_found', `no such ${describe(purpose)} link: check that it was copied whole`, purpose);
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
