/**
 * GET and POST /shippingaccount/{id}/balance: the prepaid postage of carriers that sell postage in
 * advance (the adapter's postageBalance/addPostage); other carriers answer carrier_unsupported_method.
 * A retried purchase is answered from the Idempotency-Key record (http/idempotency.ts), never bought twice.
 * The shared test credentials' balance is nobody's to read or fund (ownership.ts).
 */
import type { Log } from '../../foundations/logger.js';
import type { CarrierAdapter } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { inTransaction, recordAudit } from '../audit/index.js';
import type { CarrierCalls, Ownership } from '../kernel/index.js';

export interface BalanceView {
  balance: { amount: number; currency: string; updated: string };
}

export function createBalanceService(deps: { db: Db; calls: CarrierCalls; clock: Clock; ownership: Ownership }) {
  async function prepare<M extends 'postageBalance' | 'addPostage'>(tenant: string, id: string, method: M, log: Log) {
    const { account, adapter, call } = await deps.calls.prepareAccount(tenant, id, log);
    const fn = adapter[method] as CarrierAdapter[M];
    if (typeof fn !== 'function') {
      throw new ApiError(
        'carrier_unsupported_method',
        `${account.carrier} has no prepaid postage balance`,
        `${account.carrier}.balance`,
      );
    }
    deps.ownership.balance(account);
    return { call, run: fn.bind(adapter) as NonNullable<CarrierAdapter[M]>, carrier: account.carrier };
  }

  const view = (b: { amount: string; currency: string }): BalanceView => ({
    balance: { amount: Number(b.amount), currency: b.currency, updated: deps.clock.now().toISOString() },
  });

  async function read(tenant: string, id: string, log: Log): Promise<BalanceView> {
    const { call, run } = await prepare(tenant, id, 'postageBalance', log);
    return view(await run(call));
  }

  /**
   * Buys postage. The purchase is the carrier's, so the entry is written once it answered: a
   * refused purchase records nothing, and a bought one whose entry could not be written answers 500.
   */
  async function addFunds(
    tenant: string,
    id: string,
    funds: { amount: number; currency: string },
    log: Log,
    by: AuditContext,
  ): Promise<BalanceView> {
    const { call, run } = await prepare(tenant, id, 'addPostage', log);
    const balance = view(await run(call, funds.amount, funds.currency.toUpperCase()));
    await inTransaction(deps.db, (trx) =>
      recordAudit(trx, by, {
        action: 'funds.added',
        resource: { id },
        changes: { amount: funds.amount, currency: funds.currency.toUpperCase(), balance: balance.balance.amount },
        at: deps.clock.now(),
      }),
    );
    return balance;
  }

  return { read, addFunds };
}
