/** What a shipping account's credentials, defaults and billing address must be, on creation and change. */
import type { CarrierDeclaration } from '../../carriers/carrier.js';
import type { ShippingAccountInput } from '../../contract/shipping-account.js';
import { checkAllowed } from '../../domain/allowed.js';
import { ApiError } from '../../domain/errors.js';
import type { Address } from '../../domain/types.js';

type Defaults = NonNullable<ShippingAccountInput['defaults']>;

export function validateAuth(decl: CarrierDeclaration, auth: Record<string, string>, requireAll: boolean): void {
  const allowed = [...decl.auth.required, ...decl.auth.optional];
  for (const member of Object.keys(auth)) {
    if (!allowed.includes(member)) {
      throw new ApiError(
        'schema_validation_error',
        `auth.${member} is not a credential of ${decl.slug}; allowed: ${allowed.join(', ')}`,
        `shipping_account.auth.${member}`,
      );
    }
  }
  if (!requireAll) return;
  for (const member of decl.auth.required) {
    if (!auth[member])
      throw new ApiError(
        'schema_field_required',
        `shipping_account.auth.${member} is required for ${decl.slug}`,
        `shipping_account.auth.${member}`,
      );
  }
}

export function validateDefaults(decl: CarrierDeclaration, defaults: Defaults, path: string): void {
  const c = decl.catalog;
  if (defaults.label_type !== undefined)
    checkAllowed(defaults.label_type, c.labelTypes, `${path}.label_type`, decl.slug);
  if (defaults.packaging_type !== undefined)
    checkAllowed(defaults.packaging_type, c.packaging, `${path}.packaging_type`, decl.slug);
  if (defaults.service !== undefined) checkAllowed(defaults.service, c.services, `${path}.service`, decl.slug);
}

export function checkBillingAddress(address: Address): void {
  for (const field of ['city', 'name', 'street1'] as const) {
    if (!address[field])
      throw new ApiError(
        'schema_field_required',
        `shipping_account.billing_address.${field} is required`,
        `shipping_account.billing_address.${field}`,
      );
  }
}
