/**
 * What a return method must name to complete, checked when it is made and whenever it changes:
 * everything against its account's carrier (its declaration, its catalog, this build's adapter),
 * and where its parcels go.
 */
import type { Address } from '../../domain/types.js';
import { checkAllowed } from '../../domain/allowed.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { ResolvedAccount } from '../accounts/index.js';
import { defaultPackaging, type CarrierCalls } from '../kernel/index.js';
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';

export interface MethodToCheck {
  type: string;
  service: string;
  packaging?: string | null;
  label_type?: string | null;
  /** The method's own destination. */
  destination?: Address | null;
}

/** A destination is a label's recipient: what every carrier's label needs must be there. */
function checkDestination(destination: Address): void {
  const address = destination as unknown as Record<string, unknown>;
  for (const field of ['name', 'street1', 'city', 'country'])
    if (typeof address[field] !== 'string' || (address[field] as string).trim() === '')
      throw new ApiError(
        'schema_field_required',
        `return_method.destination.${field} is required: returned parcels are labelled to it`,
        `return_method.destination.${field}`,
      );
}

/**
 * Everything a method names is checked against its account's carrier: first what the carrier does
 * at all (its declaration), then its catalog, then what this build's adapter can do.
 */
export async function checkMethod(
  deps: { calls: CarrierCalls; declarations: Record<CarrierSlug, CarrierDeclaration> },
  tenant: string,
  accountId: string,
  m: MethodToCheck,
  log: Log,
): Promise<ResolvedAccount> {
  const { calls, declarations } = deps;
  const target = { shipping_account: accountId };
  const account = await calls.resolveAccount(tenant, target);
  const decl = declarations[account.carrier];
  const slug = decl.slug;
  if (m.type === 'pickup' && !decl.operations.includes('pickup')) {
    throw new ApiError(
      'carrier_unsupported_method',
      `return_method.type "pickup": ${slug} does not pick up parcels; use a drop_off method`,
      'return_method.type',
    );
  }
  if (m.type === 'drop_off' && !decl.operations.includes('dopu') && !decl.retailDropOff) {
    throw new ApiError(
      'carrier_unsupported_method',
      `return_method.type "drop_off": ${slug} has neither drop-off locations nor retail counters to hand a parcel in`,
      'return_method.type',
    );
  }
  // The carrier collects from the customer and brings the parcel to the method's destination, else
  // the account's billing address: with neither, every return through the method would fail at its
  // last step (the customer's).
  if (m.type === 'pickup' && !m.destination && !account.billing_address) {
    throw new ApiError(
      'schema_field_required',
      `return_method.destination is required for a pickup return method on shipping account ${account.id}, which has no billing_address for returned parcels to go to: give the method a destination or the account a billing address`,
      'return_method.destination',
    );
  }
  if (m.destination) checkDestination(m.destination);
  checkAllowed(m.service, decl.catalog.services, 'return_method.service', slug);
  if (m.packaging) checkAllowed(m.packaging, decl.catalog.packaging, 'return_method.packaging', slug);
  // Neither packaging nor label_type is a field of the spec's return method: both default as /rate does.
  else if (!defaultPackaging(decl, account.defaults))
    throw new ApiError(
      'schema_field_required',
      `return_method.packaging is required: ${slug} has no your_packaging and the shipping account sets no defaults.packaging_type`,
      'return_method.packaging',
    );
  if (m.label_type) checkAllowed(m.label_type, decl.catalog.labelTypes, 'return_method.label_type', slug);
  // Booking the label is what every return does: a carrier that cannot book here has no returns yet.
  const { adapter } = await calls.prepare<'ship'>(tenant, target, 'ship', log);
  if (m.type === 'pickup') calls.requireOperation(adapter, 'pickup');
  return account;
}
