/**
 * Shipping API (vendor/Shipping.yaml): `POST /api/shipments/{version}/ship` books and labels a
 * shipment, `DELETE /api/shipments/{version}/void/cancel/{shipmentidentificationnumber}` voids it,
 * and `POST /api/labels/{version}/recovery` (Label Recovery) draws a booked shipment's labels again.
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
/** Label Recovery's LabelImageFormat codes: GIF, PDF, ZPL, EPL, SPL (no PNG); "Default is GIF". */
const RECOVERY_FORMATS: Record<string, LabelFormat> = { GIF: 'GIF', PDF: 'PDF', ZPL: 'ZPL', EPL: 'EPL' };

function lines(p: UpsParty): string[] {
  return [p.name, ...p.lines, [p.city, p.state, p.postalCode].filter(Boolean).join(' '), p.countryCode].filter(
    (l): l is string => !!l,
  );
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
      weight:
        `${str(at(p, 'ProductWeight.Weight')) ?? '-'} ${str(at(p, 'ProductWeight.UnitOfMeasurement.Code')) ?? ''}`.trim(),
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

/** Package `i`'s label, drawn the same at booking and at Label Recovery; 4×8 thermal stock keeps the 4×6 image. */
function drawLabel(
  shipment: StoredShipment,
  i: number,
  format: LabelFormat,
  height: string | undefined,
): Promise<Buffer> {
  const p = shipment.packages[i]!;
  const stock = height === '8' ? labelStock(4, 8, { x: 0, y: 0, w: 4, h: 6 }) : labelStock(4, 6);
  return renderLabel(format, stock, {
    trackingNumber: p.trackingNumber,
    trackingDisplay: p.trackingNumber.replace(/^(.{2})(.{3})(.{3})(.{2})(.{4})(.{4})$/, '$1 $2 $3 $4 $5 $6'),
    service: `${(shipment.serviceName ?? shipment.serviceCode).toUpperCase()}${shipment.returnService ? ' RETURN' : ''}`,
    from: lines(shipment.shipFrom),
    to: lines(shipment.shipTo),
    weight: `${p.weight} ${p.unit}`,
    shipDate: shipment.shipDate,
    piece: `${i + 1} OF ${shipment.packages.length}`,
    note: 'TEST LABEL - DO NOT SHIP',
  });
}

/** Pages of several PDFs as one document: Label Recovery's PDF "is only returned at the first package result". */
async function onePdf(files: Buffer[]): Promise<Buffer> {
  if (files.length === 1) return files[0]!;
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (const file of files) {
    const src = await PDFDocument.load(file);
    for (const page of await doc.copyPages(src, src.getPageIndices())) doc.addPage(page);
  }
  return Buffer.from(await doc.save());
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
    else if (!FORMATS[formatCode])
      problems.push(errors.invalid('LabelSpecification.LabelImageFormat.Code', formatCode));
    const height = str(at(shipRequest, 'LabelSpecification.LabelStockSize.Height'));
    if (height !== undefined && height !== '6' && height !== '8')
      problems.push(errors.invalid('LabelSpecification.LabelStockSize.Height', height));
    const offset = utcOffsetMinutes(s.shipFrom.countryCode, s.shipFrom.postalCode);
    const now = clock.now();
    const today = localDate(now, offset);
    const shipDate = s.shipmentDate === undefined ? today : isoOf(s.shipmentDate);
    if (!shipDate || shipDate < today || shipDate > deliveryDate(today, 5)) problems.push(errors.shipDate());
    if (problems.length > 0) throw new UpsFailure(400, problems);

    const lane = laneFor(
      { country: s.shipFrom.countryCode, postal: s.shipFrom.postalCode },
      { country: s.shipTo.countryCode, postal: s.shipTo.postalCode },
    );
    const service = serviceOn(lane, s.serviceCode ?? '');
    if (!service) throw new UpsFailure(400, [errors.serviceUnavailable(s.serviceCode ?? '')]);
    const forms = at(shipRequest, 'Shipment.ShipmentServiceOptions.InternationalForms');
    if (
      !lane.domestic &&
      !isObject(forms) &&
      !isObject(at(shipRequest, 'Shipment.DocumentsOnlyIndicator')) &&
      str(at(shipRequest, 'Shipment.DocumentsOnlyIndicator')) === undefined
    ) {
      throw new UpsFailure(400, [errors.missing('Shipment.ShipmentServiceOptions.InternationalForms')]);
    }

    const q = quote(service, lane, s.packages);
    const date = shipDate ?? today;
    const account = s.shipperNumber ?? '';
    const packages = s.packages.map((p) => ({
      trackingNumber: state.nextTrackingNumber(account, service.code),
      weight: p.weight,
      unit: p.unit,
    }));
    const id = packages[0]?.trackingNumber ?? '';
    const shipment: StoredShipment = {
      id,
      accountNumber: account,
      serviceCode: service.code,
      serviceName: service.name,
      bookedAt: now,
      shipDate: date,
      deliveryDate: deliveryDate(date, q.days),
      shipFrom: s.shipFrom,
      shipTo: s.shipTo,
      packages,
      returnService: isObject(at(shipRequest, 'Shipment.ReturnService')),
      references: [
        at(shipRequest, 'Shipment.ReferenceNumber'),
        ...list(at(shipRequest, 'Shipment.Package')).map((p) => at(p, 'ReferenceNumber')),
      ]
        .flatMap(list)
        .flatMap((r) => str(at(r, 'Value')) ?? []),
    };
    state.addShipment(shipment);

    const format = FORMATS[formatCode ?? 'GIF'] ?? 'GIF';
    const results = await Promise.all(
      packages.map(async (p, i) => {
        const image = await drawLabel(shipment, i, format, height);
        return {
          TrackingNumber: p.trackingNumber,
          ServiceOptionsCharges: { CurrencyCode: q.currency, MonetaryValue: '0.00' },
          ShippingLabel: {
            ImageFormat: { Code: formatCode, Description: formatCode },
            GraphicImage: image.toString('base64'),
          },
        };
      }),
    );
    const form = isObject(forms)
      ? {
          Code: '01',
          Description: 'All Requested International Forms',
          Image: { ImageFormat: { Code: 'PDF', Description: 'PDF' }, GraphicImage: await invoice(shipment, forms) },
          FormGroupId: `${id}F`,
        }
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

  // Label Recovery (Shipping.yaml LabelRecovery): by TrackingNumber, the booked shipment's labels
  // drawn again in the format asked, one LabelResults entry per package; a PDF is one document of
  // every package's label at the first entry. Voided or unknown: the void call's "No shipment found".
  app.post('/api/labels/:version/recovery', ctx.tag('label_recovery'), async (request) => {
    const recovery = at(request.body, 'LabelRecoveryRequest');
    if (!isObject(recovery)) throw new UpsFailure(400, [errors.missing('LabelRecoveryRequest')]);
    const number = str(recovery.TrackingNumber);
    if (!number) throw new UpsFailure(400, [errors.missing('LabelRecoveryRequest.TrackingNumber')]);
    const code = (str(at(recovery, 'LabelSpecification.LabelImageFormat.Code')) ?? 'GIF').toUpperCase();
    const format = RECOVERY_FORMATS[code];
    if (!format)
      throw new UpsFailure(400, [
        code === 'SPL' ? errors.labelFormat(code) : errors.invalid('LabelSpecification.LabelImageFormat.Code', code),
      ]);
    const height = str(at(recovery, 'LabelSpecification.LabelStockSize.Height'));
    if (height !== undefined && height !== '6' && height !== '8')
      throw new UpsFailure(400, [errors.invalid('LabelSpecification.LabelStockSize.Height', height)]);
    const shipment = state.shipments.get(number);
    if (!shipment || shipment.voidedAt) throw new UpsFailure(400, [errors.noShipment()]);
    const images = await Promise.all(shipment.packages.map((_, i) => drawLabel(shipment, i, format, height)));
    const pdf = format === 'PDF' ? await onePdf(images) : undefined;
    const image = (i: number) => ({
      LabelImageFormat: { Code: code },
      GraphicImage: (pdf ?? images[i]!).toString('base64'),
    });
    return {
      LabelRecoveryResponse: {
        Response: responseHeader(str(at(recovery, 'Request.TransactionReference.CustomerContext'))),
        ShipmentIdentificationNumber: shipment.id,
        LabelResults: shipment.packages.map((p, i) => ({
          TrackingNumber: p.trackingNumber,
          ...(pdf === undefined || i === 0 ? { LabelImage: image(i) } : {}),
        })),
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
