/**
 * Batch label purchase: a batch is stored with its items queued and answered at once; the batch
 * worker (batch-worker.ts) books them in the background. Items are checked one by one here: an
 * element that is not a valid /ship shipment fails itself, the others go on.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { LabelWork } from '../../documents/index.js';
import type { Clock } from '../../foundations/clock.js';
import {
  type BatchInput,
  type BatchItemsQuery,
  type BatchItemView,
  type BatchView,
  type CsvQuery,
} from '../../contract/batches.js';
import { ShipmentRequestInput } from '../../contract/shipment.js';
import { checkerFor } from '../../contract/validator.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import * as repo from '../../storage/repositories/batches.js';
import type { AccountsService, ResolvedAccount } from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { csvItemError, type NewItem } from './csv.js';
import { csvSender } from './csv-sender.js';
import { readCsvItems } from './csv-thread.js';
import { printFile as openPrintFile, printFormats, type PrintFormat } from './labels.js';
import { failedInputJson, jsonItems, referenceOf } from './input.js';
import { laneOf } from './lanes.js';
import { batchView, finishIfDone, viewOf } from './state.js';
import { timeSlicer } from '../../foundations/time-slice.js';
import { decodeBooking, recordEvent } from '../kernel/index.js';
import type { createManifestService } from '../account-actions/index.js';
import { bookingAccounts } from '../shipping/index.js';

const checkShipment = checkerFor(ShipmentRequestInput, 'shipment');
const errorJson = (e: ApiError) => JSON.stringify({ code: e.code, message: e.message, detail: e.detail });

export interface BatchesDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  manifests: ReturnType<typeof createManifestService>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** The label work threads: a print file's label that the PDF reader refused is copied there. */
  labels: Pick<LabelWork, 'copyPdfPages'>;
}

