/** A shipping account's uploaded price list (services/price-lists/). */
export interface PriceListsTable {
  tenant: string;
  shipping_account: string;
  /** The bands as a JSON document, versioned (repositories/price-lists.ts owns its encoding). */
  bands: string;
  row_count: number;
  uploaded_at: string;
}
