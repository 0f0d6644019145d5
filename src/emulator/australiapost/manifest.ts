/**
 * Australia Post orders (the day's manifest): `POST /shipping/v1/orders` seals the named shipments
 * into an order and answers `{ order: { order_id, order_summary, shipments[] } }` as the recorded
 * answer does; `GET /shipping/v1/accounts/{account}/orders/{order_id}/summary` is the order summary
 * PDF to hand over with the parcels. A shipment already in an order, deleted or unknown refuses
 * the whole order.
 */
import type { FastifyInstance } from 'fastify';
import { localDate } from '../calendar.js';
import { arr, at, isObject, round2, str } from '../json.js';
import { accountOf } from './auth.js';
import type { AustraliaPostCtx } from './context.js';
import { failures, type AusPostError } from './errors.js';
import { shipmentReply } from './ship-reply.js';
import type { StoredOrder, StoredShipment } from './state.js';

async function summaryPdf(order: StoredOrder, shipments: StoredShipment[]): Promise<Buffer> {
  // Loaded with the first summary, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText('Order Summary', { x: 40, y: 800, size: 16, font: bold });
  page.drawText(`Order ${order.orderId}   Account ${order.account}   Created ${localDate(order.createdAt, 600)}`, {
    x: 40,
    y: 778,
    size: 10,
    font,
  });
  const articles = shipments.flatMap((s) =>
    s.items.map((i) => `${i.articleId}   ${i.productId}   ${i.weight} kg   ${s.reference}`),
  );
  articles.slice(0, 45).forEach((line, k) => page.drawText(line, { x: 50, y: 750 - k * 15, size: 9, font }));
  page.drawText('TEST - australiapost emulator', { x: 40, y: 40, size: 8, font });
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerManifestRoutes(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.post('/shipping/v1/orders', ctx.tag('manifest'), async (request, reply) => {
    const account = accountOf(request);
    const ids = (arr(at(request.body, 'shipments')) ?? []).filter(isObject).map((s) => str(s.shipment_id) ?? '');
    if (ids.length === 0) throw failures.missing('shipments');
    const refused: AusPostError[] = [];
    const shipments = ids.flatMap((id, i) => {
      const s = ctx.state.shipments.get(id);
      if (!s || s.account !== account)
        refused.push({
          code: '44013',
          name: 'SHIPMENT_NOT_FOUND',
          message: `The shipment with shipment ID ${id} cannot be found.`,
          field: `shipments[${i}].shipment_id`,
        });
      else if (s.orderId)
        refused.push({
          code: '44016',
          name: 'SHIPMENT_ALREADY_IN_ORDER',
          message: `The shipment with shipment ID ${id} is already part of order ${s.orderId}.`,
          field: `shipments[${i}].shipment_id`,
        });
      else return [s];
      return [];
    });
    if (refused.length > 0) throw failures.many(refused);
    const order: StoredOrder = {
      orderId: ctx.state.nextOrderId(),
      reference: str(at(request.body, 'order_reference')) ?? '',
      account,
      createdAt: ctx.clock.now(),
      shipmentIds: ids,
    };
    for (const s of shipments) s.orderId = order.orderId;
    ctx.state.orders.set(order.orderId, order);
    const items = shipments.flatMap((s) => s.items);
    const exGst = round2(items.reduce((t, i) => t + i.exGst, 0));
    const gst = round2(items.reduce((t, i) => t + i.gst, 0));
    const methods: Record<string, number> = {};
    for (const i of items) methods[i.productId] = (methods[i.productId] ?? 0) + 1;
    reply.code(201);
    return {
      order: {
        order_id: order.orderId,
        order_reference: order.reference,
        order_creation_date: `${localDate(order.createdAt, 600)}T${new Date(order.createdAt.getTime() + 600 * 60_000).toISOString().slice(11, 19)}+10:00`,
        order_summary: {
          total_cost: round2(exGst + gst),
          total_cost_ex_gst: exGst,
          total_gst: gst,
          status: 'Initiated',
          tracking_summary: { Sealed: items.length },
          number_of_shipments: shipments.length,
          number_of_items: items.length,
          dangerous_goods_included: false,
          total_weight: round2(items.reduce((t, i) => t + i.weight, 0)),
          shipping_methods: methods,
        },
        shipments: shipments.map(shipmentReply),
        payment_method: str(at(request.body, 'payment_method')) ?? 'CHARGE_TO_ACCOUNT',
      },
    };
  });

  app.get<{ Params: { account: string; id: string } }>(
    '/shipping/v1/accounts/:account/orders/:id/summary',
    ctx.tag('manifest'),
    async (request, reply) => {
      const account = accountOf(request);
      if (request.params.account !== account) throw failures.customer(request.params.account);
      const order = ctx.state.orders.get(request.params.id);
      if (!order || order.account !== account)
        throw failures.notFound(
          '44018',
          'ORDER_NOT_FOUND',
          `The order with order ID ${request.params.id} cannot be found.`,
        );
      const shipments = order.shipmentIds
        .map((id) => ctx.state.shipments.get(id))
        .filter((s): s is StoredShipment => s !== undefined);
      return reply.type('application/pdf').send(await summaryPdf(order, shipments));
    },
  );
}
