/** A stored return as the API answers it (ReturnView), its label inline when one is handed. */
import type { ReturnLine, ReturnView } from '../../contract/returns.js';
import type { ReturnSummaryRow } from '../../storage/repositories/return-list.js';
import type { ReturnRow } from '../../storage/repositories/returns.js';
import { created } from './filters.js';
import { carrierLogoUrl } from './method-view.js';

export function returnView(
  row: ReturnSummaryRow & Partial<Pick<ReturnRow<ReturnLine>, 'return_lines'>>,
  baseUrl: string,
  label?: Uint8Array,
): ReturnView {
  return {
    id: row.id,
    customer_id: row.customer_id,
    ...(row.order_id !== null ? { order_id: row.order_id } : {}),
    created: created(row.created_at),
    custom: row.custom,
    ...(row.return_lines !== undefined ? { return_lines: row.return_lines } : {}),
    return_method: { ...row.method, carrier_logo: carrierLogoUrl(baseUrl, row.method.carrier) },
    ...(row.pickup_id !== null && row.pickup_confirmation_number !== null
      ? {
          pickup: {
            id: row.pickup_id,
            confirmation_number: row.pickup_confirmation_number,
            reference_number: row.reference_number,
            ...(row.pickup_date !== null ? { date: row.pickup_date } : {}),
            ...(row.pickup_location_code !== null ? { location_code: row.pickup_location_code } : {}),
            status: row.pickup_state ?? 'SCHEDULED',
          },
        }
      : {}),
    shipment: {
      id: row.shipment_id,
      type: 'return' as const,
      tracking_number: row.tracking_number,
      reference_number: row.reference_number,
      status: row.status,
      ...(label ? { label: Buffer.from(label).toString('base64') } : {}),
    },
  };
}
