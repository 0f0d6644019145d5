/**
 * Where a tenant's status is decided: one onRequest step right after authentication (app.ts), before
 * permissions. A tenant its platform suspended or deleted has none of its keys, JWTs or sessions let
 * in: 403 tenant_suspended. The status is read at most once a second per tenant and instance
 * (services/tenants/status.ts), and the instance that suspends forgets it at once, so a suspension
 * holds within a second everywhere and at once where it was made. A JWT naming a platform's merchant
 * is refused here too (services/tenants/status.ts says why).
 */
import { refuseEntry, type TenantStatusCheck } from '../services/index.js';
import type { Step } from './hook-boundary.js';

/** The onRequest step (app.ts runs it): nothing when the tenant may come in, else it throws or rejects. */
export function tenantStatusStep(status: TenantStatusCheck): Step {
  return (req) => {
    const principal = req.principal;
    // No principal: a public route or a signed link (their own checks), or no route at all.
    if (!principal) return;
    const { tenant } = principal;
    const byJwt = principal.actor.kind === 'jwt';
    const known = status.cached(tenant);
    if (known !== undefined) return refuseEntry(tenant, known, byJwt);
    return status.read(tenant).then((s) => refuseEntry(tenant, s, byJwt));
  };
}
