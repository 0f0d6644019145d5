/**
 * The parts of a shipment request that buildShipRequest and buildReturnRequest (ship.ts) put
 * together: addresses clipped to Canada Post's limits, the customs declaration and the delivery
 * spec (shipment-v8, ncshipment-v4).
 */
import { ApiError } from '../../domain/errors.js';
import type { Address, CustomsItem, Package, ShipmentRequest } from '../../domain/types.js';
import { isInternational } from '../shared/address.js';
import { serviceCode, type LabelSpec } from './codes.js';
import { kg, options, parcel, postalCode } from './mapping.js';
import type { CpcAddressDetails, CpcCustoms, CpcDeliverySpec } from './wire.js';

/** Canada Post's limits: 44 characters an address line, 35 a reference. */
export const LINE = 44;
export const REFERENCE = 35;

export const clip = (v: string | undefined, n: number): string | undefined =>
  v === undefined || v === '' ? undefined : v.slice(0, n);

function addressDetails(a: Address, withCountry: boolean): CpcAddressDetails {
  const country = a.country.toUpperCase();
  return {
    'address-line-1': clip(a.street1, LINE) ?? '',
    ...(a.street2 ? { 'address-line-2': clip(a.street2, LINE) } : {}),
    city: a.city ?? '',
    ...(a.state ? { 'prov-state': a.state } : {}),
    ...(withCountry ? { 'country-code': country } : {}),
    ...(a.postal_code ? { 'postal-zip-code': postalCode(a.postal_code, country) } : {}),
  };
}

/** `customs`: sale of goods, each item with its units, value per unit and weight per unit in kg. */
function customs(req: ShipmentRequest): CpcCustoms {
  const items = req.customs_items ?? [];
  if (items.length === 0)
    throw new ApiError(
      'schema_validation_error',
      'canadapost needs customs_items for a shipment outside Canada',
      'shipment.customs_items',
    );
  return {
    currency: req.currency ?? 'CAD',
    'reason-for-export': 'SOG',
    'sku-list': {
      item: items.map((item: CustomsItem) => {
        const units = Math.max(1, Math.round(item.quantity ?? 1));
        return {
          'customs-number-of-units': String(units),
          'customs-description': clip(item.description, LINE) ?? 'Merchandise',
          ...((item.harmonized_code ?? item.commodity_code)
            ? { 'hs-tariff-code': item.harmonized_code ?? item.commodity_code }
            : {}),
          'unit-weight': kg((item.weight ?? 0.001) / units, item.weight_unit ?? req.weight_units),
          'customs-value-per-unit': ((item.value ?? 0) / units).toFixed(2),
          ...(item.manufacture_country_code ? { 'country-of-origin': item.manufacture_country_code } : {}),
        };
      }),
    },
  };
}

export function deliverySpec(
  req: ShipmentRequest,
  pkg: Package,
  label: LabelSpec | undefined,
  account: { customer: string; contract?: string },
): CpcDeliverySpec {
  const opts = options(req, pkg.value);
  const refs = (req.references ?? []).map((r) => clip(r.value, REFERENCE)).filter((r): r is string => r !== undefined);
  const contract = account.contract;
  return {
    'service-code': serviceCode(req.service ?? ''),
    sender: {
      ...(req.sender.name ? { name: req.sender.name } : {}),
      // A non-contract sender must name a company; the sender's name stands in.
      ...(req.sender.company || !contract ? { company: req.sender.company ?? req.sender.name ?? '' } : {}),
      'contact-phone': req.sender.phone ?? '',
      'address-details': addressDetails(req.sender, contract !== undefined),
    },
    destination: {
      ...(req.recipient.name ? { name: req.recipient.name } : {}),
      ...(req.recipient.company ? { company: req.recipient.company } : {}),
      ...(req.recipient.phone ? { 'client-voice-number': req.recipient.phone } : {}),
      'address-details': addressDetails(req.recipient, true),
    },
    ...(opts.length > 0 ? { options: { option: opts } } : {}),
    'parcel-characteristics': parcel(pkg, req),
    ...(label ? { 'print-preferences': { 'output-format': label.outputFormat, encoding: label.encoding } } : {}),
    preferences: { 'show-packing-instructions': 'false', 'show-postage-rate': 'false', 'show-insured-value': 'true' },
    ...(refs.length > 0
      ? { references: { 'customer-ref-1': refs[0], ...(refs[1] ? { 'customer-ref-2': refs[1] } : {}) } }
      : {}),
    ...(isInternational(req) ? { customs: customs(req) } : {}),
    ...(contract
      ? {
          'settlement-info': {
            'paid-by-customer': account.customer,
            'contract-id': contract,
            'intended-method-of-payment': 'Account',
          },
        }
      : {}),
  };
}
