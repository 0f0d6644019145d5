/**
 * Shipping API v2 manifests: `POST /parcel/de/shipping/v2/manifests` closes out the parcels of
 * `shipmentNumbers` (or, with `all=true`, every open parcel), answering 207 with one item per
 * parcel: closed (200), closed before (200 with a warning), or unknown (400); `GET …/manifests?date=`
 * answers that day's manifest, a PDF listing the parcels closed on it. A closed parcel can no
 * longer be deleted.
 */
import type { FastifyInstance } from 'fastify';
import { addDays, isIsoDate, localDate } from '../calendar.js';
import { arr, at, isObject, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure, invalid, problem } from './errors.js';
import { GERMANY } from './timeline.js';

const PATH = '/parcel/de/shipping/v2/manifests';
/** How far back a manifest can be fetched. */
const KEPT_DAYS = 30;

async function manifestPdf(date: string, rows: string[][]): Promise<Buffer> {
  // Loaded with the first manifest, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = 40;
  for (let i = 0; i === 0 || i < rows.length; i += perPage) {
    const page = doc.addPage([595, 842]);
    page.drawText('Einlieferungsliste / Manifest', { x: 40, y: 800, size: 14, font: bold });
    page.drawText(`Date ${date}   Parcels ${rows.length}   TEST DOCUMENT - EMULATOR`, {
      x: 40,
      y: 780,
      size: 10,
      font,
    });
    rows
      .slice(i, i + perPage)
      .forEach((cols, k) => page.drawText(cols.join('   '), { x: 50, y: 750 - k * 16, size: 9, font }));
  }
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerManifestRoutes(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state, clock } = ctx;

  app.post(PATH, ctx.tag('manifest'), async (request, reply) => {
    const query = isObject(request.query) ? request.query : {};
    if (!str(at(request.body, 'profile')))
      throw new DhlFailure(400, problem('Bad Request', 400, 'The profile is required.'));
    const now = clock.now();
    const today = localDate(now, GERMANY);
    const all = str(query.all) === 'true';
    const named = (arr(at(request.body, 'shipmentNumbers')) ?? []).map((n) =>
      typeof n === 'number' ? String(n) : (str(n) ?? ''),
    );
    if (!all && (named.length === 0 || named.length > 30))
      throw new DhlFailure(
        400,
        problem('Bad Request', 400, 'Between 1 and 30 shipmentNumbers are required unless all=true.'),
      );
    const numbers = all
      ? state.booked.filter((s) => !s.cancelledAt && !s.manifestDate).map((s) => s.shipmentNo)
      : named;
    const items = numbers.map((n) => {
      const s = state.shipments.get(n);
      if (!s || s.cancelledAt)
        return {
          shipmentNo: n,
          sstatus: { title: 'Bad Request', statusCode: 400, detail: 'Unknown shipment number.' },
          validationMessages: [invalid('shipmentNumbers', 'Unknown shipment number.')],
        };
      if (s.manifestDate)
        return {
          shipmentNo: n,
          sstatus: { title: 'OK', statusCode: 200 },
          validationMessages: [
            {
              property: 'shipmentNumbers',
              validationMessage: 'The shipment has already been closed.',
              validationState: 'Warning',
            },
          ],
        };
      s.manifestDate = today;
      return { shipmentNo: n, sstatus: { title: 'OK', statusCode: 200 } };
    });
    const ok = items.filter((i) => i.sstatus.statusCode === 200).length;
    return reply.code(207).send({
      status: { title: 'Multi-Status', statusCode: 207, detail: `${ok} of ${items.length} shipments closed.` },
      items,
    });
  });

  app.get(PATH, ctx.tag('manifest'), async (request, reply) => {
    const query = isObject(request.query) ? request.query : {};
    const today = localDate(clock.now(), GERMANY);
    const date = str(query.date) ?? today;
    if (!isIsoDate(date) || date > today || date < addDays(today, -KEPT_DAYS))
      throw new DhlFailure(
        400,
        problem('Bad Request', 400, 'The date is too old, lies in the future or is not a date (YYYY-MM-DD).'),
      );
    const billing = str(query.billingNumber);
    const closed = state.booked.filter(
      (s) => s.manifestDate === date && !s.cancelledAt && (!billing || s.billingNumber === billing),
    );
    const pdf = await manifestPdf(
      date,
      closed.map((s) => [
        s.shipmentNo,
        s.product,
        s.billingNumber,
        `${s.weightKg} kg`,
        `${s.consignee.postalCode} ${s.consignee.city}`,
      ]),
    );
    return reply.send({
      status: { title: 'OK', statusCode: 200 },
      manifestDate: date,
      manifest: [{ b64: pdf.toString('base64'), fileFormat: 'PDF', printFormat: 'A4' }],
      items: closed.map((s) => ({ shipmentNo: s.shipmentNo, sheetNo: '1' })),
    });
  });
}
