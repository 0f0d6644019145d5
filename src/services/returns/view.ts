/** A stored return as the API answers it (ReturnView), its label inline when one is handed. */
import type { ReturnLine, ReturnView } from '../../contract/returns.js';
import type { ReturnSummaryRow } from '../../storage/repositories/return-list.js';
import type { CustomPair, ReturnRow } from '../../storage/repositories/returns.js';
import { created } from './filters.js';
import { carrierLogoUrl } from './methods.js';

export function returnView(
  row: ReturnSummaryRow & Partial<Pick<ReturnRow, 'return_lines'>>,
  baseUrl: string,
  label?: Uint8Array,
): ReturnView {
  const method = JSON.parse(row.method) as Omit<ReturnView['return_method'], 'carrier_logo'>;
  return {
    id: row.id,
    customer_id: row.customer_id,
    ...(row.order_id !== null ? { order_id: row.order_id } : {}),
    created: created(row.created_at),
    custom: JSON.parse(row.custom) as CustomPair[],
    ...(row.return_lines !== undefined ? { return_lines: JSON.parse(row.return_lines) as ReturnLine[] } : {}),
    return_method: { ...method, carrier_logo: carrierLogoUrl(baseUrl, method.carrier) },
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
