/** POST /validate_credentials: a stored account's credentials, or ones sent inline, put to the carrier. */
import type { Static } from 'typebox';
import { isCarrierSlug } from '../../carriers/declarations.js';
import type { ValidateCredentialsBody } from '../../contract/operations.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { CarrierCalls } from '../kernel/index.js';

type ValidateInput = Static<typeof ValidateCredentialsBody>['validate_credentials'];

export function createCredentialsCheck(deps: { calls: CarrierCalls }) {
  async function validate(
    tenant: string,
    input: ValidateInput,
    log: Log,
  ): Promise<{ valid: boolean; message: string }> {
    if ('shipping_account' in input) {
      const { call, run } = await deps.calls.prepare<'validateCredentials'>(tenant, input, 'validate_credentials', log);
      return run(call);
    }
    if (!isCarrierSlug(input.carrier))
      throw new ApiError(
        'schema_validation_error',
        `validate_credentials.carrier ${input.carrier} is not a carrier`,
        'validate_credentials.carrier',
      );
    const { call, run } = await deps.calls.prepareInline<'validateCredentials'>(
      { ...input, carrier: input.carrier },
      'validate_credentials',
      log,
    );
    return run(call);
  }

  return { validate };
}
