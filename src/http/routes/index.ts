import type { App, RouteContext } from '../types.js';
import { registerHealthRoutes } from './health.js';
import { registerMetaRoutes } from './meta.js';
import { registerShippingAccountRoutes } from './shipping-accounts.js';

/** The single list of route modules, one per resource. */
export function registerRoutes(app: App, ctx: RouteContext): void {
  registerHealthRoutes(app, ctx);
  registerMetaRoutes(app, ctx);
  registerShippingAccountRoutes(app, ctx);
}
