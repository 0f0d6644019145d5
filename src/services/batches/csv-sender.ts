import type { CsvQuery } from '../../contract/batches.js';
import { ApiError } from '../../domain/errors.js';
import type { AccountsService, ResolvedAccount } from '../accounts/index.js';

/**
 * The account a CSV batch ships from: its query's shipping_account, or the first of
 * shipping_accounts (with select: every row shops among them). Every one must be the tenant's.
 */
export async function csvSender(accounts: AccountsService, tenant: string, q: CsvQuery): Promise<ResolvedAccount> {
  const shopping = q.shipping_accounts !== undefined;
  if (shopping && q.shipping_account !== undefined)
    throw new ApiError(
      'schema_validation_error',
      'send query parameter shipping_account or shipping_accounts, not both',
      'shipping_accounts',
    );
  if (!shopping && q.shipping_account === undefined) {
    throw new ApiError(
      'schema_field_required',
      'query parameter shipping_account (or shipping_accounts with select) is required for a CSV batch (the account every row ships with)',
      'shipping_account',
    );
  }
  if (!shopping && q.select !== undefined)
    throw new ApiError(
      'schema_validation_error',
      'query parameter select chooses among the rates of shipping_accounts; send shipping_accounts (once per account)',
      'select',
    );
  if (shopping && q.select === undefined)
    throw new ApiError(
      'schema_field_required',
      'query parameter select (cheapest, fastest or best_value) is required with shipping_accounts',
      'select',
    );
  if (shopping && q.service !== undefined)
    throw new ApiError(
      'schema_validation_error',
      'query parameter service cannot be combined with shipping_accounts: the selected rate names the service',
      'service',
    );
  // An account no row could book with refuses the whole file, as an unknown shipping_account does.
  const refs = [...new Set((q.shipping_accounts ?? [q.shipping_account!]).map(String))];
  const [sender] = await Promise.all(refs.map((ref) => accounts.resolve(tenant, ref)));
  if (!sender!.billing_address) {
    const param = shopping ? 'shipping_accounts' : 'shipping_account';
    throw new ApiError(
      'schema_field_required',
      `shipping account ${sender!.id}${shopping ? ' (the first of shipping_accounts)' : ''} has no billing_address; a CSV batch ships from it, so give the account one first`,
      param,
    );
  }
  return sender!;
}
