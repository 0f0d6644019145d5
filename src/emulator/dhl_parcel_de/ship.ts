/**
 * Shipping API v2 orders: `POST /parcel/de/shipping/v2/orders` books up to 30 shipments (one parcel
 * each) and answers their numbers with labels in the docFormat and printFormat of the query (PDF
 * base64 in `b64`, ZPL II text in `zpl2`), and a customs document (CN23) for shipments with customs;
 * `DELETE /parcel/de/shipping/v2/orders?profile=…&shipment=…` deletes shipments DHL has not yet
 * taken. Each shipment is checked as the API checks it; a failed one is an item with
 * validationMessages in the state "Error", a house number missing is only a "Warning".
 */
import type { FastifyInstance } from 'fastify';
import { labelStock, renderInvoicePdf, renderLabel, type LabelStock } from '../../documents/drawing/index.js';
import { arr, at, isObject, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure, invalid, problem, validationFailure } from './errors.js';
import { PRODUCTS } from './prices.js';
import type { Party } from './state.js';
import { pickupTime } from './timeline.js';
import { checkShipment } from './request.js';

/** The printFormat values of the API and the stock each prints on (mm → inches). */
const MM = 1 / 25.4;
const STOCKS: Record<string, LabelStock> = {
  A4: labelStock(210 * MM, 297 * MM, { x: 0.4, y: 0.4, w: 4, h: 6 }),
  '910-300-600': labelStock(103 * MM, 199 * MM),
  '910-300-610': labelStock(105 * MM, 208 * MM),
  '910-300-700': labelStock(105 * MM, 205 * MM),
  '910-300-700-oz': labelStock(105 * MM, 205 * MM),
  '910-300-710': labelStock(105 * MM, 209 * MM),
  '910-300-300': labelStock(105 * MM, 148 * MM),
  '910-300-300-oz': labelStock(105 * MM, 148 * MM),
  '910-300-400': labelStock(103 * MM, 150 * MM),
  '910-300-410': labelStock(103 * MM, 150 * MM),
  '100x70mm': labelStock(100 * MM, 70 * MM),
};
/** Without printFormat the account's default applies; the emulator's accounts print on 910-300-700. */
const DEFAULT_PRINT = '910-300-700';
const MAX_SHIPMENTS = 30;

const lines = (p: Party): string[] =>
  [p.name1, [p.street, p.house].filter(Boolean).join(' '), `${p.postalCode} ${p.city}`.trim(), p.country].filter(
    (l) => l !== '',
  );

