/**
 * The parts of the MyDHL ship request that buildShipRequest (ship.ts) puts together: the parties
 * (supermodelIoLogisticsExpressParty, also the pickup's) and the customs declaration
 * (content.exportDeclaration, samples/shipment_request.json).
 */
import type { Address } from '../../domain/types.js';
import type { ShipmentRequest } from './fields.js';
import { dropUndefined } from '../shared/json.js';
import { declaredValue, rateAddress, weightInKg } from './mapping.js';
import type { CarrierCExportDeclaration, CarrierCLineItem, CarrierCParty, CarrierCRegistrationNumber } from './wire.js';

/** supermodelIoLogisticsExpressRegistrationNumbers typeCodes: VAT, EOR, SDT (IOSS), NID. */
function registrationNumbers(a: Address): CarrierCRegistrationNumber[] | undefined {
  const country = a.country.toUpperCase();
  const pairs: [string, string | undefined][] = [
    ['VAT', a.tax_id],
    ['EOR', a.eori_number],
    ['SDT', a.ioss_number],
    ['NID', a.personal_id_number],
  ];
  const out = pairs
    .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
    .map(([typeCode, number]) => ({ typeCode, number, issuerCountryCode: country }));
  return out.length > 0 ? out : undefined;
}

const PARTY_TYPES = new Set(['business', 'direct_consumer', 'government', 'other', 'private', 'reseller']);

/** A party: MyDHL needs both a company and a person name, so each stands in for the other. */
export function wireParty(a: Address): CarrierCParty {
  const trader = a.trader_type?.toLowerCase();
  return dropUndefined<CarrierCParty>({
    postalAddress: rateAddress(a),
    contactInformation: {
      email: a.email,
      phone: a.phone ?? '',
      mobilePhone: a.phone,
      companyName: a.company ?? a.name ?? '',
      fullName: a.name ?? a.company ?? '',
    },
    registrationNumbers: registrationNumbers(a),
    typeCode: (trader && PARTY_TYPES.has(trader)
      ? trader
      : a.residential
        ? 'private'
        : 'business') as CarrierCParty['typeCode'],
  });
}

const EXPORT_REASON_TYPES = new Set([
  'permanent',
  'temporary',
  'return',
  'used_exhibition_goods_to_origin',
  'intercompany_use',
  'commercial_purpose_or_sale',
  'personal_belongings_or_personal_use',
  'sample',
  'gift',
  'return_to_origin',
  'warranty_replacement',
  'diplomatic_goods',
  'defence_material',
]);

function lineItems(req: ShipmentRequest, exportReasonType: string): CarrierCLineItem[] {
  const origin = req.sender.country.toUpperCase();
  const items = req.customs_items ?? [];
  if (items.length === 0) {
    // MyDHL requires line items for a declarable shipment: one built from the packages.
    const weight = req.packages.reduce((s, p) => s + p.weight * (p.quantity ?? 1), 0);
    return [
      {
        number: 1,
        description: 'Merchandise',
        price: declaredValue(req),
        quantity: { value: 1, unitOfMeasurement: 'PCS' },
        exportReasonType,
        manufacturerCountry: origin,
        weight: { netValue: weight, grossValue: weight },
      },
    ];
  }
  return items.map((item, i) => {
    const quantity = item.quantity ?? 1;
    const hs = item.commodity_code ?? item.harmonized_code;
    const unitWeight = item.weight_unit === 'KG' || item.weight_unit === 'LB' ? item.weight_unit : req.weight_units;
    const net =
      item.weight === undefined
        ? 0
        : Math.round((weightInKg(item.weight, unitWeight) / weightInKg(1, req.weight_units)) * 1000) / 1000;
    return dropUndefined<CarrierCLineItem>({
      number: i + 1,
      description: item.description ?? 'Merchandise',
      // `value` of a customs item is the line total; MyDHL's price is per unit.
      price: Math.round(((item.value ?? 0) / quantity) * 1000) / 1000,
      quantity: { value: quantity, unitOfMeasurement: item.quantity_unit ?? 'PCS' },
      commodityCodes: hs ? [{ typeCode: 'outbound', value: hs }] : undefined,
      exportReasonType,
      manufacturerCountry: (item.manufacture_country_code ?? origin).toUpperCase(),
      exportControlClassificationNumber: req.eccn,
      weight: { netValue: net, grossValue: item.gross_weight ?? net },
    });
  });
}

const values = (...v: (string | undefined)[]): { value: string }[] | undefined => {
  const out = v.filter((x): x is string => x !== undefined && x !== '').map((value) => ({ value }));
  return out.length > 0 ? out : undefined;
};

export function exportDeclaration(req: ShipmentRequest, shipDate: string): CarrierCExportDeclaration {
  const licenses = [
    ...new Set((req.customs_items ?? []).map((i) => i.license_number).filter((l): l is string => !!l)),
  ].slice(0, 2);
  const charges = [
    req.freight_cost === undefined ? undefined : { value: req.freight_cost, typeCode: 'freight' },
    req.other_charges === undefined ? undefined : { value: req.other_charges, typeCode: 'other' },
  ].filter((c): c is { value: number; typeCode: string } => c !== undefined);
  const code = req.export_reason_code?.toLowerCase();
  const reason = code && EXPORT_REASON_TYPES.has(code) ? code : req.type === 'return' ? 'return' : 'permanent';
  return dropUndefined<CarrierCExportDeclaration>({
    lineItems: lineItems(req, reason),
    invoice: {
      // The invoice number is required; without one the ship date stands in (INV-YYYYMMDD).
      number: req.invoice_number ?? `INV-${shipDate.replace(/-/g, '')}`,
      date: req.invoice_date ?? shipDate,
      signatureName: req.signature_name,
      signatureTitle: req.signature_title,
      termsOfPayment: req.terms_of_payment,
    },
    remarks: values(req.remarks, req.other_remarks_2, req.other_remarks_3),
    additionalCharges: charges.length > 0 ? charges : undefined,
    placeOfIncoterm: req.place_of_incoterms,
    payerVATNumber: req.vatgst,
    recipientReference: req.receiver_reference,
    exporter: req.exporter_id || req.exporter_code ? { id: req.exporter_id, code: req.exporter_code } : undefined,
    packageMarks: req.package_marks,
    declarationNotes: values(req.add_decl_text ?? req.declaration_statement, req.add_decl_text_2, req.add_decl_text_3),
    exportReason: req.export_reason,
    exportReasonType: reason,
    licenses: licenses.length > 0 ? licenses.map((value) => ({ typeCode: 'export' as const, value })) : undefined,
    shipmentType: 'commercial',
  });
}
