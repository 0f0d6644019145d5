/**
 * Where a tenant's status is decided: one onRequest step right after authentication (app.ts), before
 * permissions. A tenant its platform suspended or deleted has none of its keys, JWTs or sessions let
 * in: 403 tenant_suspended. The status is read at most once a second per tenant and instance
 * (services/tenants/status.ts), and the instance that suspends forgets it at once, so a suspension
 * holds within a second everywhere and at once where it was made.
 */
import { refuseInactive, type TenantStatusCheck } from '../services/index.js';
import { guarded } from './hook-boundary.js';
import type { App } from './types.js';

export function registerTenantStatus(app: App, status: TenantStatusCheck): void {
  app.addHook(
    'onRequest',
    guarded((req) => {
      const tenant = req.principal?.tenant;
      // No principal: a public route or a signed link (their own checks), or no route at all.
      if (tenant === undefined) return;
      const known = status.cached(tenant);
      if (known !== undefined) return refuseInactive(tenant, known);
      return status.read(tenant).then((s) => refuseInactive(tenant, s));
    }),
  );
}
