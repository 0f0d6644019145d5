/**
 * The parts of the LabelRequest that buildShipRequest (ship.ts) puts together: the sender's and the
 * recipient's elements and the customs form (README.md §4).
 */
import type { Address, CustomsItem } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, toDecimalString } from '../shared/json.js';
import { type XmlObject } from '../shared/xml.js';
import { enumValue, NON_DELIVERY_OPTIONS, RESTRICTION_TYPES } from './codes.js';
import { contentsType, OZ_PER_KG, OZ_PER_LB, splitZip } from './mapping.js';
import type { WireCustomsInfo } from './wire.js';

/** §4: name and address lines are at most 47 characters. */
const LINE_MAX = 47;

/** A name or address line as §4 takes it: trimmed, at most LINE_MAX characters; a blank one is left out. */
export const line = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim().slice(0, LINE_MAX);

/** Phones are 10 digits for domestic addresses (§4): formatting characters are dropped. */
function phone(v: string | undefined, domestic: boolean): string | undefined {
  if (v === undefined) return undefined;
  const digits = [...v].filter((ch) => ch >= '0' && ch <= '9').join('');
  if (digits === '') return undefined;
  return domestic && digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : domestic ? digits : v.trim();
}

/** Sender elements: street lines are ReturnAddress1..3 (there is no FromAddress1; §4). */
export function fromElements(a: Address): XmlObject {
  const zip = splitZip(a.postal_code, true);
  return {
    FromName: line(a.name),
    FromCompany: line(a.company),
    ReturnAddress1: line(a.street1),
    ReturnAddress2: line(a.street2),
    ReturnAddress3: line(a.street3),
    FromCity: line(a.city),
    FromState: line(a.state),
    FromPostalCode: zip.zip5,
    FromZIP4: zip.zip4,
    FromPhone: phone(a.phone, true),
    FromEMail: line(a.email),
  };
}

export function toElements(a: Address, international: boolean): XmlObject {
  const zip = splitZip(a.postal_code, !international);
  return {
    ToName: line(a.name),
    ToCompany: line(a.company),
    ToAddress1: line(a.street1),
    ToAddress2: line(a.street2),
    ToAddress3: line(a.street3),
    ToCity: line(a.city),
    ToState: line(a.state),
    ToPostalCode: zip.zip5,
    ToZIP4: zip.zip4,
    ToCountryCode: international ? a.country.toUpperCase() : undefined,
    ToPhone: phone(a.phone, !international),
    ToEMail: line(a.email),
  };
}

/** A customs item's weight in ounces (CustomsItem Weight is in ounces, §4), in its own unit or the shipment's. */
function itemWeightOz(item: CustomsItem, units: ShipmentRequest['weight_units']): number {
  return (item.weight ?? 0) * ((item.weight_unit ?? units) === 'KG' ? OZ_PER_KG : OZ_PER_LB);
}

/**
 * CustomsInfo (§4 "Customs"): the spec's carrier_d_reseller fields map one to one; `value` and
 * `weight` of a customs item are line totals, as the form's columns are.
 */
export function customsInfo(req: ShipmentRequest): WireCustomsInfo {
  const items = req.customs_items ?? [];
  if (items.length === 0)
    throw new ApiError(
      'schema_field_required',
      'carrier_d_reseller needs customs_items for an international shipment',
      'shipment.customs_items',
    );
  return dropUndefined<WireCustomsInfo>({
    ContentsType: contentsType(req),
    ContentsExplanation: req.contents_explanation?.slice(0, 25),
    RestrictionType: enumValue(RESTRICTION_TYPES, req.restriction_type),
    SendersCustomsReference: req.senders_customs_reference,
    ImportersCustomsReference: req.importers_customs_reference,
    LicenseNumber: req.license_number,
    CertificateNumber: req.certificate_number,
    InvoiceNumber: req.invoice_number,
    NonDeliveryOption: enumValue(NON_DELIVERY_OPTIONS, req.non_delivery_option),
    EelPfc: req.eel_pfc,
    CustomsItems: {
      CustomsItem: items.map((item) => ({
        Description: (item.description ?? 'Merchandise').slice(0, 50),
        Quantity: String(item.quantity ?? 1),
        Weight: String(Math.max(0.1, Math.round(itemWeightOz(item, req.weight_units) * 10) / 10)),
        Value: toDecimalString(item.value ?? 0),
        HSTariffNumber: item.harmonized_code ?? item.commodity_code,
        CountryOfOrigin: (item.manufacture_country_code ?? req.sender.country).toUpperCase(),
      })),
    },
  });
}
