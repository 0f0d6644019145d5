/**
 * Platforms and their merchants (README "Platforms"), above identity/ (a merchant's first key and
 * owner invitation): /tenants, GET /usage, and the status the step after authentication asks.
 */
export { createTenants, type Tenants } from './tenants.js';
export {
  createTenantStatus,
  refuseEntry,
  refuseInactive,
  type TenantState,
  type TenantStatus,
  type TenantStatusCheck,
} from './status.js';
