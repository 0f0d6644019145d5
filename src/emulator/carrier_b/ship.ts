/**
 * Shipping API (vendor/Shipping.yaml): `POST /api/shipments/{version}/ship` books and labels a
 * shipment, `DELETE /api/shipments/{version}/void/cancel/{shipmentidentificationnumber}` voids it.
 *
 * Booking validates what the Shipping API requires (Shipper with ShipperNumber, ShipTo, Service,
 * Package with Packaging, LabelImageFormat), numbers one 1Z package per Package entry (the first is
 * the shipment identification number), prices it like the Rating API and renders a real label per
 * package in the asked format: GIF, PNG, ZPL or EPL, on 4×6 (or 4×8 stock, where UPS still prints
 * the 4×6 image: LabelStockSize "Label Image will only scale up to 4 X 6"). SPL is refused: it is
 * UPS's own printer language for SATO printers and the emulator has no honest renderer for it.
 * International bookings with InternationalForms answer a commercial invoice PDF in
 * ShipmentResults.Form (Code 01 "All Requested International Forms").
 * Voiding is refused for unknown numbers, shipments already voided and shipments UPS has picked up.
 */
import type { FastifyInstance } from 'fastify';
import { localDate, utcOffsetMinutes } from '../calendar.js';
import { labelStock, renderInvoicePdf, renderLabel, type LabelFormat } from '../../documents/drawing/index.js';
import { at, isObject, num, round2, str } from '../json.js';
import { responseHeader, type CarrierBCtx } from './context.js';
import { errors, UpsFailure, type UpsError } from './errors.js';
import { chargeBlock, deliveryDate, laneFor, negotiatedBlock, quote, serviceOn } from './prices.js';
import { isoOf, list, readShipment } from './request.js';
import type { StoredShipment, UpsParty } from './state.js';
import { pickupTime } from './timeline.js';

const FORMATS: Record<string, LabelFormat> = { GIF: 'GIF', PNG: 'PNG', ZPL: 'ZPL', EPL: 'EPL' };

function lines(p: UpsParty): string[] {
  return [p.name, ...p.lines, [p.city, p.state, p.postalCode].filter(Boolean).join(' '), p.countryCode].filter((l): l is string => !!l);
}

async function invoice(shipment: StoredShipment, forms: Record<string, unknown>): Promise<string> {
  const currency = str(forms.CurrencyCode) ?? 'USD';
  const items = list(forms.Product).map((p) => {
    const quantity = num(at(p, 'Unit.Number')) ?? 1;
    const unitValue = num(at(p, 'Unit.Value')) ?? 0;
    const description = list(at(p, 'Description')).map(str).find(Boolean) ?? str(at(p, 'Description')) ?? '';
    return {
      description,
      quantity,
      weight: `${str(at(p, 'ProductWeight.Weight')) ?? '-'} ${str(at(p, 'ProductWeight.UnitOfMeasurement.Code')) ?? ''}`.trim(),
      ...(str(at(p, 'CommodityCode')) ? { hsCode: str(at(p, 'CommodityCode')) } : {}),
      ...(str(at(p, 'OriginCountryCode')) ? { origin: str(at(p, 'OriginCountryCode')) } : {}),
      unitValue,
      value: round2(unitValue * quantity),
    };
  });
  const pdf = await renderInvoicePdf({
    date: shipment.shipDate,
    trackingNumber: shipment.id,
    ...(str(forms.InvoiceNumber) ? { invoiceNumber: str(forms.InvoiceNumber) } : {}),
    shipper: lines(shipment.shipFrom),
    recipient: lines(shipment.shipTo),
    ...(str(forms.TermsOfShipment) ? { termsOfSale: str(forms.TermsOfShipment) } : {}),
    ...(str(forms.ReasonForExport) ? { purpose: str(forms.ReasonForExport) } : {}),
    currency,
    items,
  });
  return pdf.toString('base64');
}

