/**
 * Waybill acts with a carrier only on objects the tenant booked through it. Test accounts without
 * their own credentials share the operator's, so the carrier alone cannot tell tenants apart: a
 * tracking or confirmation number must be stored for this tenant before it is cancelled or put on a
 * manifest, and what acts on the whole carrier account (a manifest without numbers, the postage
 * balance) is refused on the shared identity. Numbers booked elsewhere are not supported (README
 * "Security"); tracking stays open to any number, as carriers allow it.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as pickups from '../../storage/repositories/pickups.js';
import * as shipments from '../../storage/repositories/shipments.js';
import type { MasterTestAccounts, ResolvedAccount } from '../accounts/index.js';
import { sharesMasterCredentials } from '../accounts/index.js';

export function createOwnership(deps: {
  db: Db;
  masterTestAccounts: MasterTestAccounts;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
}) {
  const { db } = deps;

  /** The tenant's stored shipment with that number and carrier; 404 before any carrier call otherwise. */
  async function shipment(tenant: string, carrier: string, trackingNumber: string): Promise<shipments.ShipmentRow> {
    const row = await shipments.findShipmentByTracking(db, tenant, trackingNumber);
    if (!row || row.carrier !== carrier) {
      throw new ApiError(
        'carrier_no_shipment_found',
        `no ${carrier} shipment ${trackingNumber} was booked through Waybill by this tenant`,
        trackingNumber,
      );
    }
    return row;
  }

  /**
   * The tenant's pickup with that confirmation number and carrier, scheduled alone (`row`) or with a
   * return; 404 not_found otherwise.
   */
  async function pickup(
    tenant: string,
    carrier: string,
    confirmationNumber: string,
  ): Promise<{ row?: pickups.PickupRow; date?: string; locationCode?: string }> {
    const row = await pickups.findPickupByConfirmation(db, tenant, confirmationNumber, carrier);
    if (row) return { row, date: row.pickup_date, ...(row.location_code ? { locationCode: row.location_code } : {}) };
    const ofReturn = await pickups.findReturnPickup(db, tenant, confirmationNumber, carrier);
    if (ofReturn)
      return {
        ...(ofReturn.pickup_date ? { date: ofReturn.pickup_date } : {}),
        ...(ofReturn.location_code ? { locationCode: ofReturn.location_code } : {}),
      };
    throw new ApiError(
      'not_found',
      `no ${carrier} pickup ${confirmationNumber} was scheduled through Waybill by this tenant`,
      confirmationNumber,
    );
  }

  /** The account acts with the carrier as the operator's shared test identity (master-accounts.ts). */
  const sharesOperatorCredentials = (account: ResolvedAccount): boolean =>
    sharesMasterCredentials(deps.masterTestAccounts, deps.declarations, account);

  /**
   * A balance is the whole carrier account's: on the shared test identity it is every tenant's, so
   * nobody reads or buys it. Waybill keeps no ledger of its own beside the carrier's, which would
   * not move with what the carrier charges.
   */
  function balance(account: ResolvedAccount): void {
    if (sharesOperatorCredentials(account)) {
      throw new ApiError(
        'carrier_unsupported_method',
        `shipping account ${account.id} uses the shared test credentials, whose postage balance is every tenant's: register a test account with its own ${account.carrier} credentials (auth) to read and buy postage`,
        `${account.carrier}.balance`,
      );
    }
  }

  /**
   * Every number of a manifest must be the tenant's. Without numbers the carrier closes out every
   * label of the credentials: on shared test credentials that is every tenant's, so the list is required.
   */
  async function manifestNumbers(tenant: string, account: ResolvedAccount, numbers: readonly string[]): Promise<void> {
    if (numbers.length === 0) {
      if (sharesOperatorCredentials(account)) {
        throw new ApiError(
          'schema_field_required',
          `manifest.tracking_numbers is required: shipping account ${account.id} uses the shared test credentials, whose other labels are not this tenant's`,
          'manifest.tracking_numbers',
        );
      }
      return;
    }
    const owned = await shipments.ownedTrackingNumbers(db, tenant, account.carrier, numbers);
    const foreign = numbers.find((n) => !owned.has(n));
    if (foreign !== undefined) {
      throw new ApiError(
        'carrier_no_shipment_found',
        `no ${account.carrier} shipment ${foreign} was booked through Waybill by this tenant`,
        foreign,
      );
    }
  }

  return { shipment, pickup, manifestNumbers, balance };
}

export type Ownership = ReturnType<typeof createOwnership>;
