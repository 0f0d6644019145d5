/**
 * MyDHL booking: `POST /shipments` (supermodelIoLogisticsExpressCreateShipmentRequest) validates the
 * required members, numbers the shipment (tracking-numbers.ts) and its pieces, prices it like /rates,
 * and answers 201 like samples/shipment_response.json: one label per piece in `documents[]`
 * (packageReferenceNumber), the commercial invoice and waybill document when their imageOptions ask
 * for them, QR codes under `packages[].documents`, and `shipmentCharges` with getRateEstimates.
 * Labels are real (the shared renderer) in the asked encodingFormat and template size.
 */
import type { FastifyInstance } from 'fastify';
import {
  labelStock,
  renderInvoicePdf,
  renderLabel,
  type LabelFormat,
  type LabelStock,
} from '../../documents/drawing/index.js';
import { arr, at, bool, isObject, num, round2, str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';
import { deliveryDay, pickupDay, productsFor, quote } from './prices.js';
import {
  checkNotPast,
  Problems,
  readParty,
  readPieces,
  readPlanned,
  readUnit,
  readValueAddedServices,
} from './request.js';
import type { Party, StoredShipment } from './state.js';
import { pieceId } from './tracking-numbers.js';

/** outputImageProperties.encodingFormat → renderer format and the imageFormat DHL reports. */
const ENCODINGS: Readonly<Record<string, { format: LabelFormat; imageFormat: string }>> = {
  pdf: { format: 'PDF', imageFormat: 'PDF' },
  zpl: { format: 'ZPL', imageFormat: 'ZPL' },
  epl: { format: 'EPL', imageFormat: 'EPL' },
  lp2: { format: 'EPL', imageFormat: 'LP2' },
};

const A4 = { w: 8.27, h: 11.69 };
const onA4 = (w: number, h: number): LabelStock => labelStock(A4.w, A4.h, { x: 0.25, y: 0.25, w, h });

/** Label templates of the vendor file (imageOptions.templateName) → stock; 8×4 is a 4 in × 8 in label. */
const TEMPLATES: Readonly<Record<string, { stock: LabelStock; a4: LabelStock }>> = {
  ECOM26_84_001: { stock: labelStock(4, 8), a4: onA4(4, 8) },
  ECOM26_84_A4_001: { stock: onA4(4, 8), a4: onA4(4, 8) },
  ECOM_TC_A4: { stock: onA4(4, 8), a4: onA4(4, 8) },
  ECOM26_84CI_001: { stock: labelStock(4, 8), a4: onA4(4, 8) },
  ECOM26_84CI_002: { stock: labelStock(4, 8), a4: onA4(4, 8) },
  ECOM26_84CI_003: { stock: labelStock(4, 8), a4: onA4(4, 8) },
  ECOM26_A6_002: { stock: labelStock(4, 6), a4: onA4(4, 6) },
};

function option(body: unknown, typeCode: string): Record<string, unknown> | undefined {
  return (arr(at(body, 'outputImageProperties.imageOptions')) ?? [])
    .filter(isObject)
    .find((o) => o.typeCode === typeCode);
}

function addressLines(p: Party): string[] {
  return [p.name, p.company, ...p.lines, [p.postalCode, p.city].filter(Boolean).join(' '), p.countryCode].filter(
    (l) => l !== '',
  );
}

export function registerShipRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.post('/shipments', ctx.tag('ship'), async (request, reply) => {
    const body = request.body;
    const p = new Problems();
    const planned = readPlanned(body, 'plannedShippingDateAndTime', p);
    const productCode = p.str(body, 'productCode');
    const account = (arr(at(body, 'accounts')) ?? []).find((a) => str(at(a, 'typeCode')) === 'shipper');
    if (!str(at(account, 'number'))) p.missing.push('accounts[typeCode=shipper].number');
    const shipper = readParty(body, 'customerDetails.shipperDetails', p);
    const receiver = readParty(body, 'customerDetails.receiverDetails', p);
    const pieces = readPieces(body, 'content.packages', p);
    const metric = readUnit(body, 'content.unitOfMeasurement', p);
    p.str(body, 'content.description');
    const declarable = bool(at(body, 'content.isCustomsDeclarable'));
    if (declarable === undefined) p.missing.push('content.isCustomsDeclarable');
    readValueAddedServices(body, 'valueAddedServices', p);
    const encoding = ENCODINGS[str(at(body, 'outputImageProperties.encodingFormat')) ?? 'pdf'];
    if (!encoding) p.format.push('outputImageProperties.encodingFormat');
    const labelOption = option(body, 'label');
    const template = TEMPLATES[str(labelOption?.templateName) ?? 'ECOM26_84_001'];
    if (!template) p.format.push('outputImageProperties.imageOptions[typeCode=label].templateName');
    const lineItems = (arr(at(body, 'content.exportDeclaration.lineItems')) ?? []).filter(isObject);
    if (declarable) {
      if (num(at(body, 'content.declaredValue')) === undefined) p.missing.push('content.declaredValue');
      p.str(body, 'content.declaredValueCurrency');
      p.str(body, 'content.incoterm');
      if (lineItems.length === 0) p.missing.push('content.exportDeclaration.lineItems');
      p.str(body, 'content.exportDeclaration.invoice.number');
      p.str(body, 'content.exportDeclaration.invoice.date');
    }
    p.throwIfAny();
    const now = ctx.clock.now();
    checkNotPast(planned, shipper.countryCode, shipper.postalCode, now);
    const product = productsFor(shipper.countryCode, receiver.countryCode, declarable ?? false).find(
      (x) => x.code === productCode,
    );
    const q = product ? quote(product, shipper.countryCode, receiver.countryCode, pieces, metric) : undefined;
    if (!product || !q || !planned || !encoding || !template) {
      throw failures.invalid(
        `Product ${productCode ?? ''} is not available for the requested origin, destination and weight. Please check the request message and retry.`,
      );
    }

    const waybill = ctx.state.nextWaybill();
    const pickup = pickupDay(planned.date, planned.time);
    const ids = pieces.map((_, i) => pieceId(waybill, i + 1));
    const fitA4 = labelOption?.fitLabelsToA4 === true;
    const stored: StoredShipment = {
      waybill,
      pieces: ids,
      productCode: product.code,
      bookedAt: now,
      pickupDate: pickup,
      deliveryDate: deliveryDay(pickup, q.transitDays),
      international: shipper.countryCode !== receiver.countryCode,
      shipper,
      receiver,
      totalWeight: round2(pieces.reduce((s, x) => s + x.weight, 0)),
      metric,
      account:
        (arr(at(body, 'accounts')) ?? [])
          .map((a) => (str(at(a, 'typeCode')) === 'shipper' ? str(at(a, 'number')) : undefined))
          .find((n) => n !== undefined) ?? '',
      references: (arr(at(body, 'customerReferences')) ?? []).flatMap((r) => {
        const value = str(at(r, 'value'));
        return value ? [{ typeCode: str(at(r, 'typeCode')) ?? 'CU', value }] : [];
      }),
    };
    ctx.state.shipments.set(waybill, stored);
    ctx.state.booked.push(stored);

    const unit = metric ? 'KG' : 'LB';
    const documents: Record<string, unknown>[] = [];
    for (const [i, id] of ids.entries()) {
      const label = await renderLabel(encoding.format, fitA4 ? template.a4 : template.stock, {
        trackingNumber: id,
        trackingDisplay: `WAYBILL ${waybill.replace(/(\d{2})(\d{4})(\d{4})/, '$1 $2 $3')}`,
        service: product.name,
        from: addressLines(shipper),
        to: addressLines(receiver),
        weight: `${pieces[i]?.weight ?? 0} ${unit}`,
        shipDate: planned.date,
        piece: `${i + 1}/${ids.length}`,
        note: 'TEST LABEL - carrier_c emulator',
      });
      documents.push({
        imageFormat: encoding.imageFormat,
        content: label.toString('base64'),
        typeCode: 'label',
        packageReferenceNumber: i + 1,
      });
    }
    const waybillDoc = option(body, 'waybillDoc');
    if (waybillDoc?.isRequested === true) {
      const doc = await renderLabel('PDF', labelStock(4, 8), {
        trackingNumber: waybill,
        service: `${product.name} - WAYBILL DOC`,
        from: addressLines(shipper),
        to: addressLines(receiver),
        weight: `${stored.totalWeight} ${unit}`,
        shipDate: planned.date,
        note:
          waybillDoc.hideAccountNumber === true ? 'ACCOUNT: (hidden)' : `ACCOUNT: ${str(at(account, 'number')) ?? ''}`,
      });
      documents.push({
        imageFormat: 'PDF',
        content: doc.toString('base64'),
        typeCode: 'waybillDoc',
        packageReferenceNumber: 1,
      });
    }
    if (option(body, 'invoice')?.isRequested === true) {
      const currency = str(at(body, 'content.declaredValueCurrency')) ?? q.currency;
      const invoice = await renderInvoicePdf({
        date: str(at(body, 'content.exportDeclaration.invoice.date')) ?? planned.date,
        trackingNumber: waybill,
        invoiceNumber: str(at(body, 'content.exportDeclaration.invoice.number')),
        shipper: addressLines(shipper),
        recipient: addressLines(receiver),
        termsOfSale: str(at(body, 'content.incoterm')),
        purpose: str(at(body, 'content.exportDeclaration.exportReasonType'))?.toUpperCase(),
        currency,
        items: lineItems.map((item) => {
          const quantity = num(at(item, 'quantity.value')) ?? 1;
          const price = num(item.price) ?? 0;
          // 201 Created, as the API description documents the booking's answer.
          reply.code(201);
          return {
            description: str(item.description) ?? '',
            quantity,
            weight: `${num(at(item, 'weight.netValue')) ?? 0} ${unit}`,
            hsCode: str(at(item, 'commodityCodes.0.value')),
            origin: str(item.manufacturerCountry),
            unitValue: price,
            value: round2(price * quantity),
          };
        }),
        note: 'Emulated carrier_c commercial invoice',
      });
      documents.push({ imageFormat: 'PDF', content: invoice.toString('base64'), typeCode: 'invoice' });
    }
    const qr = option(body, 'qr-code')?.isRequested === true;
    const packages = await Promise.all(
      ids.map(async (id, i) => ({
        referenceNumber: i + 1,
        trackingNumber: id,
        trackingUrl: `https://express.api.dhl.com/mydhlapi/shipments/${waybill}/tracking?pieceTrackingNumber=${id}`,
        volumetricWeight: q.volumetric,
        ...(qr
          ? {
              documents: [
                {
                  imageFormat: 'PNG',
                  content: (
                    await renderLabel('PNG', labelStock(2, 3), {
                      trackingNumber: id,
                      service: 'QR',
                      from: [],
                      to: [],
                      weight: '',
                      shipDate: planned.date,
                    })
                  ).toString('base64'),
                  typeCode: 'qr-code',
                },
              ],
            }
          : {}),
      })),
    );
    return {
      url: 'https://express.api.dhl.com/mydhlapi/shipments',
      shipmentTrackingNumber: waybill,
      trackingUrl: `https://express.api.dhl.com/mydhlapi/shipments/${waybill}/tracking`,
      packages,
      documents,
      ...(bool(at(body, 'getRateEstimates')) === true
        ? {
            shipmentCharges: [
              {
                currencyType: 'BILLC',
                priceCurrency: q.currency,
                price: q.total,
                serviceBreakdown: [
                  { name: product.name, price: q.base },
                  { name: 'FUEL SURCHARGE', price: q.fuel, typeCode: 'FF' },
                ],
              },
            ],
          }
        : {}),
      warnings: [],
    };
  });
}
