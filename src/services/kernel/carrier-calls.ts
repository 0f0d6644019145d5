/**
 * The steps every carrier operation shares: resolve the tenant's account, check the request's
 * carrier against it, check the carrier supports the operation, and build the CarrierCall.
 */
import type { Log } from '../../foundations/logger.js';
import type {
  CarrierAdapter,
  CarrierCall,
  CarrierDeclaration,
  CarrierSlug,
  Operation,
} from '../../carriers/carrier.js';
import type { Adapters } from '../../carriers/adapters.js';
import { declarations } from '../../carriers/declarations.js';
import { ApiError } from '../../domain/errors.js';
import type { AccountsService, ResolvedAccount } from '../accounts/index.js';

/** Adapter method behind each operation of the spec's table. */
export const METHOD: Partial<Record<Operation, keyof CarrierAdapter>> = {
  rate: 'rate',
  ship: 'ship',
  track: 'track',
  cancel: 'cancel',
  pickup_availability: 'pickupAvailability',
  pickup: 'pickup',
  dopu: 'locations',
  manifest: 'manifest',
  validate_credentials: 'validateCredentials',
  validate_address: 'validateAddress',
  lookup_reference: 'lookupReference',
};

export interface CallTarget {
  shipping_account: string;
  carrier?: string;
  test?: boolean;
  debug?: boolean;
}

export interface PreparedCall<M extends keyof CarrierAdapter> {
  account: ResolvedAccount;
  adapter: CarrierAdapter;
  call: CarrierCall;
  /** The adapter's method for the operation, bound and known to exist. */
  run: NonNullable<CarrierAdapter[M]>;
}

/**
 * Clients show `error.detail` of a failed carrier call to their operators, so it is never empty:
 * an adapter's error without one names the carrier and the operation.
 */
export function withCarrierDetail(err: unknown, slug: CarrierSlug, operation: string): unknown {
  if (!(err instanceof ApiError) || err.detail !== '' || !err.code.startsWith('carrier_')) return err;
  return new ApiError(err.code, err.message, `${slug} ${operation}`, {
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    cause: err,
  });
}

/** carrier_unsupported_method, with the carrier's note, for an operation its declaration does not list. */
function requireDeclared(decl: CarrierDeclaration, operation: Operation): void {
  if (decl.operations.includes(operation)) return;
  const note = decl.unsupportedNotes?.[operation];
  throw new ApiError(
    'carrier_unsupported_method',
    `${decl.slug} does not support ${operation}${note ? `: ${note}` : ''}`,
    `${decl.slug}.${operation}`,
  );
}

