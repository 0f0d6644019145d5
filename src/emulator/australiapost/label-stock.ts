/**
 * Australia Post labels as the emulator draws them: the print layouts (`preferences[].groups[].layout`)
 * as label stock, and the labels of a request's items, one page (or ZPL label) each, with a Code 128
 * barcode of the article id; an international item's label carries its customs declaration.
 */
import { labelStock, renderLabel, type LabelStock } from '../../documents/drawing/index.js';
import { localDate } from '../calendar.js';
import type { AustraliaPostCtx } from './context.js';
import { productById } from './prices.js';
import { AU_OFFSET } from './ship-reply.js';
import type { LabelRequest, Party } from './state.js';

/** Print layouts (`preferences[].groups[].layout`) → label stock; A4 layouts put the label on a page. */
const A4 = { w: 8.27, h: 11.69 };
export const LAYOUTS: Readonly<Record<string, LabelStock>> = {
  'A4-1PP': labelStock(A4.w, A4.h, { x: 0.25, y: 0.25, w: 4.13, h: 5.83 }),
  'A4-4PP': labelStock(A4.w, A4.h, { x: 0.25, y: 0.25, w: 3.9, h: 5.6 }),
  'A6-1PP': labelStock(4.13, 5.83),
  'THERMAL-LABEL-A6-1PP': labelStock(4, 6),
};

function lines(p: Party): string[] {
  return [p.name, p.business, ...p.lines, [p.suburb, p.state, p.postcode].filter(Boolean).join(' '), p.country].filter(
    (l) => l !== '',
  );
}

export async function renderLabels(ctx: AustraliaPostCtx, l: LabelRequest): Promise<Buffer> {
  const shipment = ctx.state.shipments.get(l.shipmentId);
  const stock = LAYOUTS[l.layout.toUpperCase()] ?? LAYOUTS['A6-1PP']!;
  const items = (shipment?.items ?? []).filter((i) => l.itemIds.includes(i.itemId));
  const rendered = await Promise.all(
    items.map((item, k) =>
      renderLabel(l.format, l.format === 'ZPL' ? LAYOUTS['THERMAL-LABEL-A6-1PP']! : stock, {
        trackingNumber: item.articleId,
        trackingDisplay: `CON ${shipment!.consignmentId}`,
        service: `${productById(item.productId)?.type ?? item.productId}${shipment!.customs ? ' - CN23 CUSTOMS DECLARATION' : ''}`,
        from: lines(shipment!.from),
        to: lines(shipment!.to),
        weight: `${item.weight} KG`,
        shipDate: localDate(shipment!.bookedAt, AU_OFFSET),
        piece: `${k + 1}/${items.length}`,
        reference: item.reference,
        note: 'TEST LABEL - australiapost emulator',
      }),
    ),
  );
  if (l.format === 'ZPL' || rendered.length <= 1) return Buffer.concat(rendered);
  // Loaded with the first label of several items, not at start (pdf-lib is large).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const file of rendered) {
    const doc = await PDFDocument.load(file);
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  }
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}
