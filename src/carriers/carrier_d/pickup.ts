/**
 * Carrier pickups: `POST /pickup/v3/carrier-pickup` (carrier-pickup.yaml CarrierPickupRequest),
 * recorded as fixtures/pickup_PickupRequest.json and pickup_PickupResponse.json; cancelling is
 * `DELETE /pickup/v3/carrier-pickup/{confirmationNumber}` with the `If-Match` ETag of a
 * `GET` of the same pickup ("All DELETE and PUT operations require an ETag").
 */
import type { PickupConfirmation, PickupRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, obj, text } from '../shared/json.js';
import { toIsoDate } from '../shared/time.js';
import { pickupPackageType } from './codes.js';
import { fillPath } from '../shared/endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { wireAddress } from './mapping.js';
import type { CarrierDPickupRequest } from './wire.js';

const LB_PER_KG = 2.20462262;

export function buildPickupRequest(req: PickupRequest): CarrierDPickupRequest {
  if (req.location.country.toUpperCase() !== 'US') {
    throw new ApiError(
      'schema_validation_error',
      'carrier_d picks up in the United States only',
      'pickup.location.country',
    );
  }
  const {
    firstName,
    lastName,
    firm,
    email,
    phone: _phone,
    ignoreBadAddress: _ignore,
    ...address
  } = wireAddress(req.location);
  // One packages entry per package type, counting every package (quantity included).
  const counts = new Map<string, number>();
  let weight = 0;
  for (const s of req.shipments) {
    const type = pickupPackageType(s.service);
    for (const p of s.packages) {
      counts.set(type, (counts.get(type) ?? 0) + (p.quantity ?? 1));
      weight += p.weight * (p.quantity ?? 1) * (req.weight_units === 'KG' ? LB_PER_KG : 1);
    }
  }
  return dropUndefined<CarrierDPickupRequest>({
    pickupDate: req.time.date,
    pickupAddress: { firstName, lastName, firm, address, contact: email ? [{ email }] : undefined },
    packages: [...counts].map(([packageType, packageCount]) => ({ packageType, packageCount })),
    estimatedWeight: Math.max(1, Math.ceil(weight)),
    // carrier-pickup.yaml packageLocation: where the carrier finds the parcels; the description is the instruction.
    pickupLocation: { packageLocation: 'FRONT_DOOR', specialInstructions: req.description },
  });
}

export function parsePickupResponse(body: unknown, req?: PickupRequest): PickupConfirmation {
  throwIfError(body);
  const root = obj(body);
  const confirmation = text(root?.confirmationNumber);
  if (!root || !confirmation) throw unexpectedBody('pickup response (no confirmationNumber)');
  const date = text(root.pickupDate) ?? text(obj(root.carrierPickupRequest)?.pickupDate);
  return dropUndefined<PickupConfirmation>({
    confirmation_number: confirmation,
    currency: 'USD',
    pickup_date: (date ? toIsoDate(date) : undefined) ?? req?.time.date,
    ready_time: req?.time.ready_time,
    close_time: req?.time.close_time,
  });
}

/** Path of one pickup (GET for its ETag, DELETE to cancel). */
export function buildPickupCancelRequest(confirmationNumber: string): string {
  return fillPath(ENDPOINTS.pickupCancel.path, { confirmationNumber }, 'confirmation_number');
}

/** A 200 of the DELETE has no documented body: success is the status itself. */
export function parsePickupCancelResponse(confirmationNumber: string): { message: string } {
  return { message: `Pickup ${confirmationNumber} cancelled` };
}
