/** Address rules the carriers share. */
import type { Address } from '../../domain/types.js';

/** A shipment leaves the sender's country: customs, international services and labels apply. */
export function isInternational(req: { sender: Address; recipient: Address }): boolean {
  return req.sender.country.toUpperCase() !== req.recipient.country.toUpperCase();
}
