/**
 * A tenant name: what `keys create --tenant` accepts, and what a JWT's `sub` must be. Names differing
 * only by spaces or case tricks are not the same tenant, so nothing but these characters is allowed.
 */
export const TENANT_NAME = /^[A-Za-z0-9._-]{1,100}$/;

export const isTenantName = (value: unknown): value is string => typeof value === 'string' && TENANT_NAME.test(value);
