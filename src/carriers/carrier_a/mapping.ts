/**
 * Request parts that rating and booking share (parties, packages, commodities, special services):
 * rate.ts and ship.ts build on them; pickup.ts and locations.ts reuse the address.
 */
import type { Address, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { utcDate } from '../shared/time.js';
import {
  PACKAGE_SIGNATURE_OPTIONS,
  SHIPMENT_SPECIAL_SERVICES,
  SMART_POST_INDICIA,
  packagingCode,
  serviceCode,
} from './codes.js';
import type {
  CarrierAAddress,
  CarrierACommodity,
  CarrierAPackageLineItem,
  CarrierARateRequestType,
  CarrierAShipmentSpecialServices,
} from './wire.js';
import type { CarrierARateRequest } from './wire-rate.js';
import { isInternational } from '../shared/address.js';

// ship.ts and rate.ts read it from here with the other request parts.
export { isInternational };

/** Account-level settings the client passes in (from the shipping account's auth members). */
export interface CarrierABuildOptions {
  /** SmartPost / Ground Economy hub (auth member `hub_id`); needed for SMART_POST services. */
  smartPostHubId?: string;
}

/**
 * The customerReferenceType Waybill's own reference rides in: the first of these the shipper's
 * references leave free, so theirs are never displaced (ship-api.json CustomerReference: one value
 * per type). Each is a type Track by References searches (track.json ReferenceInformation.type:
 * CUSTOMER_REFERENCE, DEPARTMENT, PURCHASE_ORDER). Undefined: every one is the shipper's, and the
 * booking goes without Waybill's reference (it cannot then be looked up).
 */
const WAYBILL_REFERENCE_TYPES = [
  ['CUSTOMER_REFERENCE', 'CUSTOMER_REFERENCE'],
  ['DEPARTMENT_NUMBER', 'DEPARTMENT'],
  ['P_O_NUMBER', 'PURCHASE_ORDER'],
] as const;

export function waybillReferenceType(
  req: ShipmentRequest,
  taken: readonly string[],
): { ship: (typeof WAYBILL_REFERENCE_TYPES)[number][0]; track: string } | undefined {
  const free = WAYBILL_REFERENCE_TYPES.find(([ship]) => !taken.includes(ship));
  return req.waybill_reference !== undefined && free ? { ship: free[0], track: free[1] } : undefined;
}

const LB_PER_KG = 2.20462262;

/** FedEx rejects past dates; without ship_date the caller's clock gives today's (UTC) date. */
export function shipDate(req: ShipmentRequest, now: Date): string {
  return req.ship_date ?? utcDate(now);
}

export function currencyOf(req: ShipmentRequest): string {
  return req.currency ?? 'USD';
}

export function wireServiceType(req: ShipmentRequest): string | undefined {
  if (req.service === undefined) return undefined;
  const code = serviceCode(req.service);
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `service ${req.service} is not offered by carrier_a`,
      'shipment.service',
    );
  return code;
}

export function wirePackagingType(req: ShipmentRequest): string {
  const code = packagingCode(req.packaging);
  if (!code)
    throw new ApiError(
      'schema_validation_error',
      `packaging ${req.packaging} is not offered by carrier_a`,
      'shipment.packaging',
    );
  return code;
}

/** rate-api.json RequestedShipment.rateRequestType: ACCOUNT always, LIST for `list_rates`, PREFERRED with a currency. */
export function rateRequestTypes(req: ShipmentRequest): CarrierARateRequestType[] {
  const types: CarrierARateRequestType[] = [];
  if (req.special_services?.includes('list_rates')) types.push('LIST');
  types.push('ACCOUNT');
  if (req.currency !== undefined) types.push('PREFERRED');
  return types;
}

/** Address; the rate API's RateAddress has no street lines, the ship API's PartyAddress needs them. */
export function wireAddress(a: Address, withStreet: boolean): CarrierAAddress {
  const streetLines = [a.street1, a.street2, a.street3].filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
  return {
    streetLines: withStreet && streetLines.length > 0 ? streetLines : undefined,
    city: a.city,
    stateOrProvinceCode: a.state,
    postalCode: a.postal_code,
    countryCode: a.country.toUpperCase(),
    residential: a.residential ?? false,
  };
}

/** Shipment total weight; ship-api.json: "in pounds … 1 explicit decimal position". */
export function totalWeightLb(req: ShipmentRequest): number {
  const sum = req.packages.reduce((s, p) => s + p.weight, 0);
  const lb = req.weight_units === 'KG' ? sum * LB_PER_KG : sum;
  return Math.round(lb * 10) / 10;
}