export function createCarrierCalls(deps: { accounts: AccountsService; adapters: Adapters }) {
  /** `method` names the adapter method when it is not the operation's usual one (cancelPickup under pickup). */
  function requireOperation<M extends keyof CarrierAdapter>(
    adapter: CarrierAdapter,
    operation: Operation,
    method: keyof CarrierAdapter | undefined = METHOD[operation],
  ): NonNullable<CarrierAdapter[M]> {
    const decl = adapter.declaration;
    requireDeclared(decl, operation);
    const fn = method ? adapter[method] : undefined;
    if (typeof fn !== 'function') {
      const what = method && method !== METHOD[operation] ? method : operation;
      throw new ApiError(
        'carrier_unsupported_method',
        `${what} for ${decl.slug} is not available in this version of Waybill`,
        `${decl.slug}.${what}`,
      );
    }
    const bound = fn.bind(adapter) as (...args: unknown[]) => Promise<unknown>;
    const run = async (...args: unknown[]) => {
      try {
        return await bound(...args);
      } catch (err) {
        throw withCarrierDetail(err, decl.slug, operation);
      }
    };
    return run as NonNullable<CarrierAdapter[M]>;
  }

  /** A call on credentials given inline (validate_credentials before registering an account). */
  async function prepareInline<M extends keyof CarrierAdapter>(
    target: { carrier: CarrierSlug; country: string; auth: Record<string, string>; test?: boolean },
    operation: Operation,
    log: Log,
  ) {
    const adapter = await adapterFor(target.carrier, operation);
    const run = requireOperation<M>(adapter, operation);
    const call: CarrierCall = {
      auth: target.auth,
      test: target.test === true,
      debug: false,
      country: target.country,
      log,
    };
    return { adapter, call, run };
  }

  /** The tenant's account named by the request, checked against the request's `carrier`. */
  async function resolveAccount(tenant: string, target: CallTarget): Promise<ResolvedAccount> {
    // Validation hands over account numbers sent as JSON integers as text; String() makes sure.
    const account = await deps.accounts.resolve(tenant, String(target.shipping_account));
    if (target.carrier !== undefined && target.carrier !== account.carrier) {
      throw new ApiError(
        'shipping_account_wrong_carrier',
        `shipping account ${account.id} belongs to ${account.carrier}, not ${target.carrier}`,
        'carrier',
      );
    }
    return account;
  }

  /**
   * The account `resolveAccount` would give, when it is in memory now, without a promise: the hot
   * path of a repeated /track. Undefined otherwise, also when it names another carrier (resolveAccount
   * says why).
   */
  function peekAccount(tenant: string, target: CallTarget, now: number): ResolvedAccount | undefined {
    const account = deps.accounts.peek(tenant, String(target.shipping_account), now);
    return account !== undefined && (target.carrier === undefined || target.carrier === account.carrier)
      ? account
      : undefined;
  }

  async function prepare<M extends keyof CarrierAdapter>(
    tenant: string,
    target: CallTarget,
    operation: Operation,
    log: Log,
    method?: M,
  ): Promise<PreparedCall<M>> {
    return prepareFor(await resolveAccount(tenant, target), target, operation, log, method);
  }

  /** The call on an account already resolved (rate shopping resolves every account first). */
  async function prepareFor<M extends keyof CarrierAdapter>(
    account: ResolvedAccount,
    target: Omit<CallTarget, 'shipping_account'>,
    operation: Operation,
    log: Log,
    method?: M,
  ): Promise<PreparedCall<M>> {
    const adapter = await adapterFor(account.carrier, operation);
    const run = requireOperation<M>(adapter, operation, method);
    const call: CarrierCall = {
      auth: account.auth,
      // An account registered for testing always talks to the carrier's test servers.
      test: account.test || target.test === true,
      debug: target.debug ?? false,
      country: account.country,
      log,
    };
    return { account, adapter, call, run };
  }

  /** A call on the tenant's account for the adapter's own methods, outside the spec's operation table. */
  async function prepareAccount(
    tenant: string,
    id: string,
    log: Log,
  ): Promise<{ account: ResolvedAccount; adapter: CarrierAdapter; call: CarrierCall }> {
    const account = await resolveAccount(tenant, { shipping_account: id });
    const call: CarrierCall = { auth: account.auth, test: account.test, debug: false, country: account.country, log };
    return { account, adapter: await deps.adapters[account.carrier](), call };
  }

  /**
   * The carrier's adapter, loaded with its first call. An operation the carrier does not declare is
   * refused first, so that asking for it loads nothing.
   */
  async function adapterFor(carrier: CarrierSlug, operation: Operation): Promise<CarrierAdapter> {
    requireDeclared(declarations[carrier], operation);
    return deps.adapters[carrier]();
  }

  /** The carrier declares the operation: what a call would find, without loading its adapter. */
  function supports(carrier: CarrierSlug, operation: Operation): boolean {
    return declarations[carrier].operations.includes(operation);
  }

  return {
    resolveAccount,
    peekAccount,
    prepare,
    prepareFor,
    prepareAccount,
    prepareInline,
    requireOperation,
    supports,
  };
}

export type CarrierCalls = ReturnType<typeof createCarrierCalls>;
