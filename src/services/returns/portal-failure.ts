/**
 * What a customer hears when a return through a portal link fails. Most failures there are the
 * merchant's to fix (a method's setup, an account's address, a carrier refusing the merchant's
 * credentials): the customer gets a calm sentence, the merchant the detail, in the service's log
 * and in the audit log (`return.failed`).
 */
import type { AuditContext } from '../../domain/audit.js';
import { ApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import { inTransaction, recordAudit } from '../audit/index.js';

/** A carrier or the service busy for a moment: the page already says "try again in a few minutes". */
const PASSING = new Set([
  'carrier_http_exception',
  'carrier_failed_connection',
  'carrier_timeout',
  'carrier_throttling',
  'service_unavailable',
  'rate_limited',
  'idempotency_key_in_use',
]);

export const CUSTOMER_SENTENCE =
  'This return cannot be made online just now. The shop has been told; please contact them to arrange it, or try another way of sending it.';

export async function toCustomerFailure(
  err: unknown,
  ctx: { db: Db; log: Log; by: AuditContext; linkId: string; methodId: string; at: Date },
): Promise<unknown> {
  if (!(err instanceof ApiError) || PASSING.has(err.code)) return err;
  ctx.log.warn(
    { err, portal_link: ctx.linkId, return_method: ctx.methodId },
    'a return through a portal link failed on the merchant’s setup',
  );
  await inTransaction(ctx.db, (trx) =>
    recordAudit(trx, ctx.by, {
      action: 'return.failed',
      changes: {
        portal_link: ctx.linkId,
        return_method: ctx.methodId,
        code: err.code,
        message: err.message,
        detail: err.detail,
      },
      at: ctx.at,
    }),
  ).catch((auditErr: unknown) =>
    ctx.log.error({ err: auditErr }, 'the failed portal return could not be written to the audit log'),
  );
  return new ApiError('conflict', CUSTOMER_SENTENCE, 'return');
}