/** requestedPackageLineItems; dimensions are whole numbers on the wire (rounded up, never shrunk). */
export function packageLineItems(req: ShipmentRequest, forShip: boolean): CarrierAPackageLineItem[] {
  const ownPackaging = packagingCode(req.packaging) === 'YOUR_PACKAGING';
  return req.packages.map((p) => {
    const signature = (p.special_services ?? []).map((s) => PACKAGE_SIGNATURE_OPTIONS[s]).find((s) => s !== undefined);
    const hasDims = p.length !== undefined && p.width !== undefined && p.height !== undefined;
    return {
      subPackagingType: ownPackaging ? 'OTHER' : undefined,
      groupPackageCount: 1,
      weight: { units: req.weight_units, value: p.weight },
      dimensions: hasDims
        ? {
            length: Math.ceil(p.length ?? 0),
            width: Math.ceil(p.width ?? 0),
            height: Math.ceil(p.height ?? 0),
            units: req.dim_units,
          }
        : undefined,
      // Declared value needs a currency we know; without value or currency it is left to FedEx's default.
      declaredValue:
        p.value !== undefined || req.currency !== undefined
          ? { amount: p.value ?? 0, currency: currencyOf(req) }
          : undefined,
      // The recorded ship requests always carry the object, empty when nothing is asked.
      packageSpecialServices: signature
        ? { specialServiceTypes: ['SIGNATURE_OPTION'], signatureOptionType: signature }
        : forShip
          ? {}
          : undefined,
    };
  });
}

/**
 * Commodities from customs_items. `value` and `weight` of a customs item are line totals
 * (the item's quantity included), as FedEx's customsValue is ("applicable for all items").
 * Without customs_items, `derive` builds one commodity from the packages (used for rating only).
 */
export function commodities(req: ShipmentRequest, derive: boolean): CarrierACommodity[] {
  const currency = currencyOf(req);
  const items = req.customs_items ?? [];
  if (items.length === 0) {
    if (!derive) return [];
    const weight = req.packages.reduce((s, p) => s + p.weight, 0);
    const value = req.packages.reduce((s, p) => s + (p.value ?? 0), 0);
    return [
      {
        description: 'Merchandise',
        name: 'Merchandise',
        countryOfManufacture: req.sender.country.toUpperCase(),
        numberOfPieces: req.packages.length,
        quantity: 1,
        quantityUnits: 'PCS',
        weight: { units: req.weight_units, value: weight },
        customsValue: { amount: value, currency },
      },
    ];
  }
  return items.map((item) => {
    const quantity = item.quantity ?? 1;
    const value = item.value ?? 0;
    const units = item.weight_unit === 'KG' || item.weight_unit === 'LB' ? item.weight_unit : req.weight_units;
    return {
      description: item.description ?? '',
      name: item.description,
      countryOfManufacture: (item.manufacture_country_code ?? req.sender.country).toUpperCase(),
      harmonizedCode: item.harmonized_code ?? item.commodity_code,
      numberOfPieces: 1,
      quantity,
      quantityUnits: item.quantity_unit ?? 'PCS',
      weight: item.weight === undefined ? undefined : { units, value: item.weight },
      unitPrice:
        item.value === undefined ? undefined : { amount: Math.round((value / quantity) * 1e6) / 1e6, currency },
      customsValue: { amount: value, currency },
    };
  });
}

/** shipmentSpecialServices from special_services and the return flag (ShipmentSpecialServicesRequested). */
export function shipmentSpecialServices(
  req: ShipmentRequest,
  forShip: boolean,
): CarrierAShipmentSpecialServices | undefined {
  const types = (req.special_services ?? [])
    .map((s) => SHIPMENT_SPECIAL_SERVICES[s])
    .filter((t): t is string => t !== undefined);
  if (req.type === 'return') types.push('RETURN_SHIPMENT');
  if (types.length === 0) return undefined;
  const etd = forShip && types.includes('ELECTRONIC_TRADE_DOCUMENTS');
  return {
    specialServiceTypes: [...new Set(types)],
    // ETD: FedEx transmits the commercial invoice it generates (shippingDocumentSpecification).
    etdDetail: etd ? { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] } : undefined,
    returnShipmentDetail: req.type === 'return' ? { returnType: 'PRINT_RETURN_LABEL' } : undefined,
  };
}

/**
 * smartPostInfoDetail (SmartPostInfoDetail: "Required for SMARTPOST service"). A rate request
 * without a service carries it whenever the account has a hub, so that FedEx can quote SmartPost
 * too (as the recorded request does); a booking only for a SmartPost service.
 */
export function smartPostInfo(
  req: ShipmentRequest,
  opts: CarrierABuildOptions,
  whenHubKnown: boolean,
): CarrierARateRequest['requestedShipment']['smartPostInfoDetail'] {
  const indicia = req.service === undefined ? undefined : SMART_POST_INDICIA[req.service];
  if (opts.smartPostHubId === undefined) {
    if (indicia)
      throw new ApiError(
        'schema_field_required',
        'carrier_a SmartPost services need the hub_id of the shipping account',
        'shipping_account.auth.hub_id',
      );
    return undefined;
  }
  if (!indicia && !(whenHubKnown && req.service === undefined)) return undefined;
  return { hubId: opts.smartPostHubId, indicia: indicia ?? 'PARCEL_SELECT' };
}
