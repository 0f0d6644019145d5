/**
 * Where permissions are decided: one onRequest step, right after authentication (app.ts). Every
 * route declares what it needs in its config (`config: { permission: 'shipments.buy' }`, from
 * domain/permissions.ts); a principal whose role or key scope lacks it is answered 403 forbidden,
 * the message and detail naming the permission. A route that is neither public nor declares one is
 * refused to everyone, so a forgotten declaration fails closed (and test/openapi/permissions.test.ts
 * finds it). The declaration is also written into the route's OpenAPI operation as `x-permission`.
 */
import { ApiError } from '../domain/errors.js';
import type { Permission } from '../domain/permissions.js';
import { grantText, type Principal } from '../domain/principal.js';
import type { Step } from './hook-boundary.js';
import type { App } from './types.js';

/** The refusal for a principal that lacks the route's permission; undefined when it may go on. */
export function decide(what: string, permission: Permission | undefined, principal: Principal): ApiError | undefined {
  if (permission === undefined)
    return new ApiError('forbidden', `${what} declares no permission, so no one may call it`, 'permission');
  if (principal.permissions.has(permission)) return undefined;
  return new ApiError(
    'forbidden',
    `${what} needs the permission ${permission}, which ${grantText(principal.grant)} does not have`,
    permission,
  );
}

/**
 * Writes each route's declaration into its operation, and returns the onRequest step that applies
 * it (app.ts runs it).
 */
export function registerPermissions(app: App): Step {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission !== undefined && route.schema)
      route.schema = { ...route.schema, 'x-permission': permission } as typeof route.schema;
  });
  return (req) => {
    const principal = req.principal;
    // No principal: a public route, what a signed link opens, or no route at all; nothing to decide.
    if (!principal) return;
    const route = req.routeOptions;
    const permission = route.config.permission;
    // Allowed (nearly every request): the route's name for a refusal is not even written.
    if (permission !== undefined && principal.permissions.has(permission)) return;
    const refusal = decide(`${req.method} ${route.url}`, permission, principal);
    if (refusal) throw refusal;
  };
}
