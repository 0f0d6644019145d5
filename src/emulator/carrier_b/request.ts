/**
 * Reading the `Shipment` of a UPS rating or shipping request the way UPS validates it: Shipper
 * (with ShipperNumber), ShipTo and Package are required (Rating.yaml / Shipping.yaml
 * RateRequest_Shipment and ShipmentRequest_Shipment `required`), every list may be one object,
 * every number may be a string. Problems are collected, so one answer names all of them.
 */
import { arr, at, isObject, num, str } from '../json.js';
import { errors, type UpsError } from './errors.js';
import type { PackageInput } from './prices.js';
import type { UpsParty } from './state.js';

/** A documented list that may arrive as a single object. */
export function list(value: unknown): unknown[] {
  return isObject(value) ? [value] : (arr(value) ?? []);
}

export function readParty(value: unknown, path: string, problems: UpsError[]): UpsParty {
  const address = at(value, 'Address');
  const country = str(at(address, 'CountryCode'))?.toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country)) problems.push(errors.missing(`${path}.Address.CountryCode`));
  const lines = list(at(address, 'AddressLine'))
    .map(str)
    .filter((s): s is string => s !== undefined);
  const single = str(at(address, 'AddressLine'));
  return {
    name: str(at(value, 'Name')),
    lines: lines.length > 0 ? lines : single ? [single] : [],
    city: str(at(address, 'City')),
    state: str(at(address, 'StateProvinceCode')),
    postalCode: str(at(address, 'PostalCode')),
    countryCode: country ?? 'US',
  };
}

export interface UpsShipment {
  shipperNumber?: string;
  shipper: UpsParty;
  shipFrom: UpsParty;
  shipTo: UpsParty;
  serviceCode?: string;
  packages: PackageInput[];
  /** YYYYMMDD as sent. */
  shipmentDate?: string;
  negotiated: boolean;
}

export function readShipment(
  shipment: unknown,
  packagingMember: 'Packaging' | 'PackagingType',
  problems: UpsError[],
): UpsShipment {
  if (!isObject(shipment)) {
    problems.push(errors.missing('Shipment'));
    return {
      shipper: { lines: [], countryCode: 'US' },
      shipFrom: { lines: [], countryCode: 'US' },
      shipTo: { lines: [], countryCode: 'US' },
      packages: [],
      negotiated: false,
    };
  }
  const shipper = readParty(shipment.Shipper, 'Shipment.Shipper', problems);
  const shipTo = readParty(shipment.ShipTo, 'Shipment.ShipTo', problems);
  const shipFrom = isObject(shipment.ShipFrom) ? readParty(shipment.ShipFrom, 'Shipment.ShipFrom', problems) : shipper;
  const packages = list(shipment.Package).map((p, i): PackageInput => {
    const weight = num(at(p, 'PackageWeight.Weight'));
    const unit = str(at(p, 'PackageWeight.UnitOfMeasurement.Code'));
    if (weight === undefined || weight <= 0)
      problems.push(errors.invalid(`Shipment.Package[${i}].PackageWeight.Weight`));
    if (unit !== 'LBS' && unit !== 'KGS')
      problems.push(errors.invalid(`Shipment.Package[${i}].PackageWeight.UnitOfMeasurement.Code`, unit));
    if (!str(at(p, `${packagingMember}.Code`)))
      problems.push(errors.missing(`Shipment.Package[${i}].${packagingMember}.Code`));
    const [l, w, h] = ['Length', 'Width', 'Height'].map((k) => num(at(p, `Dimensions.${k}`)));
    const dimUnit = str(at(p, 'Dimensions.UnitOfMeasurement.Code'));
    return {
      weight: weight ?? 0,
      unit: unit === 'KGS' ? 'KGS' : 'LBS',
      ...(l && w && h ? { dims: { length: l, width: w, height: h, unit: dimUnit === 'CM' ? 'CM' : 'IN' } } : {}),
    };
  });
  if (packages.length === 0) problems.push(errors.missing('Shipment.Package'));
  const serviceCode = str(at(shipment, 'Service.Code'));
  const shipmentDate = str(shipment.ShipmentDate);
  return {
    ...(str(at(shipment, 'Shipper.ShipperNumber'))
      ? { shipperNumber: str(at(shipment, 'Shipper.ShipperNumber')) }
      : {}),
    shipper,
    shipFrom,
    shipTo,
    ...(serviceCode ? { serviceCode } : {}),
    packages,
    ...(shipmentDate ? { shipmentDate } : {}),
    negotiated:
      isObject(shipment.ShipmentRatingOptions) &&
      str(at(shipment, 'ShipmentRatingOptions.NegotiatedRatesIndicator')) !== undefined,
  };
}

/** "20250527" → "2025-05-27" when it is a real date. */
export function isoOf(upsDate: string | undefined): string | undefined {
  const m = upsDate === undefined ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(upsDate);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : undefined;
}

export function upsDateOf(iso: string): string {
  return iso.replace(/-/g, '');
}
