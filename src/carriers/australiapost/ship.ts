/**
 * Booking: ShipmentRequest → `POST /shipping/v1/shipments` (one shipment, an item per package, the
 * customs declaration on international items) and its answer → the booked items; then a label per
 * item, `POST /shipping/v1/labels`, which completes asynchronously (`PENDING`, then `AVAILABLE`
 * with its URL). `bookedShipment` puts items and fetched labels together.
 */
import type { BookedPackage, BookedShipment, Costs, CustomsItem, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined, numeric, obj, objects, text, toDecimalString } from '../shared/json.js';
import { isInternational } from '../shared/address.js';
import { labelGroup, labelLayout, productId, productSlug, RETURN_PRODUCTS } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { eachPackage, features, kg, packaging, wireAddress } from './mapping.js';
import type { AusPostItemContent, AusPostLabelRequest, AusPostShipmentItem, AusPostShipmentRequest } from './wire.js';

/** The product booked: the service asked for, else Parcel Post (its returns product for returns), Standard with Signature abroad. */
export function productFor(req: ShipmentRequest): string {
  const returns = req.type === 'return';
  const id =
    req.service !== undefined ? productId(req.service) : returns ? 'PR' : isInternational(req) ? 'PTI7' : 'T28';
  if (returns !== RETURN_PRODUCTS.has(id)) {
    throw new ApiError(
      'schema_validation_error',
      returns
        ? `a return label needs a return service (australiapost_parcel_post_returns, australiapost_express_post_returns), not ${req.service}`
        : `${req.service} books return labels only: send type "return"`,
      'shipment.service',
    );
  }
  if (returns && isInternational(req))
    throw new ApiError(
      'schema_validation_error',
      'australiapost return labels are domestic only',
      'shipment.sender.country',
    );
  return id;
}

function contentOf(item: CustomsItem, req: ShipmentRequest): AusPostItemContent {
  return dropUndefined<AusPostItemContent>({
    description: (item.description ?? 'Merchandise').slice(0, 40),
    quantity: Math.max(1, Math.round(item.quantity ?? 1)),
    value: item.value ?? 0,
    weight: item.weight === undefined ? undefined : kg(item.weight, item.weight_unit ?? req.weight_units),
    tariff_code: (item.commodity_code ?? item.harmonized_code)?.replace(/\D/g, '').slice(0, 6) || undefined,
    country_of_origin: item.manufacture_country_code ?? req.sender.country.toUpperCase(),
  });
}

/** Customs items shared out over the parcels, each parcel's own declaration (round robin). */
function declarations(req: ShipmentRequest, parcels: number): AusPostItemContent[][] {
  const items = req.customs_items ?? [];
  if (items.length === 0)
    throw new ApiError(
      'schema_field_required',
      'australiapost needs customs_items for an international shipment: the declaration prints with the label',
      'shipment.customs_items',
    );
  if (items.length < parcels)
    throw new ApiError(
      'schema_validation_error',
      `australiapost declares customs per parcel: give at least one customs item per parcel (${parcels})`,
      'shipment.customs_items',
    );
  const out: AusPostItemContent[][] = Array.from({ length: parcels }, () => []);
  items.forEach((item, i) => out[i % parcels]!.push(contentOf(item, req)));
  return out;
}

export function buildShipRequest(req: ShipmentRequest): AusPostShipmentRequest {
  const product = productFor(req);
  const services = new Set(req.special_services ?? []);
  const parcels = eachPackage(req);
  const international = isInternational(req);
  const customs = international ? declarations(req, parcels.length) : undefined;
  const type = packaging(req);
  const refs = (req.references ?? []).map((r) => r.value.slice(0, 50)).filter((v) => v !== '');
  const items = parcels.map((p, i): AusPostShipmentItem => {
    const dangerous = p.pkg.special_services?.includes('dangerous_goods');
    return dropUndefined<AusPostShipmentItem>({
      item_reference: String(i + 1),
      product_id: product,
      length: p.length,
      width: p.width,
      height: p.height,
      weight: p.weight,
      packaging_type: type,
      authority_to_leave: services.has('authority_to_leave') ? true : undefined,
      safe_drop_enabled: services.has('safe_drop') ? true : undefined,
      allow_partial_delivery: services.has('allow_partial_delivery') ? true : undefined,
      contains_dangerous_goods: dangerous ? true : undefined,
      features: features(req, p.pkg),
      classification_type: customs ? (req.type === 'return' ? 'RETURN' : 'SALE_OF_GOODS') : undefined,
      commercial_value: customs ? true : undefined,
      item_contents: customs?.[i],
    });
  });
  return {
    shipments: [
      dropUndefined({
        // Waybill's own reference when it has one, so the booking can be recognised; else the shipper's first.
        shipment_reference: (req.waybill_reference ?? refs[0])?.slice(0, 50),
        customer_reference_1: refs[0],
        customer_reference_2: refs[1],
        email_tracking_enabled: services.has('email_tracking') ? true : undefined,
        movement_type: req.type === 'return' ? ('RETURN' as const) : undefined,
        from: wireAddress(req.sender, 'shipment.sender'),
        to: wireAddress(req.recipient, 'shipment.recipient'),
        items,
      }),
    ],
  };
}

