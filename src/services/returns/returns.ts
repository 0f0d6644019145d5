/**
 * Returns: POST /returns books a `type: return` label through the method's account and service
 * (and the pickup of a pickup method), then stores the return with its lines, shipment, label and
 * pickup in one transaction. GET lists and reads; PATCH replaces custom pairs by name and voids
 * (SHIPMENT_VOIDED: the shipment through the normal cancel path, then the pickup).
 *
 * Carrier calls: creating costs one booking, plus one pickup for pickup methods; voiding one cancel,
 * plus one pickup cancel. Listing and reading call no carrier.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import { splitLabelType } from '../../domain/catalog.js';
import type { Db } from '../../storage/database.js';
import { bookingReference, createSingleFlight, defaultPackaging, recordEvent } from '../kernel/index.js';
import type { Address, PickupConfirmation } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { ReturnInput, ReturnLine, ReturnPatch, ReturnView } from '../../contract/returns.js';
import type { ShipmentInput } from '../../contract/shipment.js';
import type { Log } from '../../foundations/logger.js';
import type { AuditContext } from '../../domain/audit.js';
import { recordAudit } from '../audit/index.js';
import { newId } from '../../storage/ids.js';
import * as methods from '../../storage/repositories/return-methods.js';
import * as repo from '../../storage/repositories/returns.js';
import * as shipments from '../../storage/repositories/shipments.js';
import type { CarrierCalls } from '../kernel/index.js';
import { checkPhone, checkPickupTime } from '../pickups/index.js';
import { carrierLogoUrl, methodSummary } from './methods.js';
import { asReturnError, checkCustom, created, listQuery, type ListQuery } from './filters.js';
import { storeBooked, type createShippingService } from '../shipping/index.js';

export interface ReturnsDeps {
  db: Db;
  calls: CarrierCalls;
  shipping: ReturnType<typeof createShippingService>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  clock: Clock;
}

interface Opts {
  log: Log;
  baseUrl: string;
  /** Who acted, for the audit log: a return spends money. */
  by?: AuditContext;
}

/** Pickup spot when the customer's address does not describe one (carriers ask where to knock). */
const DEFAULT_LOCATION_TYPE = 'front door';