export function registerShipRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  const { state, clock } = ctx;

  app.post('/api/shipments/:version/ship', ctx.tag('ship'), async (request) => {
    const shipRequest = at(request.body, 'ShipmentRequest');
    if (!isObject(shipRequest)) throw new UpsFailure(400, [errors.missing('ShipmentRequest')]);
    const problems: UpsError[] = [];
    const s = readShipment(shipRequest.Shipment, 'Packaging', problems);
    if (!s.shipperNumber) problems.push(errors.missing('Shipment.Shipper.ShipperNumber'));
    if (!s.serviceCode) problems.push(errors.missing('Shipment.Service.Code'));
    const formatCode = str(at(shipRequest, 'LabelSpecification.LabelImageFormat.Code'))?.toUpperCase();
    if (!formatCode) problems.push(errors.missing('LabelSpecification.LabelImageFormat.Code'));
    else if (formatCode === 'SPL') problems.push(errors.labelFormat(formatCode));
    else if (!FORMATS[formatCode]) problems.push(errors.invalid('LabelSpecification.LabelImageFormat.Code', formatCode));
    const height = str(at(shipRequest, 'LabelSpecification.LabelStockSize.Height'));
    if (height !== undefined && height !== '6' && height !== '8') problems.push(errors.invalid('LabelSpecification.LabelStockSize.Height', height));
    const offset = utcOffsetMinutes(s.shipFrom.countryCode, s.shipFrom.postalCode);
    const now = clock.now();
    const today = localDate(now, offset);
    const shipDate = s.shipmentDate === undefined ? today : isoOf(s.shipmentDate);
    if (!shipDate || shipDate < today || shipDate > deliveryDate(today, 5)) problems.push(errors.shipDate());
    if (problems.length > 0) throw new UpsFailure(400, problems);

    const lane = laneFor({ country: s.shipFrom.countryCode, postal: s.shipFrom.postalCode }, { country: s.shipTo.countryCode, postal: s.shipTo.postalCode });
    const service = serviceOn(lane, s.serviceCode ?? '');
    if (!service) throw new UpsFailure(400, [errors.serviceUnavailable(s.serviceCode ?? '')]);
    const forms = at(shipRequest, 'Shipment.ShipmentServiceOptions.InternationalForms');
    if (!lane.domestic && !isObject(forms) && !isObject(at(shipRequest, 'Shipment.DocumentsOnlyIndicator')) && str(at(shipRequest, 'Shipment.DocumentsOnlyIndicator')) === undefined) {
      throw new UpsFailure(400, [errors.missing('Shipment.ShipmentServiceOptions.InternationalForms')]);
    }

    const q = quote(service, lane, s.packages);
    const date = shipDate ?? today;
    const account = s.shipperNumber ?? '';
    const packages = s.packages.map((p) => ({ trackingNumber: state.nextTrackingNumber(account, service.code), weight: p.weight, unit: p.unit }));
    const id = packages[0]?.trackingNumber ?? '';
    const shipment: StoredShipment = {
      id,
      accountNumber: account,
      serviceCode: service.code,
      bookedAt: now,
      shipDate: date,
      deliveryDate: deliveryDate(date, q.days),
      shipFrom: s.shipFrom,
      shipTo: s.shipTo,
      packages,
      returnService: isObject(at(shipRequest, 'Shipment.ReturnService')),
      references: [at(shipRequest, 'Shipment.ReferenceNumber'), ...list(at(shipRequest, 'Shipment.Package')).map((p) => at(p, 'ReferenceNumber'))]
        .flatMap(list)
        .flatMap((r) => str(at(r, 'Value')) ?? []),
    };
    state.addShipment(shipment);

    const format = FORMATS[formatCode ?? 'GIF'] ?? 'GIF';
    const stock = height === '8' ? labelStock(4, 8, { x: 0, y: 0, w: 4, h: 6 }) : labelStock(4, 6);
    const results = await Promise.all(
      packages.map(async (p, i) => {
        const image = await renderLabel(format, stock, {
          trackingNumber: p.trackingNumber,
          trackingDisplay: p.trackingNumber.replace(/^(.{2})(.{3})(.{3})(.{2})(.{4})(.{4})$/, '$1 $2 $3 $4 $5 $6'),
          service: `${service.name.toUpperCase()}${shipment.returnService ? ' RETURN' : ''}`,
          from: lines(s.shipFrom),
          to: lines(s.shipTo),
          weight: `${p.weight} ${p.unit}`,
          shipDate: date,
          piece: `${i + 1} OF ${packages.length}`,
          note: 'TEST LABEL - DO NOT SHIP',
        });
        return {
          TrackingNumber: p.trackingNumber,
          ServiceOptionsCharges: { CurrencyCode: q.currency, MonetaryValue: '0.00' },
          ShippingLabel: { ImageFormat: { Code: formatCode, Description: formatCode }, GraphicImage: image.toString('base64') },
        };
      }),
    );
    const form = isObject(forms)
      ? { Code: '01', Description: 'All Requested International Forms', Image: { ImageFormat: { Code: 'PDF', Description: 'PDF' }, GraphicImage: await invoice(shipment, forms) }, FormGroupId: `${id}F` }
      : undefined;
    return {
      ShipmentResponse: {
        Response: responseHeader(str(at(shipRequest, 'Request.TransactionReference.CustomerContext'))),
        ShipmentResults: {
          ShipmentCharges: chargeBlock(q),
          ...(s.negotiated ? { NegotiatedRateCharges: negotiatedBlock(q) } : {}),
          BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: q.billableLb.toFixed(1) },
          ShipmentIdentificationNumber: id,
          // Below v2403 one package answers as an object (fixtures/shipment_ShipmentResponseJSON.json).
          PackageResults: results.length === 1 ? results[0] : results,
          ...(form ? { Form: form } : {}),
        },
      },
    };
  });

  app.delete('/api/shipments/:version/void/cancel/:id', ctx.tag('cancel'), async (request) => {
    const { id } = request.params as { id: string };
    const shipment = state.shipments.get(id);
    if (!shipment) throw new UpsFailure(400, [errors.voidNotFound()]);
    if (shipment.voidedAt) throw new UpsFailure(400, [errors.voidAgain()]);
    const now = clock.now();
    if (pickupTime(shipment).getTime() <= now.getTime()) throw new UpsFailure(400, [errors.voidTendered()]);
    shipment.voidedAt = now;
    const success = { Code: '1', Description: 'Voided' };
    return {
      VoidShipmentResponse: {
        Response: responseHeader(undefined),
        SummaryResult: { Status: success },
        PackageLevelResult: shipment.packages.map((p) => ({ TrackingNumber: p.trackingNumber, Status: success })),
      },
    };
  });
}
