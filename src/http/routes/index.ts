import type { App, RouteContext } from '../types.js';
import { registerAddressRoutes } from './address.js';
import { registerCancelRoutes } from './cancel.js';
import { registerDopuRoutes } from './dopu.js';
import { registerHealthRoutes } from './health.js';
import { registerManifestRoutes } from './manifest.js';
import { registerMergeRoutes } from './merge.js';
import { registerMetaRoutes } from './meta.js';
import { registerCarrierDescriptionRoute } from './meta-carrier.js';
import { registerPickupRoutes } from './pickups.js';
import { registerRateRoutes } from './rate.js';
import { registerReturnRoutes } from './returns.js';
import { registerShipRoutes } from './ship.js';
import { registerShippingAccountRoutes } from './shipping-accounts.js';
import { registerTrackRoutes } from './track.js';
import { registerWebhookRoutes } from './webhooks.js';

/** The single list of route modules, one per resource. */
export function registerRoutes(app: App, ctx: RouteContext): void {
  registerHealthRoutes(app, ctx);
  registerMetaRoutes(app, ctx);
  registerCarrierDescriptionRoute(app, ctx);
  registerShippingAccountRoutes(app, ctx);
  registerRateRoutes(app, ctx);
  registerShipRoutes(app, ctx);
  registerAddressRoutes(app, ctx);
  registerTrackRoutes(app, ctx);
  registerCancelRoutes(app, ctx);
  registerPickupRoutes(app, ctx);
  registerDopuRoutes(app, ctx);
  registerManifestRoutes(app, ctx);
  registerMergeRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerReturnRoutes(app, ctx);
}
