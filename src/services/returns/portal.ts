/**
 * The returns portal: the merchant makes a link for one order (POST /returns/portal-links); the
 * customer opens it, picks lines, reasons and a return method, and the return is created through
 * the returns service, exactly as POST /returns would (same checks, same event, same list). The
 * link's data stays in the database; the link carries its id, expiry and signature only.
 *
 * A link never returns more than was ordered: quantities in returns made through it (voided ones
 * excepted) are deducted, and the submissions of one link run one at a time in this process so two
 * taps cannot both pass the check. Double taps of one submission share an Idempotency-Key (see the
 * route) and create one return.
 */
import { createTtlCache } from '../../foundations/ttl-cache.js';
import type { PortalMethod } from '../../contract/portal.js';
import { bind } from '../../foundations/bind.js';
import type { PortalDeps } from './portal-deps.js';
import { createPortalLink, portalLinkOf } from './portal-link.js';
import { OPTIONS_CACHE_MS, portalPage } from './portal-page.js';
import { createOneAtATime, createPortalReturn } from './portal-return.js';

export type { PortalDeps };

/** The face: createPortalLink, portalPage, portalLinkOf and createPortalReturn bound to their deps once. */
export function createPortalService(deps: PortalDeps) {
  const state = {
    ...deps,
    optionsCache: createTtlCache<PortalMethod[]>({ ttlMs: OPTIONS_CACHE_MS, maxEntries: 2_000 }),
    oneAtATime: createOneAtATime(),
  };
  const linkOf = bind(deps, portalLinkOf);
  return {
    createLink: bind(deps, createPortalLink),
    page: bind(state, portalPage),
    linkOf,
    check: linkOf,
    createReturn: bind(state, createPortalReturn),
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
