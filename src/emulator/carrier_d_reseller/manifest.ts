/**
 * GetSCANXML (src/carriers/carrier_d_reseller/README.md §9): a SCAN form takes the account's unrefunded labels not yet on a form;
 * the others are listed in ExcludedItems.
 */
import type { FastifyInstance } from 'fastify';
import { xmlElement, xmlList, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { authenticate, elsRoute, ElsFailure, picNumbers, type CarrierDResellerCtx } from './context.js';

async function scanFormPdf(id: string, accountId: string, pics: string[], when: Date): Promise<Buffer> {
  // Loaded with the first form, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('PS Form 5630 - Shipment Confirmation Acceptance Notice (SCAN)', {
    x: 40,
    y: 740,
    size: 13,
    font: bold,
  });
  page.drawText(`Form ${id}  Account ${accountId}  ${when.toISOString().slice(0, 10)}  Pieces: ${pics.length}`, {
    x: 40,
    y: 718,
    size: 10,
    font,
  });
  pics
    .slice(0, 55)
    .forEach((pic, i) => page.drawText(pic, { x: 40 + (i % 2) * 270, y: 690 - Math.floor(i / 2) * 14, size: 9, font }));
  doc.setTitle(`SCAN form ${id}`);
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerManifestRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  const scan = {
    operation: 'manifest' as const,
    path: 'GetSCANXML',
    field: 'scanRequestXML',
    root: 'SCANRequest',
    responseRoot: 'SCANResponse',
    statusless: true,
  };
  elsRoute(app, ctx, scan, async (root) => {
    const account = authenticate(ctx, root, false);
    const format = xmlText((xmlElement(root.GetSCANRequestParameters) ?? {})['@_ImageFormat']) ?? 'PDF';
    if (format.toUpperCase() !== 'PDF')
      throw new ElsFailure(1001, `Missing or invalid element: ImageFormat (${format}).`);
    const included: string[] = [];
    const excluded: object[] = [];
    for (const pic of picNumbers(root)) {
      const label = ctx.state.labels.get(pic);
      const reason =
        !label || label.accountId !== account.accountId
          ? 'Not found'
          : label.refundedAt
            ? 'Refunded'
            : label.scanFormId
              ? `Already on SCAN form ${label.scanFormId}`
              : undefined;
      if (reason) excluded.push({ PicNumber: pic, Reason: reason });
      else included.push(pic);
    }
    if (included.length === 0) throw new ElsFailure(1011, 'None of the items can be put on a SCAN form.');
    const id = ctx.state.nextScanFormId();
    for (const pic of included) {
      const label = ctx.state.labels.get(pic);
      if (label) label.scanFormId = id;
    }
    const pdf = await scanFormPdf(id, account.accountId, included, ctx.clock.now());
    return {
      RequesterID: xmlText(root.RequesterID),
      RequestID: xmlText(root.RequestID) ?? '',
      SubmissionID: id,
      SCANForm: pdf.toString('base64'),
      ...(excluded.length > 0 ? { ExcludedItems: { Item: excluded } } : {}),
    };
  });
}
