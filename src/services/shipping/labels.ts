/** GET /labels/{id}, by key or through a signed URL: a voided shipment's label is never handed out. */
import { labelContentType } from '../../documents/index.js';
import { ApiError } from '../../domain/errors.js';
import * as shipments from '../../storage/repositories/shipments.js';
import type { ShippingDeps } from './shipping-deps.js';

export async function readLabel(
  deps: ShippingDeps,
  tenant: string,
  id: string,
): Promise<{ contentType: string; bytes: Uint8Array; format: string }> {
  const { db } = deps;
  const row = await shipments.getLabel(db, tenant, id);
  if (!row) throw new ApiError('not_found', `label ${id} was not found`, id);
  await usable(deps, row);
  return { contentType: labelContentType(row.format), bytes: row.data, format: row.format };
}

/** A voided (cancelled, refunded) shipment's label would ship a parcel nobody paid for: 410, not its bytes. */
async function usable(deps: ShippingDeps, row: shipments.LabelRow): Promise<void> {
  const { db } = deps;
  const shipment = await shipments.getShipment(db, row.tenant, row.shipment_id);
  if (shipment?.status === 'voided') {
    throw new ApiError(
      'label_voided',
      `label ${row.id} belongs to shipment ${shipment.id} voided at ${shipment.voided_at}: it can no longer be used; book a new shipment`,
      row.id,
    );
  }
}

/** A label through its signed URL, without a key: the signature names the tenant that owns it. */
export async function readSignedLabel(
  deps: ShippingDeps,
  id: string,
  proof: { expires?: string; signature?: string },
): Promise<{ contentType: string; bytes: Uint8Array; format: string }> {
  const { db } = deps;
  const row = await shipments.getLabelById(db, id);
  if (!row) throw deps.links.notFound('label');
  deps.links.verify('label', row.tenant, id, { expires: proof.expires, signature: proof.signature });
  await usable(deps, row);
  return { contentType: labelContentType(row.format), bytes: row.data, format: row.format };
}
