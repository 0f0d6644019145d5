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
}
