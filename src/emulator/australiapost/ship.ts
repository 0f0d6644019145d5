/**
 * Australia Post shipments and labels:
 * - `POST /shipping/v1/shipments` books shipments (`{ shipments: [...] }`), numbering each item,
 *   pricing it like /prices/items and answering like the recorded answer: ids, `tracking_details`,
 *   `item_summary` and `shipment_summary` with GST apart;
 * - `GET /shipping/v1/shipments` lists the account's shipments not yet in an order;
 * - `DELETE /shipping/v1/shipments/{id}` deletes a shipment no order holds (200, no content);
 * - `POST /shipping/v1/labels` asks for labels, which complete asynchronously: the answer is
 *   PENDING, and `GET /shipping/v1/labels/{request_id}` answers AVAILABLE with the label's URL once
 *   the request's polls are spent. The URL is a signed link outside the API (no credentials),
 *   serving a real PDF or ZPL label with a Code 128 barcode of the article id; an international
 *   item's label carries its customs declaration.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { arr, at, bool, isObject, num, str } from '../json.js';
import { accountOf } from './auth.js';
import type { AustraliaPostCtx } from './context.js';
import { failures, type AusPostError } from './errors.js';
import { LAYOUTS, renderLabels } from './label-stock.js';
import { limitBreached, priceOf, productById } from './prices.js';
import { fieldName, Problems, readItems, readParty } from './request.js';
import { AU_OFFSET, shipmentReply } from './ship-reply.js';
import type { LabelRequest, StoredItem, StoredShipment } from './state.js';

function readShipment(ctx: AustraliaPostCtx, body: unknown, path: string, account: string, now: Date): StoredShipment {
  const p = new Problems();
  const from = readParty(body, `${path}.from`, p);
  const to = readParty(body, `${path}.to`, p);
  const items = readItems(body, `${path}.items`, p);
  const movementType = str(at(body, `${path}.movement_type`)) ?? 'DESPATCH';
  if (!['DESPATCH', 'RETURN', 'TRANSFER'].includes(movementType))
    p.invalid(`${path}.movement_type`, `The movement type ${movementType} is not valid.`);
  p.throwIfAny();
  const refused: AusPostError[] = [];
  const stored: StoredItem[] = [];
  const consignment = ctx.state.nextConsignment();
  let customs = false;
  items.forEach((item, i) => {
    const field = `${fieldName(path)}.items[${i}]`;
    const productId = str(item.raw.product_id);
    const product = productId === undefined ? undefined : productById(productId);
    if (!product) {
      refused.push({
        code: '44009',
        name: 'PRODUCT_NOT_FOUND',
        message: `The product ${productId ?? ''} specified in an item is not valid for the contract account ${account}.`,
        field: `${field}.product_id`,
      });
      return;
    }
    if (
      product.international !== (to.country !== 'AU') ||
      (product.countries && !product.countries.includes(to.country))
    ) {
      refused.push({
        code: '44011',
        name: 'PRODUCT_NOT_AVAILABLE_FOR_DESTINATION',
        message: `The product ${product.id} is not available for the destination country ${to.country}.`,
        field: `${field}.product_id`,
      });
      return;
    }
    if (product.returns !== (movementType === 'RETURN')) {
      refused.push({
        code: '44012',
        name: 'PRODUCT_MOVEMENT_TYPE_MISMATCH',
        message: `The product ${product.id} cannot be used with the movement type ${movementType}.`,
        field: `${field}.product_id`,
      });
      return;
    }
    if (bool(item.raw.contains_dangerous_goods) === true && product.international) {
      refused.push({
        code: '44003',
        name: 'DANGEROUS_GOODS_NOT_SUPPORTED_BY_PRODUCT_ERROR',
        message: `The product ${product.id} specified in an item has indicated that dangerous goods will be included in the parcel, however, the product does not allow dangerous goods to be sent using the service.`,
        field,
      });
      return;
    }
    const why = limitBreached(product, item);
    const price = why === undefined ? priceOf(product, item) : undefined;
    if (!price) {
      refused.push({
        code: '44022',
        name: 'ITEM_EXCEEDS_PRODUCT_LIMITS',
        message: why ?? `The weight ${item.weight} kg of the item is not valid.`,
        field,
      });
      return;
    }
    if (product.international) {
      const contents = (arr(item.raw.item_contents) ?? []).filter(isObject);
      if (contents.length === 0 || !str(item.raw.classification_type)) {
        refused.push({
          code: '44026',
          name: 'CUSTOMS_DECLARATION_REQUIRED',
          message: `An international item requires classification_type and item_contents for its customs declaration.`,
          field,
        });
        return;
      }
      if (contents.some((c) => !str(c.description) || num(c.value) === undefined || num(c.quantity) === undefined)) {
        refused.push({
          code: '40002',
          name: 'JSON_MANDATORY_FIELD_MISSING',
          message: 'Each item_contents entry requires description, quantity and value.',
          field: `${field}.item_contents`,
        });
        return;
      }
      customs = true;
    }
    stored.push({
      itemId: ctx.state.nextId('item'),
      articleId: ctx.state.articleId(consignment, stored.length + 1),
      reference: str(item.raw.item_reference) ?? String(i + 1),
      productId: product.id,
      weight: item.weight,
      exGst: price.exGst,
      gst: price.gst,
    });
  });
  if (refused.length > 0) throw failures.many(refused);
  const references = [
    str(at(body, `${path}.customer_reference_1`)),
    str(at(body, `${path}.customer_reference_2`)),
  ].filter((r): r is string => r !== undefined);
  return {
    shipmentId: ctx.state.nextId('shipment'),
    consignmentId: consignment,
    reference: str(at(body, `${path}.shipment_reference`)) ?? '',
    references,
    account,
    bookedAt: now,
    movementType,
    from,
    to,
    items: stored,
    customs,
  };
}

/** The label request's answer; `origin` makes the label URL on the host the caller reached. */
function labelReply(l: LabelRequest, origin: string, ctx: AustraliaPostCtx): Record<string, unknown> {
  const available = l.pendingPolls <= 0;
  const date = (d: Date): string => {
    const local = new Date(d.getTime() + AU_OFFSET * 60_000).toISOString();
    return `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)} ${local.slice(11, 19)}`;
  };
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + 3600;
  return {
    request_id: l.requestId,
    status: available ? 'AVAILABLE' : 'PENDING',
    request_date: date(l.requestedAt),
    ...(available
      ? {
          url: `${origin}/australiapost/lodgement/labels/${l.requestId}.${l.format === 'PDF' ? 'pdf' : 'zpl'}?Expires=${expires}&Signature=emulated`,
          url_creation_date: date(ctx.clock.now()),
        }
      : {}),
    shipments: [{ shipment_id: l.shipmentId, options: [], items: l.itemIds.map((item_id) => ({ item_id })) }],
    shipment_ids: [l.shipmentId],
  };
}

