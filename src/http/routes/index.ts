import type { App, RouteContext } from '../types.js';
import { registerAddressRoutes } from './address.js';
import { registerAuditRoutes } from './audit.js';
import { registerBalanceRoutes } from './balances.js';
import { registerBatchRoutes } from './batches.js';
import { registerBrandingRoutes } from './branding.js';
import { registerCancelRoutes } from './cancel.js';
import { registerCredentialRoutes } from './credentials.js';
import { registerDopuRoutes } from './dopu.js';
import { registerHealthRoutes } from './health.js';
import { registerKeyRoutes } from './keys.js';
import { registerListRoutes } from './lists.js';
import { registerLogoRoutes } from './logos.js';
import { registerManifestRoutes } from './manifest.js';
import { registerMergeRoutes } from './merge.js';
import { registerMetaRoutes } from './meta.js';
import { registerCarrierDescriptionRoute } from './meta-carrier.js';
import { registerPickupRoutes } from './pickups.js';
import { registerPortalRoutes } from './portal.js';
import { registerPriceListRoutes } from './price-lists.js';
import { registerPublicTrackingRoutes } from './public-tracking.js';
import { registerRateRoutes } from './rate.js';
import { registerReturnRoutes } from './returns.js';
import { registerSessionRoutes } from './session.js';
import { registerShipRoutes } from './ship.js';
import { registerShippingAccountRoutes } from './shipping-accounts.js';
import { registerTenantRoutes } from './tenants.js';
import { registerTrackRoutes } from './track.js';
import { registerUserRoutes } from './users.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerWebRoutes } from './web.js';

/**
 * The single list of route modules, one per resource.
 *
 * Every route's schema carries what /openapi.json promises (test/openapi/operations.test.ts):
 * - `operationId`: unique, camelCase verb + noun (createShipment, listReturns);
 * - `summary`;
 * - success answers wrapped in `ok('what it is', Schema)` (http/openapi.ts);
 * - a body as `withExamples(Body, examples.<operationId>)`, the example written in
 *   contract/examples.ts and sent by test/openapi/request-examples.test.ts (add a step there);
 * - errors as `...errorResponses` (an example per code of each status);
 * - its permission as `config: { permission }` (domain/permissions.ts), or `public: true`.
 */
export function registerRoutes(app: App, ctx: RouteContext): void {
  registerHealthRoutes(app, ctx);
  registerMetaRoutes(app, ctx);
  registerCarrierDescriptionRoute(app, ctx);
  registerShippingAccountRoutes(app, ctx);
  registerPriceListRoutes(app, ctx);
  registerBalanceRoutes(app, ctx);
  registerRateRoutes(app, ctx);
  registerShipRoutes(app, ctx);
  registerAddressRoutes(app, ctx);
  registerListRoutes(app, ctx);
  registerTrackRoutes(app, ctx);
  registerCancelRoutes(app, ctx);
  registerPickupRoutes(app, ctx);
  registerDopuRoutes(app, ctx);
  registerManifestRoutes(app, ctx);
  registerCredentialRoutes(app, ctx);
  registerMergeRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerReturnRoutes(app, ctx);
  registerLogoRoutes(app);
  registerPublicTrackingRoutes(app, ctx);
  registerPortalRoutes(app, ctx);
  registerWebRoutes(app, ctx);
  registerBatchRoutes(app, ctx);
  registerBrandingRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerKeyRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerTenantRoutes(app, ctx);
}
