/**
 * The parts of the UPS ship request that buildShipRequest (ship.ts) puts together: the customs
 * forms (Shipping.yaml InternationalForms).
 */
import type { ShipmentRequest } from './fields.js';
import { dropUndefined } from '../shared/json.js';
import { FORM_TYPES } from './codes.js';
import { currencyOf, wireDate, wireNumber } from './mapping.js';
import type { CarrierBInternationalForms } from './wire.js';

/** InternationalForms: the commercial invoice (FormType 01) from customs_items, plus forms asked by services. */
export function internationalForms(req: ShipmentRequest, now: Date): CarrierBInternationalForms {
  const currency = currencyOf(req);
  const services = req.special_services ?? [];
  const extra = services.map((s) => FORM_TYPES[s]).filter((f): f is string => f !== undefined);
  return dropUndefined<CarrierBInternationalForms>({
    // Shipping.yaml: "For shipment with return service, 05 or 10 are the only valid values" (05 partial invoice).
    FormType: [req.type === 'return' ? '05' : '01', ...extra],
    Product: (req.customs_items ?? []).map((item) => {
      const quantity = item.quantity ?? 1;
      return dropUndefined({
        Description: [(item.description ?? 'Merchandise').slice(0, 35)],
        // Unit.Value is the price of one unit; customs_items carry line totals.
        Unit: {
          Number: String(quantity),
          UnitOfMeasurement: { Code: item.quantity_unit ?? 'PCS', Description: item.quantity_unit ?? 'PCS' },
          Value: wireNumber((item.value ?? 0) / quantity),
        },
        CommodityCode: item.harmonized_code ?? item.commodity_code,
        OriginCountryCode: (item.manufacture_country_code ?? req.sender.country).toUpperCase(),
        ProductWeight:
          item.weight === undefined
            ? undefined
            : {
                UnitOfMeasurement: {
                  Code: (item.weight_unit ?? req.weight_units) === 'KG' ? 'KGS' : 'LBS',
                  Description: 'Weight',
                },
                Weight: wireNumber(item.weight),
              },
      });
    }),
    InvoiceNumber: req.invoice_number,
    InvoiceDate: wireDate(req.invoice_date ?? req.ship_date ?? now.toISOString().slice(0, 10)),
    PurchaseOrderNumber: req.po_number,
    TermsOfShipment: req.terms_of_shipment ?? req.terms_of_trade,
    ReasonForExport: req.reason_for_export ?? (req.type === 'return' ? 'RETURN' : 'SALE'),
    Comments: req.comments,
    DeclarationStatement: req.declaration_statement,
    CurrencyCode: currency,
    ExportDate: req.export_date === undefined ? undefined : wireDate(req.export_date),
    ExportingCarrier: req.exporting_carrier,
    InsuranceCharges: req.insurance_cost === undefined ? undefined : { MonetaryValue: wireNumber(req.insurance_cost) },
    AdditionalDocumentIndicator: services.includes('additional_document') ? '' : undefined,
  });
}
