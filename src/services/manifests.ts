/** POST /manifest (end-of-day close-out) and POST /validate_credentials. */
import type { Static } from 'typebox';
import type { Log } from '../logger.js';
import { isCarrierSlug } from '../carriers/declarations.js';
import type { Clock } from '../clock.js';
import { ApiError } from '../domain/errors.js';
import type { ManifestBody, ValidateCredentialsBody } from '../contract/operations.js';
import { newId } from '../storage/ids.js';
import type { CarrierCalls } from './carrier-calls.js';
import type { Ownership } from './ownership.js';
import { checkHorizon, DATE_HORIZON_DAYS } from './shipment-request.js';

type ManifestInput = Static<typeof ManifestBody>['manifest'];
type ValidateInput = Static<typeof ValidateCredentialsBody>['validate_credentials'];

export function createManifestService(deps: { calls: CarrierCalls; clock: Clock; ownership: Ownership }) {
  async function manifest(tenant: string, input: ManifestInput, log: Log) {
    const now = deps.clock.now();
    checkHorizon(input.ship_date, now, DATE_HORIZON_DAYS.ship, 'manifest.ship_date');
    const { account, call, run } = await deps.calls.prepare<'manifest'>(tenant, input, 'manifest', log);
    await deps.ownership.manifestNumbers(tenant, account, input.tracking_numbers ?? []);
    const result = await run(call, { tracking_numbers: input.tracking_numbers ?? [], ship_date: input.ship_date ?? now.toISOString().slice(0, 10), ...(account.billing_address ? { address: account.billing_address } : {}) });
    return {
      manifest: {
        id: result.carrier_manifest_id ?? newId('mf'),
        carrier: account.carrier,
        tracking_numbers: result.tracking_numbers,
        document: Buffer.from(result.document).toString('base64'),
        created: now.toISOString(),
      },
    };
  }

  async function validateCredentials(tenant: string, input: ValidateInput, log: Log): Promise<{ valid: boolean; message: string }> {
    if ('shipping_account' in input) {
      const { call, run } = await deps.calls.prepare<'validateCredentials'>(tenant, input, 'validate_credentials', log);
      return run(call);
    }
    if (!isCarrierSlug(input.carrier)) throw new ApiError('schema_validation_error', `validate_credentials.carrier ${input.carrier} is not a carrier`, 'validate_credentials.carrier');
    const { call, run } = deps.calls.prepareInline<'validateCredentials'>({ ...input, carrier: input.carrier }, 'validate_credentials', log);
    return run(call);
  }

  return { manifest, validateCredentials };
}
