/**
 * A /rate or /ship body → the carrier-neutral ShipmentRequest: account defaults applied, every
 * catalog value checked against the carrier's declaration, dates and addresses checked.
 */
import type { CarrierDeclaration } from '../../carriers/carrier.js';
import { splitLabelType } from '../../domain/catalog.js';
import type { Address, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import type { ShipmentInput } from '../../contract/shipment.js';
import type { ResolvedAccount } from '../accounts/index.js';
import { checkAllowed } from '../../domain/allowed.js';

/** Members every label needs, whatever the carrier; a declaration may ask for more. */
const SHIP_ADDRESS_FIELDS = ['name', 'street1', 'city', 'country'];

/**
 * The earliest calendar date that is still "today" somewhere on Earth (UTC−12): a ship date before it
 * is in the past for every sender, so the check never rejects a merchant's local today.
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/**
 * How far ahead a date may lie. Carriers take labels dated about ten days ahead; a rate or a pickup
 * a year ahead is already speculative. Beyond that a date is a mistake (or an attack on date
 * arithmetic: "9999-12-31" once froze a carrier's business-day loop) and is refused before any call.
 */
export const DATE_HORIZON_DAYS = { ship: 10, rate: 366, pickup: 366 } as const;

/** The latest calendar date that is `days` after "today" anywhere on Earth (UTC+14). */
export function latestDate(now: Date, days: number): string {
  return new Date(now.getTime() + 14 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date no further ahead than the horizon: a 400 schema_validation_error otherwise. */
export function checkHorizon(date: string | undefined, now: Date, days: number, path: string): void {
  if (date !== undefined && date > latestDate(now, days)) {
    throw new ApiError('schema_validation_error', `${path} ${date} is more than ${days} days ahead`, path);
  }
}

export function checkShipDate(
  shipDate: string | undefined,
  now: Date,
  path: string,
  horizonDays: number = DATE_HORIZON_DAYS.ship,
): void {
  if (shipDate !== undefined && shipDate < earliestToday(now)) {
    throw new ApiError('ship_date_past', `${path} ${shipDate} is in the past`, path);
  }
  checkHorizon(shipDate, now, horizonDays, path);
}

function requireMembers(address: Address, fields: readonly string[], path: string, why: string): void {
  for (const f of fields) {
    const v = (address as unknown as Record<string, unknown>)[f];
    if (typeof v !== 'string' || v.trim() === '')
      throw new ApiError('schema_field_required', `${path}.${f} is required ${why}`, `${path}.${f}`);
  }
}

function required<T>(value: T | undefined, path: string, hint: string): T {
  if (value === undefined) throw new ApiError('schema_field_required', `${path} is required (${hint})`, path);
  return value;
}

const OWN_PACKAGING = 'your_packaging';

/**
 * The packaging used when a request names none: the account's default, else the customer's own
 * packaging where the carrier offers it (how /rate quotes clients of the original interface).
 */
export function defaultPackaging(decl: CarrierDeclaration, defaults: ResolvedAccount['defaults']): string | undefined {
  return defaults.packaging_type ?? (decl.catalog.packaging.includes(OWN_PACKAGING) ? OWN_PACKAGING : undefined);
}

/**
 * Size units matter only where a package has a size: weight alone books without them (the units
 * then follow the weight's system, which no carrier reads for a parcel without dimensions).
 */
function dimUnits(
  input: ShipmentInput,
  fallback: ShipmentRequest['dim_units'] | undefined,
  weightUnits: ShipmentRequest['weight_units'],
): ShipmentRequest['dim_units'] {
  const sized = input.packages.some((p) => p.length !== undefined || p.width !== undefined || p.height !== undefined);
  if (!sized) return input.dim_units ?? fallback ?? (weightUnits === 'KG' ? 'CM' : 'IN');
  return required(
    input.dim_units ?? fallback,
    'shipment.dim_units',
    'IN or CM, or set defaults.dim_units on the account',
  );
}

export function toShipmentRequest(
  input: ShipmentInput,
  account: ResolvedAccount,
  decl: CarrierDeclaration,
  opts: { operation: 'rate' | 'ship'; now: Date },
): ShipmentRequest {
  const d = account.defaults;
  const c = decl.catalog;
  const slug = decl.slug;
  const addressFields =
    opts.operation === 'ship' ? (decl.shipAddressFields ?? SHIP_ADDRESS_FIELDS) : (decl.rateAddressFields ?? []);
  const why = opts.operation === 'ship' ? 'to book a label' : `to rate with ${slug}`;
  requireMembers(input.sender, addressFields, 'shipment.sender', why);
  requireMembers(input.recipient, addressFields, 'shipment.recipient', why);
  checkShipDate(input.ship_date, opts.now, 'shipment.ship_date', DATE_HORIZON_DAYS[opts.operation]);

  // Clients of the original interface rate without a packaging (its /rate model has none): a rate
  // then quotes the customer's own packaging; booking still needs it named.
  const ownPackaging = opts.operation === 'rate' && c.packaging.includes(OWN_PACKAGING) ? OWN_PACKAGING : undefined;
  const packaging = required(
    input.packaging ?? d.packaging_type ?? ownPackaging,
    'shipment.packaging',
    'or set defaults.packaging_type on the account',
  );
  checkAllowed(packaging, c.packaging, 'shipment.packaging', slug);
  // Rating without a service compares every service; the account's default service is for booking.
  const service = input.service ?? (opts.operation === 'ship' ? d.service : undefined);
  if (opts.operation === 'ship') required(service, 'shipment.service', 'or set defaults.service on the account');
  if (service !== undefined) checkAllowed(service, c.services, 'shipment.service', slug);

  const labelType = input.label_type ?? d.label_type ?? 'PDF';
  const parts = splitLabelType(labelType);
  const size = parts.size ?? input.label_size;
  checkAllowed(size ? `${parts.format}__${size}` : parts.format, c.labelTypes, 'shipment.label_type', slug);

  for (const [i, s] of (input.special_services ?? []).entries())
    checkAllowed(s, c.specialServices, `shipment.special_services[${i}]`, slug);
  for (const [i, p] of input.packages.entries()) {
    for (const [j, s] of (p.special_services ?? []).entries())
      checkAllowed(s, c.packageSpecialServices, `shipment.packages[${i}].special_services[${j}]`, slug);
  }

  const weightUnits = required(
    input.weight_units ?? d.weight_units,
    'shipment.weight_units',
    'KG or LB, or set defaults.weight_units on the account',
  );
  const { shipping_account: _id, carrier: _carrier, ...rest } = input;
  return {
    ...rest,
    shipping_account: account.id,
    carrier: slug,
    packaging,
    ...(service !== undefined ? { service } : {}),
    currency: input.currency ?? d.currency ?? 'USD',
    dim_units: dimUnits(input, d.dim_units, weightUnits),
    weight_units: weightUnits,
    label_type: parts.format,
    ...(size !== undefined ? { label_size: size } : {}),
  };
}
