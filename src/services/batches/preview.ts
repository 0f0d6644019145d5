/**
 * POST /batches/preview: what a batch would cost before anyone books it. The body is the one
 * POST /batches takes (JSON, or a CSV file with its query); each item is checked as POST /batches
 * checks it, then priced through POST /rate's path (so an account's uploaded price list prices it)
 * for the service it would be booked with: its own, else its account's default, or with
 * shipping_accounts the rate its select picks. An item that cannot be booked says why. Nothing is
 * stored and nothing is bought; items are priced a few at a time, so a file of 10,000 rows never
 * has more than `concurrency` carrier calls in flight.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { BatchInput, BatchPreview, BatchPreviewItem, CsvQuery } from '../../contract/batches.js';
import { ShipmentRequestInput } from '../../contract/shipment.js';
import { checkerFor } from '../../contract/validator.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { Clock } from '../../foundations/clock.js';
import { mapLimited } from '../../foundations/limiter.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import type { Log } from '../../foundations/logger.js';
import type { AccountsService, ResolvedAccount } from '../accounts/index.js';
import { toShipmentRequest } from '../kernel/index.js';
import { bookingAccounts, type createRatingService } from '../shipping/index.js';
import { csvItemError, type NewItem } from './csv-items.js';
import { readCsvItems } from './csv-thread.js';
import { csvSender } from './csv-sender.js';
import { jsonItems, referenceOf } from './input.js';

const checkShipment = checkerFor(ShipmentRequestInput, 'shipment');

export interface BatchPreviewDeps {
  clock: Clock;
  accounts: AccountsService;
  rating: ReturnType<typeof createRatingService>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** Items priced at once (WAYBILL_BATCH_CONCURRENCY, as the batch worker books them). */
  concurrency: number;
}

/** A batch as POST /batches takes it: its JSON body, or a CSV file with the query naming what its rows share. */
export type BatchSource =
  { kind: 'json'; batch: BatchInput } | { kind: 'csv'; file: AsyncIterable<Buffer>; query: CsvQuery };

type Rate = NonNullable<BatchPreviewItem['rate']>;

/** Every item of the batch priced or refused, and the totals per currency. */
export async function previewBatch(
  deps: BatchPreviewDeps,
  tenant: string,
  source: BatchSource,
  log: Log,
): Promise<BatchPreview> {
  const { items, labelType } = await itemsOf(deps, tenant, source);
  const accounts = new Map<string, Promise<ResolvedAccount>>();
  const accountOf = (ref: string) => {
    let p = accounts.get(ref);
    if (!p) accounts.set(ref, (p = deps.accounts.resolve(tenant, ref)));
    return p;
  };

  async function priceOf(input: ShipmentRequestInput): Promise<Rate> {
    // The checks POST /batches makes before it stores an item: every account it books with is the tenant's.
    const refs = bookingAccounts(input);
    const resolved = await Promise.all([...new Set(refs)].map(accountOf));
    // No address is checked here (validate_address): that is a call of its own at booking.
    const { validate_address: _check, reject_duplicates: _dup, ...asked } = input;
    if (input.shipping_accounts !== undefined) {
      const answer = await deps.rating.rate(tenant, asked, log);
      // bookingAccounts required select, so rating selected one (or threw no_qualifying_rate).
      return (answer as { selected: Rate }).selected;
    }
    const account = resolved[0]!;
    // What booking would refuse (no service and no default, a field a label needs) is refused here too.
    const request = toShipmentRequest(
      { ...asked, shipping_account: account.id },
      account,
      deps.declarations[account.carrier],
      {
        operation: 'ship',
        now: deps.clock.now(),
      },
    );
    const service = request.service!;
    const { rates } = await deps.rating.rate(tenant, { ...asked, service }, log);
    const rate = rates.find((r) => r.service_type === service);
    if (!rate)
      throw new ApiError(
        'no_qualifying_rate',
        `${account.carrier} answered no rate for service ${service} for this shipment`,
        'shipment.service',
      );
    return { ...rate, carrier: account.carrier, shipping_account: account.id };
  }

  // Checking 10,000 items in a row holds the event loop for a second (as on POST /batches): turns are given.
  const slice = timeSlicer();
  const priced = await mapLimited(items, deps.concurrency, async (item, index): Promise<BatchPreviewItem> => {
    await slice();
    const input = JSON.parse(item.text) as Record<string, unknown>;
    if (labelType !== undefined && input.label_type === undefined && !item.error) input.label_type = labelType;
    const base = {
      index,
      ...(item.row !== undefined ? { row: item.row } : {}),
      reference: item.reference ?? referenceOf(input),
    };
    let error = item.error ?? checkShipment(input);
    if (!error) {
      try {
        return { ...base, status: 'priced', rate: await priceOf(input as ShipmentRequestInput) };
      } catch (err) {
        error = toApiError(err);
      }
    }
    if (item.row !== undefined) error = csvItemError(error, item.row);
    return { ...base, status: 'refused', error: { code: error.code, message: error.message, detail: error.detail } };
  });
  const rates = priced.flatMap((p) => (p.rate ? [p.rate] : []));
  return {
    items: priced,
    counts: { total: priced.length, priced: rates.length, refused: priced.length - rates.length },
    totals: totalsOf(rates),
  };
}

/** The items of the batch as POST /batches reads them: a CSV's sender account is checked before its file is read. */
async function itemsOf(
  deps: BatchPreviewDeps,
  tenant: string,
  source: BatchSource,
): Promise<{ items: NewItem[]; labelType: string | undefined }> {
  if (source.kind === 'json') {
    return { items: jsonItems(source.batch), labelType: source.batch.label_type };
  }
  const account = await csvSender(deps.accounts, tenant, source.query);
  const items = await readCsvItems(tenant, source.file, {
    ...source.query,
    sender: account.billing_address as unknown as Record<string, unknown>,
  });
  return { items, labelType: source.query.label_type };
}

/** Sums per currency in exact decimals (a float sum of 10,000 prices drifts by cents), at the longest fraction given. */
export function totalsOf(rates: readonly { total_cost: string; currency: string }[]): BatchPreview['totals'] {
  const sums = new Map<string, { units: bigint; scale: number; items: number }>();
  for (const r of rates) {
    // A price is decimal text; one that is not (never seen) is taken at cents.
    const text = /^-?\d+(\.\d+)?$/.test(r.total_cost) ? r.total_cost : Number(r.total_cost || 0).toFixed(2);
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
    const s = sums.get(r.currency) ?? { units: 0n, scale: 0, items: 0 };
    const scale = Math.max(s.scale, fraction.length);
    const value = BigInt(whole + fraction.padEnd(scale, '0'));
    const units = s.units * 10n ** BigInt(scale - s.scale) + (negative ? -value : value);
    sums.set(r.currency, { units, scale, items: s.items + 1 });
  }
  return [...sums.entries()]
    .sort((a, b) => b[1].items - a[1].items || a[0].localeCompare(b[0]))
    .map(([currency, { units, scale, items }]) => ({ currency, amount: decimal(units, scale), items }));
}

function decimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