export function registerShipRoutes(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state, clock } = ctx;

  app.post('/parcel/de/shipping/v2/orders', ctx.tag('ship'), async (request, reply) => {
    const query = isObject(request.query) ? request.query : {};
    const docFormat = str(query.docFormat) ?? 'PDF';
    const printFormat = str(query.printFormat) ?? DEFAULT_PRINT;
    const stock = STOCKS[printFormat];
    if ((docFormat !== 'PDF' && docFormat !== 'ZPL2') || !stock)
      throw new DhlFailure(
        400,
        problem('Bad Request', 400, `Invalid query parameter: ${stock ? 'docFormat' : 'printFormat'}.`),
      );
    if (!str(at(request.body, 'profile')))
      throw new DhlFailure(400, validationFailure([{ messages: [invalid('profile', 'The profile is required.')] }]));
    const list = arr(at(request.body, 'shipments'));
    if (!list || list.length === 0 || list.length > MAX_SHIPMENTS)
      throw new DhlFailure(400, problem('Bad Request', 400, `Between 1 and ${MAX_SHIPMENTS} shipments are required.`));
    const now = clock.now();
    const checked = list.map((s, i) => checkShipment(s, i, now));
    // None valid: a 400. Some valid: as DHL, the valid ones are booked and the others refused item by item (207).
    if (checked.every((c) => c.problems.length > 0))
      throw new DhlFailure(400, validationFailure(checked.map((c) => ({ messages: [...c.problems, ...c.warnings] }))));

    const items = [];
    for (const c of checked) {
      if (c.problems.length > 0) {
        items.push(validationFailure([{ messages: [...c.problems, ...c.warnings] }]).items[0]);
        continue;
      }
      const s = c.shipment!;
      const product = PRODUCTS[s.product]!;
      s.shipmentNo = state.nextShipmentNo(product.s10);
      const bytes = await renderLabel(docFormat === 'ZPL2' ? 'ZPL' : 'PDF', stock, {
        trackingNumber: s.shipmentNo,
        service: product.name,
        from: lines(s.shipper),
        to: lines(s.consignee),
        weight: `${s.weightKg} KG`,
        shipDate: s.shipDate,
        ...(s.refNo ? { reference: s.refNo } : {}),
        note: 'TEST LABEL - EMULATOR - DO NOT SHIP',
      });
      const label =
        docFormat === 'ZPL2'
          ? { zpl2: bytes.toString('ascii'), fileFormat: 'ZPL2', printFormat }
          : { b64: bytes.toString('base64'), fileFormat: 'PDF', printFormat };
      let customsDoc;
      if (c.customs) {
        const pdf = await renderInvoicePdf({
          date: s.shipDate,
          trackingNumber: s.shipmentNo,
          ...(c.customs.invoiceNo ? { invoiceNumber: c.customs.invoiceNo } : {}),
          shipper: lines(s.shipper),
          recipient: lines(s.consignee),
          ...(c.customs.terms ? { termsOfSale: c.customs.terms } : {}),
          purpose: 'CN23 customs declaration',
          currency: c.customs.items[0]?.currency ?? 'EUR',
          items: c.customs.items.map((item) => ({
            description: item.description,
            quantity: item.quantity,
            weight: `${item.weightKg} kg`,
            ...(item.hsCode ? { hsCode: item.hsCode } : {}),
            ...(item.origin ? { origin: item.origin } : {}),
            unitValue: item.quantity > 0 ? Math.round((item.value / item.quantity) * 100) / 100 : item.value,
            value: item.value,
          })),
          note: 'Generated by the carrier emulator for testing.',
        });
        customsDoc = { b64: pdf.toString('base64'), fileFormat: 'PDF', printFormat: 'A4' };
      }
      let returnLabel;
      let returnShipmentNo;
      if (c.retoure) {
        returnShipmentNo = state.nextShipmentNo(false);
        const bytes = await renderLabel(docFormat === 'ZPL2' ? 'ZPL' : 'PDF', stock, {
          trackingNumber: returnShipmentNo,
          service: 'DHL RETOURE',
          from: lines(s.consignee),
          to: lines(c.retoure),
          weight: '',
          shipDate: s.shipDate,
          note: 'TEST LABEL - EMULATOR - DO NOT SHIP',
        });
        returnLabel =
          docFormat === 'ZPL2'
            ? { zpl2: bytes.toString('ascii'), fileFormat: 'ZPL2', printFormat }
            : { b64: bytes.toString('base64'), fileFormat: 'PDF', printFormat };
      }
      state.addShipment(s);
      items.push({
        shipmentNo: s.shipmentNo,
        ...(returnShipmentNo ? { returnShipmentNo, returnLabel } : {}),
        sstatus: { title: 'OK', statusCode: 200 },
        ...(s.refNo ? { shipmentRefNo: s.refNo } : {}),
        routingCode: `${s.consignee.postalCode}+99000000000000`.slice(0, 28),
        label,
        ...(customsDoc ? { customsDoc } : {}),
        ...(c.warnings.length > 0 ? { validationMessages: c.warnings } : {}),
      });
    }
    const booked = checked.filter((c) => c.problems.length === 0).length;
    const status =
      booked === items.length
        ? {
            title: 'OK',
            statusCode: 200,
            detail: `${booked} of ${items.length} shipment${items.length === 1 ? '' : 's'} successfully created.`,
          }
        : {
            title: 'Multi-Status',
            statusCode: 207,
            detail: `${booked} of ${items.length} shipments successfully created.`,
          };
    return reply.code(items.length > 1 ? 207 : 200).send({ status, items });
  });

  app.delete('/parcel/de/shipping/v2/orders', ctx.tag('cancel'), async (request, reply) => {
    const search = new URL(request.url, 'http://emulator').searchParams;
    const numbers = search.getAll('shipment');
    if (!search.get('profile'))
      throw new DhlFailure(400, problem('Bad Request', 400, 'The query parameter profile is required.'));
    if (numbers.length === 0 || numbers.length > MAX_SHIPMENTS)
      throw new DhlFailure(
        400,
        problem('Bad Request', 400, `Between 1 and ${MAX_SHIPMENTS} shipment parameters are required.`),
      );
    const now = clock.now();
    const items = numbers.map((n) => {
      const s = state.shipments.get(n);
      const refuse = (detail: string) => ({
        shipmentNo: n,
        sstatus: { title: 'Bad Request', statusCode: 400, detail },
        validationMessages: [invalid('shipment', detail)],
      });
      if (!s || s.cancelledAt) return refuse('Unknown shipment number.');
      if (s.manifestDate || now.getTime() >= pickupTime(s).getTime())
        return refuse('The shipment has already been manifested and can no longer be deleted.');
      return { shipmentNo: n, sstatus: { title: 'OK', statusCode: 200 } };
    });
    const failed = items.filter((i) => i.sstatus.statusCode !== 200).length;
    // Deleted only when every one can be: the adapter cancels a booking's parcels together.
    if (failed === 0) for (const n of numbers) state.shipments.get(n)!.cancelledAt = now;
    const status =
      failed === 0
        ? { title: 'OK', statusCode: 200, detail: 'The Webservice call ran successfully.' }
        : {
            title: 'Bad Request',
            statusCode: 400,
            detail: `${failed} of ${items.length} shipments could not be deleted.`,
          };
    return reply.code(failed === 0 ? (items.length > 1 ? 207 : 200) : 400).send({ status, items });
  });
}
