/** An Idempotency-Key's record, and the booking call a /ship under it has not stored yet. */

export interface IdempotencyTable {
  tenant: string;
  key: string;
  /** Method and path the key was first used with, plus a SHA-256 of the body. */
  fingerprint: string;
  /** in_progress | done */
  state: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
  expires_at: string;
  /** JSON `{"actor": "key:<id>", "permissions": […]}` of who made the request; null: a batch item's, or older. */
  principal: string | null;
}

/** A /ship call whose outcome is not yet stored (migrations/20261128_0039_booking_intents.ts). */
export interface BookingIntentsTable {
  tenant: string;
  key: string;
  shipment: string;
  extras: string | null;
  acted_by: string | null;
  called_at: string;
  check_after: string;
  attempts: number;
  /** When the call ended with its outcome unknown (migrations/20261128_0042_booking_intents_lost.ts). */
  answer_lost_at: string | null;
}
