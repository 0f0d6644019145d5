/** A return method as the API answers it, as a return keeps it, and as the audit log records it. */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { ReturnMethodView } from '../../contract/returns.js';
import type * as repo from '../../storage/repositories/return-methods.js';
import type { ReturnMethodCopy } from '../../storage/repositories/returns.js';

/** The neutral mark this service serves for a carrier (GET /logos/{slug}.svg): never a brand. */
export function carrierLogoUrl(baseUrl: string, carrier: string): string {
  return `${baseUrl}/logos/${carrier}.svg`;
}

/** The method as a return keeps it (spec "Return method"), without the logo URL, which depends on the host. */
export function methodSummary(row: repo.ReturnMethodRow, decl: CarrierDeclaration): ReturnMethodCopy {
  return {
    id: row.id,
    carrier: row.carrier,
    carrier_name: decl.name,
    method_name: row.method_name,
    type: row.type,
    cost: { carrier_charge: row.carrier_charge, customer_charge: row.customer_charge },
    return_charge: row.return_charge,
  };
}

/** A stored method as the API answers it. */
export function methodView(
  declarations: Record<CarrierSlug, CarrierDeclaration>,
  row: repo.ReturnMethodRow,
  baseUrl: string,
): ReturnMethodView {
  const summary = methodSummary(row, declarations[row.carrier as CarrierSlug]);
  return {
    ...summary,
    carrier_logo: carrierLogoUrl(baseUrl, row.carrier),
    shipping_account: row.shipping_account_id,
    service: row.service,
    ...(row.packaging !== null ? { packaging: row.packaging } : {}),
    ...(row.label_type !== null ? { label_type: row.label_type } : {}),
    ...(row.destination !== null ? { destination: row.destination } : {}),
    created: row.created_at,
  };
}

/** The method's own fields as the audit log keeps them. */
export const auditedMethod = (r: repo.ReturnMethodRow) => ({
  shipping_account: r.shipping_account_id,
  method_name: r.method_name,
  type: r.type,
  service: r.service,
  customer_charge: r.customer_charge,
  return_charge: r.return_charge,
  // Where its returns go: its own address, or null for its account's billing address.
  destination: r.destination,
});
