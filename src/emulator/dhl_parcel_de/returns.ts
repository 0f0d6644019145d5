/**
 * The Returns API: `POST /parcel/de/shipping/returns/v1/orders?labelType=…` books a return label
 * from the customer (`shipper`, no country: the receiver id names where it comes from) to the
 * account's return receiver of that country, answering 201 as fixtures/return_shipment_
 * ReturnShipmentResponse.json does: the number, the label (PDF) and, with labelType BOTH or
 * QR_LABEL, a QR code (PNG) for the customer's app. Returns from outside the EU need customsDetails.
 * A request it cannot read is the recorded 400 problem (…ErrorResponse.json), a refused one a 422.
 */
import type { FastifyInstance } from 'fastify';
import { addBusinessDays, localDate } from '../calendar.js';
import { labelStock, renderLabel } from '../../documents/drawing/index.js';
import { arr, at, isObject, num, str } from '../json.js';
import type { DhlParcelDeCtx } from './context.js';
import { DhlFailure } from './errors.js';
import { EU_ALPHA3 } from './prices.js';
import type { Party } from './state.js';
import { GERMANY } from './timeline.js';

/** The receiver ids the emulator's accounts have: one per country the Returns API takes parcels from. */
const RECEIVERS = new Set(
  'bel bgr dnk deu est fin fra grc gbr irl ita hrv lva ltu lux mlt nld nor aut pol prt rou swe che svk svn esp cze hun cyp'.split(
    ' ',
  ),
);
/** Where the emulator's accounts take their returns. */
const RECEIVER: Party = {
  name1: 'Retourenempfänger',
  street: 'Sträßchensweg',
  house: '10',
  postalCode: '53113',
  city: 'Bonn',
  country: 'DEU',
};
const STOCK = labelStock(105 / 25.4, 148 / 25.4);

const status = (title: string, code: number, detail: string) => ({ title, status: code, detail });

export function registerReturnRoutes(app: FastifyInstance, ctx: DhlParcelDeCtx): void {
  const { state, clock } = ctx;

  app.post('/parcel/de/shipping/returns/v1/orders', ctx.tag('ship'), async (request, reply) => {
    const query = isObject(request.query) ? request.query : {};
    const labelType = str(query.labelType) ?? 'BOTH';
    if (!['SHIPMENT_LABEL', 'QR_LABEL', 'BOTH'].includes(labelType))
      throw new DhlFailure(400, status('Bad Request', 400, 'Invalid query parameter: labelType.'));
    const body = request.body;
    const receiverId = str(at(body, 'receiverId'));
    const shipper = at(body, 'shipper');
    if (!receiverId || !isObject(shipper))
      throw new DhlFailure(
        400,
        status(
          'Bad Request',
          400,
          'Bad Request - The request could not be understood by the server due to malformed syntax.',
        ),
      );
    if (!RECEIVERS.has(receiverId))
      throw new DhlFailure(422, status('Unprocessable Entity', 422, `receiverId: Unknown receiver id ${receiverId}.`));
    for (const member of ['name1', 'addressStreet', 'addressHouse', 'postalCode', 'city']) {
      if (!str(shipper[member]))
        throw new DhlFailure(422, status('Unprocessable Entity', 422, `shipper.${member}: must not be empty.`));
    }
    const country = receiverId.toUpperCase();
    const items = arr(at(body, 'customsDetails.items')) ?? [];
    if (country !== 'DEU' && !EU_ALPHA3.has(country) && items.length === 0)
      throw new DhlFailure(
        422,
        status(
          'Unprocessable Entity',
          422,
          'customsDetails: Customs details are required for returns from outside the EU.',
        ),
      );
    const uom = str(at(body, 'itemWeight.uom'));
    const raw = num(at(body, 'itemWeight.value')) ?? 1;
    const weightKg = uom === 'g' ? raw / 1000 : raw;
    if (weightKg <= 0 || weightKg > 31.5)
      throw new DhlFailure(
        422,
        status('Unprocessable Entity', 422, 'itemWeight: The weight must be between 0 and 31.5 kg.'),
      );

    const now = clock.now();
    const shipDate = localDate(now, GERMANY);
    const from: Party = {
      name1: str(shipper.name1)!,
      street: str(shipper.addressStreet)!,
      house: str(shipper.addressHouse)!,
      postalCode: str(shipper.postalCode)!,
      city: str(shipper.city)!,
      country,
    };
    const shipmentNo = state.nextShipmentNo(false);
    const reference = str(at(body, 'customerReference'));
    state.addShipment({
      shipmentNo,
      product: 'RETOURE',
      billingNumber: '',
      ...(reference ? { refNo: reference } : {}),
      bookedAt: now,
      shipDate,
      deliveryDate: addBusinessDays(shipDate, country === 'DEU' ? 2 : 5),
      shipper: from,
      consignee: RECEIVER,
      weightKg,
      international: country !== 'DEU',
    });
    const lines = (p: Party) => [
      p.name1,
      `${p.street} ${p.house ?? ''}`.trim(),
      `${p.postalCode} ${p.city}`,
      p.country,
    ];
    const data = {
      trackingNumber: shipmentNo,
      service: 'DHL RETOURE',
      from: lines(from),
      to: lines(RECEIVER),
      weight: `${weightKg} KG`,
      shipDate,
      ...(reference ? { reference: reference.slice(0, 30) } : {}),
      note: 'TEST LABEL - EMULATOR - DO NOT SHIP',
    };
    const label = labelType === 'QR_LABEL' ? undefined : await renderLabel('PDF', STOCK, data);
    const qr = labelType === 'SHIPMENT_LABEL' ? undefined : await renderLabel('PNG', STOCK, data);
    return reply.code(201).send({
      sstatus: status('Created', 201, 'Created'),
      shipmentNo,
      ...(label ? { label: { b64: label.toString('base64') } } : {}),
      ...(qr ? { qrLabel: { b64: qr.toString('base64') }, qrLink: `https://www.dhl.de/retoure/qr/${shipmentNo}` } : {}),
      routingCode: `40327653113+99000933090010`,
    });
  });
}