/** What the booking answer says: the shipment, its items' numbers and the costs. */
export interface BookedItems {
  shipmentId: string;
  productId?: string;
  items: { itemId: string; articleId: string }[];
  costs?: Costs;
}

function costsOf(summary: Record<string, unknown> | undefined): Costs | undefined {
  const total = numeric(summary?.total_cost);
  if (!summary || total === undefined) return undefined;
  const exGst = numeric(summary.total_cost_ex_gst) ?? total;
  const surcharges = (numeric(summary.fuel_surcharge) ?? 0) + (numeric(summary.manual_handling_surcharge) ?? 0);
  const base = exGst - surcharges >= 0 ? exGst - surcharges : exGst;
  return {
    base_charge: toDecimalString(base),
    surcharges: toDecimalString(exGst - base),
    discounts: '0.00',
    taxes: toDecimalString(numeric(summary.total_gst) ?? total - exGst),
    net_charge: toDecimalString(total),
    currency: 'AUD',
  };
}

export function parseShipResponse(body: unknown): BookedItems {
  throwIfError(body);
  const shipment = objects(obj(body)?.shipments)[0];
  const shipmentId = text(shipment?.shipment_id);
  if (!shipment || !shipmentId) throw unexpectedBody('ship response (no shipment_id)');
  const items = objects(shipment.items).map((i) => ({
    itemId: text(i.item_id),
    articleId: text(obj(i.tracking_details)?.article_id),
    productId: text(i.product_id),
  }));
  const complete = items.filter(
    (i): i is { itemId: string; articleId: string; productId: string | undefined } =>
      i.itemId !== undefined && i.articleId !== undefined,
  );
  if (complete.length === 0 || complete.length !== items.length)
    throw unexpectedBody('ship response (an item without item_id or article_id)');
  return dropUndefined<BookedItems>({
    shipmentId,
    productId: complete[0]?.productId,
    items: complete.map(({ itemId, articleId }) => ({ itemId, articleId })),
    costs: costsOf(obj(shipment.shipment_summary)),
  });
}

/** One item's label: the format and layout asked for, in the product's label group. */
export function buildLabelRequest(
  req: ShipmentRequest,
  shipmentId: string,
  itemId: string,
  product: string,
): AusPostLabelRequest {
  const { format, layout } = labelLayout(req.label_type, req.label_size);
  return {
    wait_for_label_url: true,
    preferences: [
      {
        type: 'PRINT',
        format,
        groups: [{ group: labelGroup(product), layout, branded: true, left_offset: 0, top_offset: 0 }],
      },
    ],
    shipments: [{ shipment_id: shipmentId, items: [{ item_id: itemId }] }],
  };
}

export interface LabelStatus {
  requestId: string;
  status: string;
  url?: string;
}

/** A label request's answer (POST /labels or GET /labels/{id}): its id, status and, once AVAILABLE, URL. */
export function parseLabelResponse(body: unknown): LabelStatus {
  throwIfError(body);
  const label = objects(obj(body)?.labels)[0];
  const requestId = text(label?.request_id);
  const status = text(label?.status)?.toUpperCase();
  if (!label || !requestId || !status) throw unexpectedBody('label response (no request_id or status)');
  if (status === 'ERROR') {
    const why = objects(label.errors)
      .map((e) => text(e.message))
      .filter(Boolean)
      .join('; ');
    throw new ApiError(
      'carrier_exception',
      why || `australiapost could not produce the label ${requestId}`,
      `australiapost label request ${requestId} status ERROR`,
    );
  }
  return dropUndefined<LabelStatus>({ requestId, status, url: status === 'AVAILABLE' ? text(label.url) : undefined });
}

/** The label's bytes are the kind asked for: a PDF, or ZPL commands. */
export function checkLabel(bytes: Uint8Array, format: 'PDF' | 'ZPL', requestId: string): BookedPackage['label_format'] {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const ok = format === 'PDF' ? head.includes('%PDF-') : head.includes('^XA');
  if (!ok) throw unexpectedBody(`label ${requestId} (not ${format})`);
  return format;
}

export function bookedShipment(booked: BookedItems, labels: { bytes: Uint8Array; format: string }[]): BookedShipment {
  const first = booked.items[0];
  if (!first) throw unexpectedBody('ship response (no items)');
  return dropUndefined<BookedShipment>({
    tracking_number: first.articleId,
    carrier_shipment_id: booked.shipmentId,
    service_type: booked.productId === undefined ? undefined : productSlug(booked.productId),
    packages: booked.items.map((item, i) => ({
      tracking_number: item.articleId,
      label: labels[i]?.bytes ?? new Uint8Array(),
      label_format: labels[i]?.format ?? 'PDF',
    })),
    costs: booked.costs,
  });
}
