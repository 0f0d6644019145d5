/**
 * POST /returns: books a `type: return` label through the method's account and service (and the
 * pickup of a pickup method), then stores the return with its lines, shipment, label and pickup in
 * one transaction, with its return.created event and audit entry. Every check comes before the first
 * carrier call; a pickup scheduled for a label that then failed is cancelled.
 */
import type { CarrierSlug } from '../../carriers/carrier.js';
import { splitLabelType } from '../../domain/catalog.js';
import { bookingReference, defaultPackaging, recordEvent } from '../kernel/index.js';
import type { Address, PickupConfirmation } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { ReturnInput, ReturnLine, ReturnView } from '../../contract/returns.js';
import type { ShipmentInput } from '../../contract/shipment.js';
import { recordAudit } from '../audit/index.js';
import { newId } from '../../storage/ids.js';
import * as methods from '../../storage/repositories/return-methods.js';
import * as repo from '../../storage/repositories/returns.js';
import { checkPhone, checkPickupTime } from '../pickups/index.js';
import { methodSummary } from './method-view.js';
import { asReturnError, checkCustom } from './filters.js';
import { storeBooked } from '../shipping/index.js';
import type { Opts, ReturnsDeps } from './returns-deps.js';
import { returnView } from './view.js';

/** Pickup spot when the customer's address does not describe one (carriers ask where to knock). */
const DEFAULT_LOCATION_TYPE = 'front door';

export async function createReturn(
  deps: ReturnsDeps,
  tenant: string,
  input: ReturnInput,
  opts: Opts,
): Promise<ReturnView> {
  const { db, calls, shipping, declarations, clock } = deps;
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
  const destination: Address | undefined = input.destination ?? method.destination ?? account.billing_address;
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
  const row: repo.ReturnRow<ReturnLine> = {
    id,
    tenant,
    return_method_id: method.id,
    method: methodSummary(method, declarations[method.carrier as CarrierSlug]),
    customer_id: input.customer_id,
    order_id: input.order_id ?? null,
    customer: input.customer,
    destination,
    return_lines: input.return_lines,
    custom: input.custom ?? [],
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
    db.transaction().execute(async (trx) => {
      await repo.createReturn(trx, record, row, input.custom ?? []);
      await recordEvent(trx, { tenant, type: 'return.created', data: returnView(row, opts.baseUrl), at: clock.now() });
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
  return returnView(row, opts.baseUrl, record.labels.find((l) => l.id === row.label_id)!.data);
}
