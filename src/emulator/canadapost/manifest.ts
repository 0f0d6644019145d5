/**
 * Manifests: Transmit Shipments `POST /rs/{customer}/{mobo}/manifest` (a manifest-v8 `transmit-set`
 * naming groups) transmits every shipment of those groups not yet transmitted and answers
 * `manifests` with a link per manifest made (one here); Get Manifest `GET …/manifest/{id}` answers
 * like the recorded `manifest` (PO number, links self, details, manifestShipments, artifact), and the
 * artifact is the manifest's PDF. Get Shipment Details `GET …/shipment/{id}/details` names the group
 * a shipment was created in, as the recorded details do.
 */
import type { FastifyInstance } from 'fastify';
import { buildXml, xmlElement, xmlList, xmlText } from '../../carriers/shared/xml.js';
import type { CanadapostCtx } from './context.js';
import { CpcFailure, failures } from './errors.js';
import { easternToday } from './rate.js';
import { postalCode, readRoot, required, text } from './request.js';
import type { StoredManifest, StoredShipment } from './state.js';

const MANIFEST_TYPE = 'application/vnd.cpc.manifest-v8+xml';
const MANIFEST_NS = 'http://www.canadapost.ca/ws/manifest-v8';
const SHIPMENT_TYPE = 'application/vnd.cpc.shipment-v8+xml';
const SHIPMENT_NS = 'http://www.canadapost.ca/ws/shipment-v8';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';

const xmlDocument = (root: string, body: object): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml(root, body)}`;

async function manifestPdf(
  m: StoredManifest,
  shipments: StoredShipment[],
  company: string,
  date: string,
): Promise<Buffer> {
  // Loaded with the first manifest, not at start (pdf-lib is large).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Manifest / Order', { x: 40, y: 750, size: 16, font: bold });
  page.drawText(`PO ${m.poNumber}   Customer ${m.customer}   ${company}   ${date}`, { x: 40, y: 728, size: 10, font });
  const lines = shipments.map(
    (s) =>
      `${s.pin}   ${s.quote.service.code}   ${s.weightKg.toFixed(3)} kg   ${s.destination.postalCode}   ${s.quote.due.toFixed(2)} CAD`,
  );
  lines.slice(0, 40).forEach((line, k) => page.drawText(line, { x: 50, y: 700 - k * 15, size: 9, font }));
  page.drawText(`${shipments.length} item(s)   TEST - canadapost emulator`, { x: 40, y: 40, size: 8, font });
  doc.setProducer('Waybill carrier emulator');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function registerManifestRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.post('/rs/:customer/:mobo/manifest', ctx.tag('manifest'), async (request, reply) => {
    const { customer, mobo } = request.params as { customer: string; mobo: string };
    const root = readRoot(request, 'transmit-set');
    const groups = xmlList(xmlElement(root['group-ids'])?.['group-id']).map((g) => xmlText(g) ?? '');
    if (groups.length === 0) required(request, root, 'group-ids/group-id');
    const address = xmlElement(root['manifest-address']);
    const company = required(request, address, 'manifest-company');
    required(request, address, 'phone-number');
    postalCode(request, required(request, address, 'address-details/postal-zip-code'));
    const point = text(root, 'requested-shipping-point');
    if (point !== undefined) postalCode(request, point);
    const shipments = ctx.state.booked.filter(
      (s) =>
        s.customer === customer &&
        s.contract &&
        !s.voided &&
        s.status === 'created' &&
        s.groupId !== undefined &&
        groups.includes(s.groupId),
    );
    if (shipments.length === 0)
      throw new CpcFailure(400, '8068', `There are no shipments to transmit in group ${groups.join(', ')}.`);
    const { id, poNumber } = ctx.state.nextManifest();
    const artifactPath = ctx.state.nextArtifact();
    const manifest: StoredManifest = {
      id,
      customer,
      mobo,
      poNumber,
      artifactPath,
      shipmentIds: shipments.map((s) => s.id),
    };
    for (const s of shipments) {
      s.status = 'transmitted';
      s.manifestId = id;
    }
    ctx.state.manifests.set(id, manifest);
    ctx.state.artifacts.set(artifactPath, {
      bytes: await manifestPdf(manifest, shipments, company, easternToday(ctx.clock.now())),
      mediaType: 'application/pdf',
    });
    reply.type(MANIFEST_TYPE);
    return xmlDocument('manifests', {
      '@_xmlns': MANIFEST_NS,
      link: [
        {
          '@_rel': 'manifest',
          '@_href': `${LINK_HOST}/rs/${customer}/${mobo}/manifest/${id}`,
          '@_media-type': MANIFEST_TYPE,
        },
      ],
    });
  });

  app.get('/rs/:customer/:mobo/manifest/:id', ctx.tag('manifest'), async (request, reply) => {
    const { customer, mobo, id } = request.params as { customer: string; mobo: string; id: string };
    const m = ctx.state.manifests.get(id);
    if (!m || m.customer !== customer) throw new CpcFailure(404, '8003', 'The manifest requested does not exist.');
    const base = `${LINK_HOST}/rs/${customer}/${mobo}`;
    reply.type(MANIFEST_TYPE);
    return xmlDocument('manifest', {
      '@_xmlns': MANIFEST_NS,
      'po-number': m.poNumber,
      links: {
        link: [
          { '@_rel': 'self', '@_href': `${base}/manifest/${id}`, '@_media-type': MANIFEST_TYPE },
          { '@_rel': 'details', '@_href': `${base}/manifest/${id}/details`, '@_media-type': MANIFEST_TYPE },
          {
            '@_rel': 'manifestShipments',
            '@_href': `${base}/shipment?manifestId=${id}`,
            '@_media-type': SHIPMENT_TYPE,
          },
          {
            '@_rel': 'artifact',
            '@_href': `${LINK_HOST}/rs/artifact/${m.artifactPath}/0`,
            '@_media-type': 'application/pdf',
          },
        ],
      },
    });
  });

  app.get('/rs/:customer/:mobo/shipment/:id/details', ctx.tag('shipments'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    const s = ctx.state.shipments.get(id);
    if (!s || s.voided || s.customer !== customer || !s.contract) throw failures.noShipment();
    reply.type(SHIPMENT_TYPE);
    return xmlDocument('shipment-details', {
      '@_xmlns': SHIPMENT_NS,
      ...(s.requestId ? { 'customer-request-id': s.requestId } : {}),
      'shipment-status': s.status,
      'final-shipping-point': s.sender.postalCode,
      'tracking-pin': s.pin,
      'shipment-detail': {
        ...(s.groupId ? { 'group-id': s.groupId } : { 'transmit-shipment': 'true' }),
        'expected-mailing-date': s.mailingDate,
        'delivery-spec': { 'service-code': s.quote.service.code },
      },
    });
  });
}
