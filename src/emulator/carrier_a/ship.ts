/**
 * Ship API (vendor/ship-api.json): `POST /ship/v1/shipments` books and labels a shipment,
 * `PUT /ship/v1/shipments/cancel` cancels it (FedEx uses PUT here), and the document URL handed
 * out for `labelResponseOptions: URL_ONLY` serves the stored label.
 *
 * Booking validates the Ship API's required members (request.ts, plus labelResponseOptions,
 * totalWeight and labelSpecification), numbers one package per requestedPackageLineItems entry
 * (the first is the master), prices it like the Rate API, renders a real label per package in the
 * requested imageType and labelStockType, and for international shipments a commercial invoice.
 * Cancelling is refused for unknown numbers, another account's shipments, shipments already
 * cancelled, and shipments FedEx has already picked up ("cancel … shipments that have not already
 * been tendered to FedEx", Cancel Shipment).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIsoDate, localDate, utcOffsetMinutes } from '../calendar.js';
import type { LabelData } from '../../documents/drawing/index.js';
import { at, num, round2, str } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure, type FedexError } from './errors.js';
import { IMAGE_TYPES, labelStockFor } from './label-stock.js';
import { quote } from './prices.js';
import { deliveryDate, labelServiceName, laneFor, serviceByType, servicesFor } from './services.js';
import { bookingReply, type BookedPiece, type DocumentRef } from './ship-reply.js';
import { readShipment, type Party } from './request.js';
import type { StoredShipment } from './state.js';
import { pickupTime } from './timeline.js';
import { groupTrackingNumber } from './tracking-numbers.js';

const DOCUMENT_PATH = '/document/v2/document/retrieve';

export function addressLines(party: Party): string[] {
  const cityLine = [party.city, party.stateOrProvinceCode, party.postalCode].filter(Boolean).join(' ');
  return [party.personName, party.companyName, ...party.streetLines, cityLine, party.countryCode].filter(
    (line): line is string => typeof line === 'string' && line !== '',
  );
}

export function registerShipRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  const { state, clock } = ctx;
  const documentUrl = (request: FastifyRequest, key: string): string =>
    `${request.protocol}://${request.headers.host ?? 'localhost'}/carrier_a${DOCUMENT_PATH}/${key}/isLabel=true&autoPrint=false`;

  app.post('/ship/v1/shipments', ctx.tag('ship'), async (request) => {
    const body = request.body;
    const problems: FedexError[] = [];
    const s = readShipment(body, 'ship', problems);
    const responseOption = str(at(body, 'labelResponseOptions'));
    if (responseOption !== 'LABEL' && responseOption !== 'URL_ONLY')
      problems.push(errors.invalidInput('labelResponseOptions'));
    if (num(at(body, 'requestedShipment.totalWeight')) === undefined)
      problems.push(errors.invalidInput('requestedShipment.totalWeight'));
    const imageType = str(at(body, 'requestedShipment.labelSpecification.imageType'))?.toUpperCase() ?? '';
    const image = IMAGE_TYPES[imageType];
    if (!image) problems.push(errors.invalidInput('requestedShipment.labelSpecification.imageType'));
    const stock = labelStockFor(str(at(body, 'requestedShipment.labelSpecification.labelStockType')) ?? '');
    if (!stock) problems.push(errors.invalidInput('requestedShipment.labelSpecification.labelStockType'));
    const service = s.serviceType ? serviceByType(s.serviceType) : undefined;
    if (s.serviceType && !service) problems.push(errors.invalidInput('requestedShipment.serviceType'));
    const now = clock.now();
    const today = localDate(now, utcOffsetMinutes(s.shipper.countryCode, s.shipper.postalCode));
    if (s.shipDate && (!isIsoDate(s.shipDate) || s.shipDate < today))
      problems.push(errors.invalidInput('requestedShipment.shipDatestamp'));
    if (problems.length || !service || !image || !stock) throw new FedexFailure(400, problems);

    const lane = laneFor(
      { country: s.shipper.countryCode, postal: s.shipper.postalCode },
      { country: s.recipient.countryCode, postal: s.recipient.postalCode },
    );
    if (!servicesFor(lane, s.recipient.residential).includes(service))
      throw new FedexFailure(400, [errors.serviceUnavailable(service.type)]);

    const shipDate = s.shipDate ?? today;
    const packages = s.items.map((item, i) => ({
      weight: item.weight,
      dimensions: item.dimensions,
      trackingNumber: state.nextTrackingNumber(),
      sequenceNumber: i + 1,
    }));
    const master = packages[0]?.trackingNumber ?? '';
    const shipment: StoredShipment = {
      masterTrackingNumber: master,
      accountNumber: s.accountNumber,
      serviceType: service.type,
      packagingType: s.packagingType,
      bookedAt: now,
      shipDate,
      deliveryDate: deliveryDate(service, lane, shipDate),
      international: s.shipper.countryCode !== s.recipient.countryCode,
      shipper: s.shipper,
      recipient: s.recipient,
      packages,
      references: s.items.flatMap((item) => item.typedReferences),
    };
    const q = quote(service, lane, s.shipper.countryCode, s.recipient.residential, packages);
    // Booked the moment the call is taken up, before its documents are drawn: a lookup by reference
    // finds it from then on. Kept only once drawn, a booking whose drawing waited seconds for a
    // thread (a cold start on a loaded machine) was not found by a lookup made after the indexing
    // delay the caller was told, which then booked the shipment a second time.
    state.addShipment(shipment);
    const keep = (key: string, contentType: string, bytes: Buffer): DocumentRef => {
      if (responseOption === 'LABEL') return { encodedLabel: bytes.toString('base64') };
      state.documents.set(key, { contentType, bytes });
      return { url: documentUrl(request, key) };
    };

    const pieces: BookedPiece[] = await Promise.all(
      packages.map(async (pkg, i): Promise<BookedPiece> => {
        const data: LabelData = {
          trackingNumber: pkg.trackingNumber,
          trackingDisplay: groupTrackingNumber(pkg.trackingNumber),
          service: labelServiceName(service),
          from: addressLines(s.shipper),
          to: addressLines(s.recipient),
          weight: `${round2(pkg.weight.value)} ${pkg.weight.units}`,
          shipDate,
          piece: packages.length > 1 ? `${i + 1} OF ${packages.length}` : undefined,
          reference: s.items[i]?.references[0],
          note: 'TEST LABEL - EMULATOR - DO NOT SHIP',
        };
        const bytes = await ctx.drawing.renderLabel(image.format, stock, data);
        return {
          trackingNumber: pkg.trackingNumber,
          label: keep(`SH,${pkg.trackingNumber}_SHIPPING_P`, image.contentType, bytes),
          docType: imageType,
          references: s.items[i]?.references ?? [],
        };
      }),
    );

    let invoice: { ref: DocumentRef; base64: string } | undefined;
    if (s.customs) {
      const bytes = await ctx.drawing.renderInvoicePdf({
        date: shipDate,
        trackingNumber: master,
        invoiceNumber: s.customs.invoiceNumber,
        shipper: addressLines(s.shipper),
        recipient: addressLines(s.recipient),
        termsOfSale: s.customs.termsOfSale,
        purpose: s.customs.purpose,
        currency: s.customs.commodities[0]?.currency ?? q.currency,
        items: s.customs.commodities.map((c) => ({
          description: c.description,
          quantity: c.quantity,
          weight: c.weight ? `${c.weight.value} ${c.weight.units}` : '',
          hsCode: c.harmonizedCode,
          origin: c.countryOfManufacture,
          unitValue: c.quantity > 0 ? round2(c.customsValue / c.quantity) : c.customsValue,
          value: c.customsValue,
        })),
        note: 'Generated by the carrier emulator for testing.',
      });
      invoice = {
        ref: keep(`CI,${master}_COMMERCIAL_INVOICE`, 'application/pdf', bytes),
        base64: bytes.toString('base64'),
      };
    }
    return ctx.envelope(request, bookingReply({ shipment, service, quote: q, pieces, invoice }));
  });

  app.put('/ship/v1/shipments/cancel', ctx.tag('cancel'), async (request) => {
    const body = request.body;
    const account = str(at(body, 'accountNumber.value'));
    const trackingNumber = str(at(body, 'trackingNumber'));
    const problems: FedexError[] = [];
    if (!account) problems.push(errors.accountRequired());
    if (!trackingNumber) problems.push(errors.invalidInput('trackingNumber'));
    if (problems.length || !trackingNumber) throw new FedexFailure(400, problems);
    const shipment = state.shipments.get(trackingNumber);
    if (!shipment) throw new FedexFailure(400, [errors.trackingNumberInvalid()]);
    if (shipment.accountNumber !== account) throw new FedexFailure(400, [errors.userUnauthorized()]);
    if (shipment.cancelledAt) throw new FedexFailure(400, [errors.alreadyCancelled()]);
    const now = clock.now();
    if (now.getTime() >= pickupTime(shipment).getTime()) throw new FedexFailure(400, [errors.alreadyTendered()]);
    shipment.cancelledAt = now;
    return ctx.envelope(request, { cancelledShipment: true, cancelledHistory: true, successMessage: 'Success' });
  });

  // Where URL_ONLY labels live; the path mirrors the URLs FedEx returns (fixtures/shipment_ShipmentResponse.json).
  app.get(`${DOCUMENT_PATH}/:key/*`, async (request, reply) => {
    const { key } = request.params as { key: string };
    const doc = state.documents.get(key);
    if (!doc) throw new FedexFailure(404, [errors.notFound()]);
    return reply.type(doc.contentType).send(doc.bytes);
  });
}
