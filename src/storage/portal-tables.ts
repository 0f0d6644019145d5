/** The returns portal's links (services/portal.ts): what a signed portal URL stands for. */

export interface PortalLinksTable {
  id: string;
  tenant: string;
  customer_id: string;
  order_id: string;
  /** Customer, lines, methods, reasons and units as the merchant sent them, JSON. */
  data: string;
  expires_at: string;
  created_at: string;
}
