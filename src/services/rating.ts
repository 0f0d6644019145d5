/** POST /rate: estimated cost and transit time for a shipment, per service. */
import type { Log } from '../logger.js';
import type { Clock } from '../clock.js';
import type { Rate } from '../domain/types.js';
import type { ShipmentInput } from '../contract/shipment.js';
import type { CarrierCalls } from './carrier-calls.js';
import { toShipmentRequest } from './shipment-request.js';

export function createRatingService(deps: { calls: CarrierCalls; clock: Clock }) {
  async function rate(tenant: string, input: ShipmentInput, log: Log): Promise<{ rates: Rate[] }> {
    const { account, adapter, call, run } = await deps.calls.prepare<'rate'>(tenant, input, 'rate', log);
    const req = toShipmentRequest(input, account, adapter.declaration, { operation: 'rate', now: deps.clock.now() });
    const rates = await run(call, req);
    // Carriers that cannot filter server-side still answer only for the service asked for.
    return { rates: req.service ? rates.filter((r) => r.service_type === req.service) : rates };
  }
  return { rate };
}