const originOf = (request: FastifyRequest): string =>
  `${request.protocol}://${request.headers.host ?? request.hostname}`;

export function registerShipRoutes(app: FastifyInstance, ctx: AustraliaPostCtx): void {
  app.post('/shipping/v1/shipments', ctx.tag('ship'), async (request, reply) => {
    const account = accountOf(request);
    const list = (arr(at(request.body, 'shipments')) ?? []).filter(isObject);
    if (list.length === 0) throw failures.missing('shipments');
    const now = ctx.clock.now();
    // Every shipment is read before any is kept: a refused one books none of the request's.
    const shipments = list.map((_, i) => readShipment(ctx, request.body, `shipments.${i}`, account, now));
    for (const s of shipments) {
      ctx.state.shipments.set(s.shipmentId, s);
      ctx.state.booked.push(s);
    }
    reply.code(201);
    return { shipments: shipments.map(shipmentReply) };
  });

  app.get('/shipping/v1/shipments', ctx.tag('manifest'), async (request) => {
    const account = accountOf(request);
    const open = ctx.state.booked.filter(
      (s) => s.account === account && !s.orderId && ctx.state.shipments.has(s.shipmentId),
    );
    return {
      shipments: open.map(shipmentReply),
      pagination: {
        total_number_of_records: open.length,
        number_of_records_per_page: open.length,
        current_page_number: 1,
      },
    };
  });

  app.delete<{ Params: { id: string } }>('/shipping/v1/shipments/:id', ctx.tag('cancel'), async (request, reply) => {
    const s = ctx.state.shipments.get(request.params.id);
    if (!s || s.account !== accountOf(request))
      throw failures.notFound(
        '44013',
        'SHIPMENT_NOT_FOUND',
        `The shipment with shipment ID ${request.params.id} cannot be found.`,
      );
    if (s.orderId)
      throw failures.conflict(
        '44017',
        'SHIPMENT_IN_ORDER',
        `The shipment with shipment ID ${s.shipmentId} is part of order ${s.orderId} and cannot be deleted.`,
      );
    ctx.state.shipments.delete(s.shipmentId);
    return reply.code(200).send();
  });

  app.post('/shipping/v1/labels', ctx.tag('label'), async (request) => {
    const body = request.body;
    const account = accountOf(request);
    const preference = (arr(at(body, 'preferences')) ?? []).filter(isObject)[0];
    const format = str(preference?.format) ?? 'PDF';
    if (format !== 'PDF' && format !== 'ZPL')
      throw failures.invalid(
        'preferences[0].format',
        `The label format ${format} is not valid. Valid formats are PDF and ZPL.`,
      );
    const layout = str(at(preference, 'groups.0.layout')) ?? 'A4-1pp';
    if (!LAYOUTS[layout.toUpperCase()])
      throw failures.invalid('preferences[0].groups[0].layout', `The layout ${layout} is not valid.`);
    const wanted = (arr(at(body, 'shipments')) ?? []).filter(isObject)[0];
    const s = ctx.state.shipments.get(str(wanted?.shipment_id) ?? '');
    if (!s || s.account !== account)
      throw failures.notFound(
        '44013',
        'SHIPMENT_NOT_FOUND',
        `The shipment with shipment ID ${str(wanted?.shipment_id) ?? ''} cannot be found.`,
      );
    const askedItems = (arr(wanted?.items) ?? [])
      .map((i) => str(at(i, 'item_id')))
      .filter((i): i is string => i !== undefined);
    const unknown = askedItems.find((id) => !s.items.some((i) => i.itemId === id));
    if (unknown)
      throw failures.notFound(
        '44014',
        'ITEM_NOT_FOUND',
        `The item with item ID ${unknown} cannot be found in shipment ${s.shipmentId}.`,
      );
    const label: LabelRequest = {
      requestId: ctx.state.nextLabelRequestId(),
      account,
      requestedAt: ctx.clock.now(),
      format,
      layout,
      shipmentId: s.shipmentId,
      itemIds: askedItems.length > 0 ? askedItems : s.items.map((i) => i.itemId),
      pendingPolls: ctx.state.labelPendingPolls,
    };
    ctx.state.labels.set(label.requestId, label);
    return { labels: [labelReply(label, originOf(request), ctx)] };
  });

  app.get<{ Params: { id: string } }>('/shipping/v1/labels/:id', ctx.tag('label'), async (request) => {
    const label = ctx.state.labels.get(request.params.id);
    if (!label || label.account !== accountOf(request))
      throw failures.notFound(
        '44015',
        'LABEL_REQUEST_NOT_FOUND',
        `The label request ${request.params.id} cannot be found.`,
      );
    label.pendingPolls -= 1;
    return { labels: [labelReply(label, originOf(request), ctx)] };
  });

  // The signed link of an AVAILABLE label: outside the API, so no credentials and no operation tag.
  app.get<{ Params: { file: string } }>('/lodgement/labels/:file', async (request, reply) => {
    const m = /^(.+)\.(pdf|zpl)$/.exec(request.params.file);
    const label = m?.[1] ? ctx.state.labels.get(m[1]) : undefined;
    if (!label || label.pendingPolls > 0)
      return reply
        .code(403)
        .type('application/xml')
        .send(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
        );
    const bytes = await renderLabels(ctx, label);
    return reply.type(label.format === 'PDF' ? 'application/pdf' : 'text/plain').send(bytes);
  });
}
