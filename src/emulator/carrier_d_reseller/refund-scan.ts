/**
 * GetRefundXML and GetSCANXML (PROTOCOL.md §8, §9). A refund is approved per label that is the
 * account's, not yet refunded and not on a SCAN form (G13 p.112), and returns its postage to the
 * balance; RefundResponse has no Status (VCR get_refund_*). A SCAN form takes the account's
 * unrefunded labels not yet on a form; the others are listed in ExcludedItems.
 */
import type { FastifyInstance } from 'fastify';
import { xmlElement, xmlList, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { authenticate, elsRoute, ElsFailure, fail, type CarrierDResellerCtx } from './context.js';
import { round2 } from './rates.js';

function picNumbers(root: XmlObject): string[] {
  const pics = xmlList(xmlElement(root.PicNumbers)?.PicNumber).map(xmlText).filter((p): p is string => p !== undefined);
  if (pics.length === 0) throw fail.missing('PicNumbers');
  return pics;
}

/** MM/DD/YYYY HH:MM:SS, as the refund message writes its date (VCR). */
function refundDate(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

async function scanFormPdf(id: string, accountId: string, pics: string[], when: Date): Promise<Buffer> {
  // Loaded with the first form, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('PS Form 5630 - Shipment Confirmation Acceptance Notice (SCAN)', { x: 40, y: 740, size: 13, font: bold });
  page.drawText(`Form ${id}  Account ${accountId}  ${when.toISOString().slice(0, 10)}  Pieces: ${pics.length}`, { x: 40, y: 718, size: 10, font });
  pics.slice(0, 55).forEach((pic, i) => page.drawText(pic, { x: 40 + (i % 2) * 270, y: 690 - Math.floor(i / 2) * 14, size: 9, font }));
  doc.setTitle(`SCAN form ${id}`);
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerRefundScanRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  const refund = { operation: 'cancel' as const, path: 'GetRefundXML', field: 'refundRequestXML', root: 'RefundRequest', responseRoot: 'RefundResponse' };
  elsRoute(app, ctx, refund, (root) => {
    const account = authenticate(ctx, root, false);
    const now = ctx.clock.now();
    const refunds = picNumbers(root).map((pic) => {
      const label = ctx.state.labels.get(pic);
      let status = 'DeniedInvalid';
      let message = 'RC INVALID_REFUND_RECORD due to missing tracking record or mismatching associated data';
      if (label && label.accountId === account.accountId) {
        if (label.refundedAt) message = `RC ALREADY_REFUNDED on ${refundDate(label.refundedAt)}`;
        else if (label.scanFormId) message = `RC ITEM_ON_SCAN_FORM ${label.scanFormId}: items on a SCAN form cannot be refunded`;
        else {
          label.refundedAt = now;
          account.balance = round2(account.balance + label.postage);
          status = 'Approved';
          message = ` Electronic RC RC_SUCCESS Transaction date ${refundDate(label.printedAt)} mail class ${label.mailClass} sub class  PicNumber ${pic} CustomsId `;
        }
      }
      return { '@_PicNumber': pic, '@_TransactionId': String(label?.transactionId ?? 0), '@_PieceNumber': '0', RefundStatus: status, RefundStatusMessage: message };
    });
    return { RequesterID: xmlText(root.RequesterID), RequestID: xmlText(root.RequestID) ?? '', Refund: refunds, FormId: refunds.some((r) => r.RefundStatus === 'Approved') ? String(12_345_678) : '0' };
  });

  const scan = { operation: 'manifest' as const, path: 'GetSCANXML', field: 'scanRequestXML', root: 'SCANRequest', responseRoot: 'SCANResponse', statusless: true };
  elsRoute(app, ctx, scan, async (root) => {
    const account = authenticate(ctx, root, false);
    const format = xmlText((xmlElement(root.GetSCANRequestParameters) ?? {})['@_ImageFormat']) ?? 'PDF';
    if (format.toUpperCase() !== 'PDF') throw new ElsFailure(1001, `Missing or invalid element: ImageFormat (${format}).`);
    const included: string[] = [];
    const excluded: object[] = [];
    for (const pic of picNumbers(root)) {
      const label = ctx.state.labels.get(pic);
      const reason = !label || label.accountId !== account.accountId ? 'Not found' : label.refundedAt ? 'Refunded' : label.scanFormId ? `Already on SCAN form ${label.scanFormId}` : undefined;
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