export function createBatchesService(deps: BatchesDeps) {
  const { db, clock } = deps;

  async function find(tenant: string, id: string): Promise<repo.BatchRow> {
    const b = await repo.getBatch(db, tenant, id);
    // Another tenant's batch is as unknown as a batch that never existed.
    if (!b) throw new ApiError('not_found', `batch ${id} was not found`, id);
    return b;
  }

  /** Stores the batch with every item queued (or failed when it cannot be booked as given). */
  async function create(
    tenant: string,
    spec: { items: NewItem[]; label_type?: string; reference?: string; source: 'json' | 'csv' },
    by: AuditContext,
  ): Promise<BatchView> {
    const now = clock.now().toISOString();
    const id = newId('bat');
    const accounts = new Map<string, Promise<ResolvedAccount | ApiError>>();
    const accountOf = (ref: string) => {
      let p = accounts.get(ref);
      if (!p) accounts.set(ref, (p = deps.accounts.resolve(tenant, ref).catch((err: unknown) => toApiError(err))));
      return p;
    };
    // Every account the item books with (its one, or those it shops among) must be the tenant's, as on /ship.
    const accountsOf = async (input: ShipmentRequestInput): Promise<ResolvedAccount[] | ApiError> => {
      let refs;
      try {
        refs = bookingAccounts(input);
      } catch (err) {
        return toApiError(err);
      }
      const resolved = [];
      for (const ref of new Set(refs)) {
        const account = await accountOf(ref);
        if (account instanceof ApiError) return account;
        resolved.push(account);
      }
      return resolved;
    };
    // Items are checked first, each parsed from its text and written back as checked (the check fills
    // defaults and coerces types), so that the batch is held as 10,000 strings, never as 10,000
    // shipments' objects; their rows are made from them as they are inserted, a chunk at a time.
    // Both give the event loop its turns: checking 10,000 shipments at once held it for a second.
    const slice = timeSlicer();
    const checked: { error: ApiError | undefined; lane: string | null; reference: string | null }[] = [];
    for (const item of spec.items) {
      await slice();
      const input = JSON.parse(item.text) as Record<string, unknown>;
      if (spec.label_type !== undefined && input.label_type === undefined && !item.error)
        input.label_type = spec.label_type;
      let error = item.error ?? checkShipment(input);
      let lane: string | null = null;
      if (!error) {
        const resolved = await accountsOf(input as ShipmentRequestInput);
        if (resolved instanceof ApiError) error = resolved;
        else lane = laneOf(resolved.map((a) => a.carrier));
      }
      if (error && item.row !== undefined) error = csvItemError(error, item.row);
      // A text the check left as it was stays the one string the request holds too.
      const text = error ? failedInputJson(input) : JSON.stringify(input);
      if (text !== item.text) item.text = text;
      checked.push({ error, lane, reference: item.reference ?? referenceOf(input) });
    }
    const rowOf = (idx: number): repo.BatchItemRow => {
      const { error, lane, reference } = checked[idx]!;
      return {
        batch_id: id,
        idx,
        tenant,
        row: spec.items[idx]!.row ?? null,
        reference,
        carrier: lane,
        input: spec.items[idx]!.text,
        status: error ? 'failed' : 'queued',
        attempt: 1,
        queued_at: now,
        lease_owner: null,
        lease_until: null,
        shipment_id: null,
        label_ids: null,
        error: error ? errorJson(error) : null,
        updated_at: now,
      };
    };
    const batch: repo.BatchRow = {
      id,
      tenant,
      status: 'queued',
      reference: spec.reference ?? null,
      label_type: spec.label_type ?? null,
      source: spec.source,
      total: spec.items.length,
      created_at: now,
      completed_at: null,
    };
    const refused = checked.filter((c) => c.error).length;
    // Stored over many short transactions, the batch seen (and its items booked) only once the last
    // is stored, with its audit entry. A store that fails leaves what a crash would: the batch worker removes it later.
    await repo.storeBatch(db, batch, spec.items.length, rowOf, slice);
    await db.transaction().execute(async (trx) => {
      await repo.publishBatch(trx, batch);
      await recordAudit(trx, by, {
        action: 'batch.started',
        resource: { id },
        changes: {
          source: spec.source,
          items: spec.items.length,
          refused,
          ...(spec.reference ? { reference: spec.reference } : {}),
        },
        at: new Date(now),
      });
    });
    // A batch whose every item failed its checks is finished already.
    if (checked.every((c) => c.error)) await finishIfDone(db, id, clock.now());
    return viewOf(db, (await repo.getBatch(db, tenant, id))!);
  }

  function createFromJson(tenant: string, input: BatchInput, by: AuditContext): Promise<BatchView> {
    return create(
      tenant,
      {
        items: jsonItems(input),
        source: 'json',
        ...(input.label_type ? { label_type: input.label_type } : {}),
        ...(input.reference ? { reference: input.reference } : {}),
      },
      by,
    );
  }

  /** The file is read once the query is known to be right: a wrong account refuses it unread. */
  async function createFromCsv(
    tenant: string,
    file: AsyncIterable<Buffer>,
    q: CsvQuery,
    by: AuditContext,
  ): Promise<BatchView> {
    const account = await csvSender(deps.accounts, tenant, q);
    const items = await readCsvItems(tenant, file, {
      ...q,
      sender: account.billing_address as unknown as Record<string, unknown>,
    });
    return create(
      tenant,
      {
        items,
        source: 'csv',
        ...(q.label_type ? { label_type: q.label_type } : {}),
        ...(q.reference ? { reference: q.reference } : {}),
      },
      by,
    );
  }

  /** The batch, with the print file formats its booked labels fit (asked of one batch, not of a list). */
  async function read(tenant: string, id: string): Promise<BatchView> {
    const view = await viewOf(db, await find(tenant, id));
    return { ...view, print_formats: await printFormats(db, tenant, id) };
  }

  async function list(
    tenant: string,
    q: { page?: number; pageSize?: number },
  ): Promise<{ items: BatchView[]; total: number }> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const { rows, total } = await repo.listBatches(db, tenant, { limit: pageSize, offset: (page - 1) * pageSize });
    const counts = await repo.countsOf(
      db,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => batchView(r, counts.get(r.id)!)), total };
  }

  async function items(
    tenant: string,
    id: string,
    q: BatchItemsQuery,
  ): Promise<{ items: BatchItemView[]; total: number }> {
    await find(tenant, id);
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 50;
    const { rows, total } = await repo.listItems(db, id, {
      ...(q.status ? { status: q.status } : {}),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const shipments = new Map(
      (
        await repo.shipmentSummaries(
          db,
          rows.flatMap((r) => (r.shipment_id ? [r.shipment_id] : [])),
        )
      ).map((s) => [s.id, s]),
    );
    const views = rows.map((r): BatchItemView => {
      const s = r.shipment_id ? shipments.get(r.shipment_id) : undefined;
      const booking = s ? decodeBooking(s.response, s.id) : undefined;
      const costs = booking?.costs;
      return {
        index: r.idx,
        ...(r.row !== null ? { row: r.row } : {}),
        reference: r.reference,
        status: r.status as BatchItemView['status'],
        ...(s
          ? {
              shipment: {
                id: s.id,
                tracking_number: s.tracking_number,
                carrier: s.carrier,
                service: s.service,
                ...(costs ? { costs } : {}),
                ...(booking?.recovered ? { recovered: booking.recovered } : {}),
              },
            }
          : {}),
        ...(r.error ? { error: JSON.parse(r.error) as BatchItemView['error'] } : {}),
      };
    });
    return { items: views, total };
  }

  /** Failed items back in the queue; the batch is in progress again and completes (with its event) again. */
  async function retry(
    tenant: string,
    id: string,
    opts: { includeInterrupted: boolean; indexes?: number[] },
  ): Promise<BatchView> {
    const b = await find(tenant, id);
    if (b.status === 'cancelled')
      throw new ApiError('conflict', `batch ${id} was cancelled; its items cannot be retried`, id);
    const now = clock.now().toISOString();
    const slice = timeSlicer();
    await db.transaction().execute(async (trx) => {
      if ((await repo.requeueFailed(trx, id, b.total, { ...opts, at: now }, slice)) > 0)
        await repo.setBatchStatus(trx, id, 'in_progress', null);
    });
    return read(tenant, id);
  }

  /** Queued items become cancelled; items being booked finish, booked labels stay booked. */
  async function cancel(tenant: string, id: string, by: AuditContext): Promise<BatchView> {
    const b = await find(tenant, id);
    if (b.status !== 'queued' && b.status !== 'in_progress')
      throw new ApiError('conflict', `batch ${id} is ${b.status}; only a queued or running batch can be cancelled`, id);
    const now = clock.now();
    const slice = timeSlicer();
    await db.transaction().execute(async (trx) => {
      await repo.cancelQueued(trx, id, b.total, now.toISOString(), slice);
      await repo.setBatchStatus(trx, id, 'cancelled', now.toISOString());
      const view = await viewOf(trx, { ...b, status: 'cancelled', completed_at: now.toISOString() });
      await recordEvent(trx, { tenant, type: 'batch.completed', data: view, at: now });
      await recordAudit(trx, by, { action: 'batch.cancelled', resource: { id }, at: now });
    });
    return read(tenant, id);
  }

  /** The end-of-day form for each shipping account of the batch whose carrier has manifests. */
  async function manifest(tenant: string, id: string, log: Log) {
    await find(tenant, id);
    const groups = new Map<
      string,
      { account: string; carrier: string; ship_date: string | null; tracking: string[] }
    >();
    for (const s of await repo.bookedShipments(db, tenant, id)) {
      const key = `${s.shipping_account_id}|${s.ship_date ?? ''}`;
      const g = groups.get(key) ?? {
        account: s.shipping_account_id,
        carrier: s.carrier,
        ship_date: s.ship_date,
        tracking: [],
      };
      g.tracking.push(s.tracking_number);
      groups.set(key, g);
    }
    const eligible = [...groups.values()].filter((g) =>
      deps.declarations[g.carrier as CarrierSlug]?.operations.includes('manifest'),
    );
    if (eligible.length === 0) {
      const carriers = [...new Set([...groups.values()].map((g) => g.carrier))];
      throw new ApiError(
        'carrier_unsupported_method',
        groups.size === 0
          ? `batch ${id} has no booked shipments to manifest`
          : `no carrier of batch ${id} (${carriers.join(', ')}) has manifests`,
        id,
      );
    }
    const manifests = [];
    for (const g of eligible) {
      // /manifest takes up to 1,000 tracking numbers at a time.
      for (let i = 0; i < g.tracking.length; i += 1000) {
        const res = await deps.manifests.manifest(
          tenant,
          {
            shipping_account: g.account,
            tracking_numbers: g.tracking.slice(i, i + 1000),
            ...(g.ship_date ? { ship_date: g.ship_date } : {}),
          },
          log,
        );
        manifests.push(res.manifest);
      }
    }
    return { manifests };
  }

  async function printFile(tenant: string, id: string, format: PrintFormat, log: Log) {
    await find(tenant, id);
    return openPrintFile(db, tenant, id, format, log, deps.labels);
  }

  return { createFromJson, createFromCsv, read, list, items, retry, cancel, manifest, printFile };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