export function createReturnsService(deps: ReturnsDeps) {
  const { db, calls, shipping, declarations, clock } = deps;

  function view(
    row: repo.ReturnSummaryRow & Partial<Pick<repo.ReturnRow, 'return_lines'>>,
    baseUrl: string,
    label?: Uint8Array,
  ): ReturnView {
    const method = JSON.parse(row.method) as Omit<ReturnView['return_method'], 'carrier_logo'>;
    return {
      id: row.id,
      customer_id: row.customer_id,
      ...(row.order_id !== null ? { order_id: row.order_id } : {}),
      created: created(row.created_at),
      custom: JSON.parse(row.custom) as repo.CustomPair[],
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

  async function create(tenant: string, input: ReturnInput, opts: Opts): Promise<ReturnView> {
    const method = await methods.getMethod(db, tenant, input.return_method);
    if (!method)
      throw new ApiError('not_found', `return method ${input.return_method} was not found`, 'return.return_method');
    const target = {
      shipping_account: method.shipping_account_id,
      ...(input.test !== undefined ? { test: input.test } : {}),
      ...(input.debug !== undefined ? { debug: input.debug } : {}),
    };
    const account = await calls.resolveAccount(tenant, target);
    // The return's own, else its method's, else the account's billing address.
    const destination: Address | undefined =
      input.destination ??
      (method.destination !== null ? (JSON.parse(method.destination) as Address) : account.billing_address);
    if (!destination)
      throw new ApiError(
        'schema_field_required',
        `return.destination is required: return method ${method.id} has no destination and shipping account ${account.id} no billing_address to default to`,
        'return.destination',
      );

    checkCustom(input.custom ?? [], 'return.custom');
    const isPickup = method.type === 'pickup';
    if (!isPickup && input.pickup)
      throw new ApiError(
        'schema_validation_error',
        `return.pickup is only for pickup methods; ${method.id} is ${method.type}`,
        'return.pickup',
      );
    if (isPickup) {
      if (!input.pickup)
        throw new ApiError(
          'schema_field_required',
          `return.pickup (date, ready_time, close_time) is required: ${method.id} is a pickup method`,
          'return.pickup',
        );
      if (!input.customer.phone)
        throw new ApiError(
          'schema_field_required',
          'return.customer.phone is required for the carrier to arrange the pickup',
          'return.customer.phone',
        );
      checkPhone(input.customer.phone, 'return.customer.phone');
      checkPickupTime(input.pickup, clock.now(), 'return.pickup');
    }

    const international = input.customer.country !== destination.country;
    // Several packages get one combined label, except in a format that cannot be combined (GIF):
    // combining after the carrier booked must not fail, or the labels would be lost.
    const labelFormat = splitLabelType(method.label_type ?? account.defaults.label_type ?? 'PDF').format;
    const shipment: ShipmentInput = {
      ...target,
      sender: input.customer,
      recipient: destination,
      packages: input.packages,
      service: method.service,
      packaging: method.packaging ?? defaultPackaging(declarations[account.carrier], account.defaults),
      ...(method.label_type !== null ? { label_type: method.label_type } : {}),
      type: 'return',
      ...(input.packages.length > 1 && labelFormat !== 'GIF' ? { combined_labels: true } : {}),
      ...(input.ship_date !== undefined ? { ship_date: input.ship_date } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      ...(input.dim_units !== undefined ? { dim_units: input.dim_units } : {}),
      ...(input.weight_units !== undefined ? { weight_units: input.weight_units } : {}),
      // Goods crossing a border go back through customs: the lines are what the parcel holds.
      ...(international
        ? {
            customs_items: input.return_lines.map((l) => ({
              description: l.product_name,
              quantity: l.quantity,
              ...(l.value !== undefined ? { value: l.value } : {}),
              ...(l.weight !== undefined ? { weight: l.weight } : {}),
              ...(l.country_of_manufacture !== undefined ? { manufacture_country_code: l.country_of_manufacture } : {}),
              ...(l.hs_code !== undefined ? { harmonized_code: l.hs_code } : {}),
            })),
          }
        : {}),
    };
    // Every check before the first carrier call, so bad input never books anything.
    const booking = await shipping
      .prepareBooking(tenant, shipment, opts.log, bookingReference(tenant, newId('ret')))
      .catch((err: unknown) => {
        throw asReturnError(err);
      });
    const pickupCall = isPickup ? await calls.prepare<'pickup'>(tenant, target, 'pickup', opts.log) : undefined;
    const cancelPickup = isPickup
      ? await calls.prepare<'cancelPickup'>(tenant, target, 'pickup', opts.log, 'cancelPickup').catch(() => undefined)
      : undefined;

    let confirmation: PickupConfirmation | undefined;
    if (pickupCall) {
      const req = booking.req;
      confirmation = await pickupCall.run(pickupCall.call, {
        shipping_account: account.id,
        carrier: account.carrier,
        location: { ...input.customer, location_type: input.customer.location_type ?? DEFAULT_LOCATION_TYPE },
        shipments: [{ packages: input.packages, recipient: destination, service: method.service }],
        time: input.pickup!,
        dim_units: req.dim_units,
        weight_units: req.weight_units,
        ...(req.currency !== undefined ? { currency: req.currency } : {}),
      });
    }
    let booked;
    try {
      booked = await booking.run(booking.call, booking.req);
    } catch (err) {
      // No label, no return: the pickup just scheduled would send a driver for nothing.
      if (confirmation && cancelPickup) {
        await cancelPickup
          .run(cancelPickup.call, {
            confirmation_number: confirmation.confirmation_number,
            date: input.pickup!.date,
            ...(confirmation.location_code ? { location_code: confirmation.location_code } : {}),
          })
          .catch((cancelErr: unknown) =>
            opts.log.error(
              { err: cancelErr, confirmation_number: confirmation.confirmation_number },
              'return label failed and its pickup could not be cancelled',
            ),
          );
      }
      throw asReturnError(err);
    }
    const record = await shipping.recordBooking(booking, booked, opts.baseUrl);

    const id = newId('ret');
    const now = clock.now().toISOString();
    const referenceNumber = input.order_id ?? id;
    const row: repo.ReturnRow = {
      id,
      tenant,
      return_method_id: method.id,
      method: JSON.stringify(methodSummary(method, declarations[method.carrier as CarrierSlug])),
      customer_id: input.customer_id,
      order_id: input.order_id ?? null,
      customer: JSON.stringify(input.customer),
      destination: JSON.stringify(destination),
      return_lines: JSON.stringify(input.return_lines),
      custom: JSON.stringify(input.custom ?? []),
      shipping_account_id: account.id,
      carrier: account.carrier,
      test: record.shipment.test,
      shipment_id: record.shipment.id,
      tracking_number: record.shipment.tracking_number,
      reference_number: referenceNumber,
      label_id: record.mainLabelId,
      status: 'CREATED',
      pickup_id: confirmation ? newId('pu') : null,
      pickup_confirmation_number: confirmation?.confirmation_number ?? null,
      pickup_location_code: confirmation?.location_code ?? null,
      pickup_date: confirmation ? (confirmation.pickup_date ?? input.pickup!.date) : null,
      pickup_state: confirmation ? 'SCHEDULED' : null,
      created_at: now,
      updated_at: now,
    };
    await storeBooked(opts.log, record, () =>
      repo.createReturn(db, record, row, input.custom ?? [], async (trx) => {
        await recordEvent(trx, { tenant, type: 'return.created', data: view(row, opts.baseUrl), at: clock.now() });
        const changes = {
          return_method: method.id,
          carrier: account.carrier,
          shipping_account: account.id,
          tracking_number: row.tracking_number,
          ...(row.pickup_confirmation_number ? { pickup_confirmation_number: row.pickup_confirmation_number } : {}),
          test: row.test,
        };
        if (opts.by)
          await recordAudit(trx, opts.by, { action: 'return.created', resource: { id }, changes, at: clock.now() });
      }),
    );
    return view(row, opts.baseUrl, record.labels.find((l) => l.id === row.label_id)!.data);
  }

  async function get(tenant: string, id: string): Promise<repo.ReturnRow> {
    const row = await repo.getReturn(db, tenant, id);
    if (!row) throw new ApiError('not_found', `return ${id} was not found`, id);
    return row;
  }

  async function read(tenant: string, id: string, baseUrl: string): Promise<ReturnView> {
    const row = await get(tenant, id);
    // A voided return's label is not handed out: GET /labels/{id} answers 410 label_voided for it.
    const label = row.status === 'SHIPMENT_VOIDED' ? undefined : await shipments.getLabel(db, tenant, row.label_id);
    return view(row, baseUrl, label?.data);
  }

  async function list(
    tenant: string,
    query: ListQuery,
    baseUrl: string,
  ): Promise<{ items: ReturnView[]; total: number }> {
    const { filter, page } = listQuery(query);
    const [rows, total] = await Promise.all([
      repo.listReturns(db, tenant, filter, page),
      repo.countReturns(db, tenant, filter),
    ]);
    return { items: rows.map((r) => view(r, baseUrl)), total };
  }

  /** The return.updated event, written in the transaction that changes the return. */
  const announce = (tenant: string, baseUrl: string) => (trx: Db, updated: repo.ReturnRow) =>
    recordEvent(trx, { tenant, type: 'return.updated', data: view(updated, baseUrl), at: clock.now() });

  /**
   * Cancels what the carrier holds for the return. Everything that must be called is checked first,
   * so an unsupported step refuses before anything changed. A carrier without cancel (its labels
   * cost nothing until scanned) has the label voided here only.
   */
  async function voidAtCarrier(tenant: string, row: repo.ReturnRow, opts: Opts): Promise<void> {
    const { log } = opts;
    const target = { shipping_account: row.shipping_account_id, ...(row.test ? { test: true } : {}) };
    const account = await calls.resolveAccount(tenant, target);
    const canCancel = declarations[account.carrier].operations.includes('cancel');
    const pickupPending = row.pickup_confirmation_number !== null && row.pickup_state !== 'CANCELLED';
    const cancelPickup = pickupPending
      ? await calls.prepare<'cancelPickup'>(tenant, target, 'pickup', log, 'cancelPickup')
      : undefined;
    const shipment = await shipments.getShipment(db, tenant, row.shipment_id);
    // A shipment already voided (a retried PATCH, POST /cancel) is not cancelled twice.
    if (shipment && shipment.status !== 'voided') {
      if (canCancel) await shipping.cancel(tenant, { ...target, tracking_number: row.tracking_number }, log);
      else await shipments.markVoided(db, tenant, shipment.id, clock.now().toISOString());
    }
    if (!cancelPickup) return;
    try {
      await cancelPickup.run(cancelPickup.call, {
        confirmation_number: row.pickup_confirmation_number!,
        ...(row.pickup_date !== null ? { date: row.pickup_date } : {}),
        ...(row.pickup_location_code !== null ? { location_code: row.pickup_location_code } : {}),
      });
    } catch (err) {
      // The label is void at the carrier by now: record that truth, then answer why the pickup stays.
      await repo.updateReturn(
        db,
        tenant,
        row.id,
        { status: 'SHIPMENT_VOIDED', updated_at: clock.now().toISOString() },
        announce(tenant, opts.baseUrl),
      );
      if (!(err instanceof ApiError)) throw err;
      throw new ApiError(
        err.code,
        `the return's label was voided but its pickup ${row.pickup_confirmation_number} was not cancelled: ${err.message}; PATCH again to retry`,
        err.detail,
        { ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}) },
      );
    }
  }

  // Concurrent voids of one return share the one running: one refund, one return.updated. Across
  // instances the stored state decides (a voided shipment is not cancelled again, a stored state not announced).
  const voidOnce = createSingleFlight<void>();

  /** Voiding a voided return (its pickup cancelled too) changes nothing and answers it as it is (spec: "always"). */
  async function voidReturn(tenant: string, id: string, opts: Opts): Promise<void> {
    const row = await get(tenant, id);
    if (
      row.status === 'SHIPMENT_VOIDED' &&
      (row.pickup_confirmation_number === null || row.pickup_state === 'CANCELLED')
    )
      return;
    await voidAtCarrier(tenant, row, opts);
    const pickup = row.pickup_confirmation_number !== null ? { pickup_state: 'CANCELLED' } : {};
    await repo.updateReturn(
      db,
      tenant,
      id,
      { status: 'SHIPMENT_VOIDED', ...pickup, updated_at: clock.now().toISOString() },
      async (trx, updated) => {
        await announce(tenant, opts.baseUrl)(trx, updated);
        if (opts.by)
          await recordAudit(trx, opts.by, {
            action: 'return.voided',
            resource: { id },
            changes: { tracking_number: row.tracking_number, ...pickup },
            at: clock.now(),
          });
      },
    );
  }

  async function patch(tenant: string, id: string, body: ReturnPatch, opts: Opts): Promise<ReturnView> {
    if (body.custom) checkCustom(body.custom, 'custom');
    const row = await get(tenant, id);
    if (body.shipment?.status === 'SHIPMENT_VOIDED')
      await voidOnce(`${tenant}\n${id}`, () => voidReturn(tenant, id, opts));
    if (body.custom) {
      const byName = new Map((JSON.parse(row.custom) as repo.CustomPair[]).map((c) => [c.name, c]));
      for (const c of body.custom) byName.set(c.name, c);
      await repo.updateReturn(
        db,
        tenant,
        id,
        { custom: [...byName.values()], updated_at: clock.now().toISOString() },
        announce(tenant, opts.baseUrl),
      );
    }
    return read(tenant, id, opts.baseUrl);
  }

  return { create, read, list, patch };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
