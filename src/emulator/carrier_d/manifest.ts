/**
 * carrier_d SCAN forms: `POST /scan-forms/v3/scan-form` (scan-forms.yaml SCANFormRequest) → multipart
 * with SCANFormMetaData (JSON, the manifested trackingNumbers and the manifestNumber) and the
 * SCANFormImage, a PS Form 5630 PDF listing them, Base64 encoded. Labels come from the given
 * trackingNumbers or, for a MID / manifestMID shipment, every label of that MID for the mailing
 * date not yet on a form (overwriteMailingDate takes labels of other days too). A label goes on one
 * form only; cancelled labels are left off.
 */
import type { FastifyInstance } from 'fastify';
import { isIsoDate } from '../calendar.js';
import { multipartBody } from '../multipart.js';
import { bool, isObject, str, strings } from '../json.js';
import { requirePayment } from './auth.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';
import type { StoredLabel } from './state.js';

async function formPdf(manifestNumber: string, mailingDate: string, zip: string, numbers: string[]): Promise<Buffer> {
  // Loaded with the first form, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = 40;
  for (let i = 0; i === 0 || i < numbers.length; i += perPage) {
    const page = doc.addPage([612, 792]);
    page.drawText('PS Form 5630 - Shipment Confirmation Acceptance Notice (SCAN)', {
      x: 40,
      y: 750,
      size: 13,
      font: bold,
    });
    page.drawText(
      `Manifest ${manifestNumber}   Mailing date ${mailingDate}   Entry ZIP ${zip}   Pieces ${numbers.length}`,
      { x: 40, y: 728, size: 10, font },
    );
    numbers.slice(i, i + perPage).forEach((n, k) => page.drawText(n, { x: 60, y: 700 - k * 16, size: 10, font }));
  }
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerManifestRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.post('/scan-forms/v3/scan-form', ctx.tag('manifest'), async (request, reply) => {
    const parties = requirePayment(ctx, request);
    const body = isObject(request.body) ? request.body : {};
    const mailingDate = str(body.mailingDate);
    if (!mailingDate || !isIsoDate(mailingDate)) throw new UspsFailure(400, [errors.missing('mailingDate')]);
    const zip = str(body.entryFacilityZIPCode) ?? '';
    if (!/^\d{5}$/.test(zip))
      throw new UspsFailure(400, [errors.invalid('entryFacilityZIPCode', 'entryFacilityZIPCode must be 5 digits.')]);
    const from = isObject(body.fromAddress) ? body.fromAddress : undefined;
    // scan-forms.yaml also requires state; the recorded request (fixtures/manifest_ManifestRequest.json) goes without it.
    for (const k of ['streetAddress', 'city', 'ZIPCode'])
      if (!from || !str(from[k])) throw new UspsFailure(400, [errors.missing(`fromAddress.${k}`)]);
    const shipment = isObject(body.shipment) ? body.shipment : {};
    const overwrite = bool(body.overwriteMailingDate) ?? false;
    let labels: StoredLabel[];
    if (Array.isArray(shipment.trackingNumbers)) {
      labels = strings(shipment.trackingNumbers).map((n) => {
        const label = ctx.state.labels.get(n);
        if (!label || label.refunded || label.manifestMid !== parties.manifestMid)
          throw new UspsFailure(400, [errors.notFound('trackingNumbers', `Label ${n} not found`)]);
        if (label.scanForm) throw new UspsFailure(400, [errors.onScanForm(n)]);
        return label;
      });
    } else {
      const mid = str(shipment.manifestMID) ?? str(shipment.MID);
      if (!mid) throw new UspsFailure(400, [errors.missing('shipment')]);
      if (mid !== parties.manifestMid && mid !== parties.mid)
        throw new UspsFailure(400, [
          errors.invalid('shipment', 'The MID does not match the payment authorization token.'),
        ]);
      labels = [...ctx.state.labels.values()].filter(
        (l) =>
          l.manifestMid === parties.manifestMid &&
          !l.refunded &&
          !l.scanForm &&
          (overwrite || l.mailingDate === mailingDate),
      );
    }
    if (labels.length === 0) throw new UspsFailure(400, [errors.noLabels()]);
    const manifestNumber = ctx.state.nextScanForm();
    for (const l of labels) {
      l.scanForm = manifestNumber;
      if (overwrite) l.mailingDate = mailingDate;
    }
    const numbers = labels.map((l) => l.trackingNumber);
    const pdf = await formPdf(manifestNumber, mailingDate, zip, numbers);
    const metadata = {
      form: '5630',
      imageType: 'PDF',
      labelType: '8.5x11LABEL',
      mailingDate,
      overwriteMailingDate: overwrite,
      entryFacilityZIPCode: zip,
      destinationEntryFacilityType: str(body.destinationEntryFacilityType) ?? 'NONE',
      shipment: {},
      manifestNumber,
      trackingNumbers: numbers,
      fromAddress: from,
    };
    const answer = multipartBody([
      { name: 'SCANFormMetaData', contentType: 'application/json', body: JSON.stringify(metadata) },
      {
        attachment: true,
        name: 'SCANFormImage',
        filename: 'SCANForm.pdf',
        contentType: 'application/pdf',
        body: pdf.toString('base64'),
      },
    ]);
    return reply.header('content-type', answer.contentType).send(answer.body);
  });
}
