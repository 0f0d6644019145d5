/**
 * carrier_d labels and refunds: `POST /labels/v3/label`, `POST /labels/v3/return-label`,
 * `POST /international-labels/v3/international-label` answer multipart/form-data with the
 * labelMetadata JSON and the labelImage, Base64 encoded ("The contents of this part are always
 * Base64 encoded", domestic-labels.yaml); `DELETE /labels/v3/label/{n}` and
 * `DELETE /international-labels/v3/international-label/{n}` cancel (CANCELED) or, once the label is
 * on a SCAN form, open a refund dispute (DISPUTED).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { utcOffsetMinutes, localDate } from '../calendar.js';
import { labelStock, renderLabel, type LabelFormat, type LabelStock } from '../../documents/drawing/index.js';
import { multipartBody } from '../multipart.js';
import { arr, isObject, num, round2, str, type JsonObject } from '../json.js';
import { requirePayment } from './auth.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';
import { extraServicesOf, rateEntry } from './rate.js';
import { priceGroup, priceOf, zoneOf } from './prices.js';
import { CLASSES, productFor } from './services.js';
import { serviceTypeCode } from './tracking-numbers.js';

/** ImageInfo.imageType values the emulator renders; TIFF, JPG and SVG it refuses. */
const IMAGE_TYPES: Record<string, { format: LabelFormat; contentType: string; ext: string }> = {
  PDF: { format: 'PDF', contentType: 'application/pdf', ext: 'pdf' },
  PNG: { format: 'PNG', contentType: 'image/png', ext: 'png' },
  GIF: { format: 'GIF', contentType: 'image/gif', ext: 'gif' },
  ZPL203DPI: { format: 'ZPL', contentType: 'application/zpl', ext: 'zpl' },
  ZPL300DPI: { format: 'ZPL', contentType: 'application/zpl', ext: 'zpl' },
  EPL300DPI: { format: 'EPL', contentType: 'application/epl', ext: 'epl' },
};

const STOCKS: Record<string, LabelStock> = {
  '4X6LABEL': labelStock(4, 6),
  '4X4LABEL': labelStock(4, 4),
  '4X5LABEL': labelStock(4, 5),
  '6X4LABEL': labelStock(6, 4),
  '2X7LABEL': labelStock(2, 7),
};

type Kind = 'label' | 'return' | 'international';

function obj(value: unknown, name: string): JsonObject {
  if (!isObject(value)) throw new UspsFailure(400, [errors.missing(name)]);
  return value;
}

function addressLines(a: JsonObject): string[] {
  const name = [str(a.firstName), str(a.lastName)].filter(Boolean).join(' ');
  const cityLine = [str(a.city), str(a.state) ?? str(a.province), str(a.ZIPCode) ?? str(a.postalCode)]
    .filter(Boolean)
    .join(' ');
  return [
    name,
    str(a.firm),
    str(a.streetAddress),
    str(a.secondaryAddress),
    cityLine,
    str(a.countryISOAlpha2Code),
  ].filter((l): l is string => Boolean(l));
}

function checkAddress(a: JsonObject, name: string, international: boolean): void {
  for (const key of ['streetAddress', 'city', ...(international ? [] : ['state', 'ZIPCode'])]) {
    if (!str(a[key])) throw new UspsFailure(400, [errors.missing(`${name}.${key}`)]);
  }
  if (!str(a.firstName) && !str(a.firm)) throw new UspsFailure(400, [errors.missing(`${name}.firstName`)]);
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name as a label prints it (GB → UNITED KINGDOM). */
function countryName(code: string): string {
  try {
    return (REGIONS.of(code) ?? code).toUpperCase();
  } catch {
    return code;
  }
}

async function book(ctx: CarrierDCtx, request: FastifyRequest, reply: FastifyReply, kind: Kind) {
  const parties = requirePayment(ctx, request);
  const body = obj(request.body, 'body');
  const international = kind === 'international';
  const to = obj(body.toAddress, 'toAddress');
  const from = obj(body.fromAddress, 'fromAddress');
  checkAddress(to, 'toAddress', international);
  checkAddress(from, 'fromAddress', false);
  const pkg = obj(body.packageDescription, 'packageDescription');
  const mailClass = str(pkg.mailClass) ?? '';
  const def = CLASSES[mailClass];
  if (!def || def.international !== international)
    throw new UspsFailure(400, [
      errors.invalid(
        'packageDescription.mailClass',
        `${mailClass || '(none)'} is not a valid mail class for this API.`,
      ),
    ]);
  const weight = num(pkg.weight);
  if (weight === undefined || weight <= 0) throw new UspsFailure(400, [errors.missing('packageDescription.weight')]);
  const product = productFor(
    mailClass,
    str(pkg.processingCategory) ?? '',
    str(pkg.rateIndicator) ?? 'SP',
    str(pkg.destinationEntryFacilityType) ?? 'NONE',
  );
  if (!product)
    throw new UspsFailure(400, [
      errors.invalid(
        'packageDescription.rateIndicator',
        `Rate indicator ${str(pkg.rateIndicator)} is not valid for ${mailClass}.`,
      ),
    ]);
  const image = obj(body.imageInfo ?? { imageType: 'PDF', labelType: '4X6LABEL' }, 'imageInfo');
  const imageType = str(image.imageType) ?? 'PDF';
  const labelType = str(image.labelType) ?? '4X6LABEL';
  const it = IMAGE_TYPES[imageType];
  const stock = STOCKS[labelType];
  if (!it)
    throw new UspsFailure(400, [errors.invalid('imageInfo.imageType', `imageType ${imageType} is not supported.`)]);
  if (
    !stock ||
    (it.format === 'ZPL' && labelType === '2X7LABEL') ||
    (it.format === 'EPL' && (labelType !== '4X6LABEL' || kind === 'return'))
  ) {
    throw new UspsFailure(400, [
      errors.invalid('imageInfo.labelType', `labelType ${labelType} is not supported with imageType ${imageType}.`),
    ]);
  }
  if (international) {
    const customs = obj(body.customsForm, 'customsForm');
    if (!str(customs.AESITN)) throw new UspsFailure(400, [errors.missing('customsForm.AESITN')]);
    if ((arr(customs.contents) ?? []).length === 0)
      throw new UspsFailure(400, [errors.missing('customsForm.contents')]);
    if (!str(to.countryISOAlpha2Code)) throw new UspsFailure(400, [errors.missing('toAddress.countryISOAlpha2Code')]);
  }
  const now = ctx.clock.now();
  const mailingDate = str(pkg.mailingDate) ?? now.toISOString().slice(0, 10);
  const fromZip = str(from.ZIPCode) ?? '00000';
  const zone = international
    ? priceGroup(str(to.countryISOAlpha2Code) ?? '')
    : zoneOf(fromZip, str(to.ZIPCode) ?? '00000');
  const priced = priceOf(mailClass, product, zone, weight, 'COMMERCIAL', mailingDate);
  if (!priced)
    throw new UspsFailure(400, [
      errors.invalid('packageDescription.weight', `The weight exceeds the ${mailClass} maximum of ${def.maxLb} lb.`),
    ]);
  const extras = extraServicesOf(arr(pkg.extraServices) ?? []);
  const trackingNumber = ctx.state.nextTrackingNumber(mailClass, parties.mid, international);
  ctx.state.labels.set(trackingNumber, {
    trackingNumber,
    mailClass,
    international,
    bookedAt: now,
    mailingDate,
    fromZip,
    toCity: str(to.city) ?? '',
    ...(str(to.state) ? { toState: str(to.state) } : {}),
    ...(str(to.ZIPCode) ? { toZip: str(to.ZIPCode) } : {}),
    toCountry: str(to.countryISOAlpha2Code) ?? 'US',
    manifestMid: parties.manifestMid,
    transitDays: priced.transitDays,
  });
  const label = await renderLabel(it.format, stock, {
    trackingNumber,
    trackingDisplay: trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '),
    service: `${kind === 'return' ? 'RETURN ' : ''}${def.name.toUpperCase()}`,
    from: addressLines(from),
    to: addressLines(to),
    weight: `${round2(weight)} LB`,
    shipDate: mailingDate,
    ...(Array.isArray(pkg.customerReference) && isObject(pkg.customerReference[0])
      ? { reference: str(pkg.customerReference[0].referenceNumber) ?? '' }
      : {}),
    note: 'USPS TRACKING # EMULATED',
  });
  const rate = rateEntry(mailClass, priced, zone, weight, 'COMMERCIAL', mailingDate);
  const metadata = {
    // International labels name the country as well as its code, and give dimensionalWeight as text (international-labels.yaml).
    labelAddress: international ? { ...to, country: countryName(str(to.countryISOAlpha2Code) ?? '') } : to,
    routingInformation: `420${(str(to.ZIPCode) ?? '').slice(0, 5)}`,
    [international ? 'internationalTrackingNumber' : 'trackingNumber']: trackingNumber,
    constructCode: 'C01',
    SKU: rate.SKU,
    postage: priced.price,
    extraServices: extras.map((e) => ({ name: e.name, SKU: e.SKU, price: e.price })),
    zone: rate.zone,
    commitment: { name: `${priced.transitDays} Days`, scheduleDeliveryDate: priced.deliveryDate },
    weightUOM: 'lb',
    weight,
    dimensionalWeight: international ? '0.0' : 0,
    fees: priced.fees,
    bannerText: 'USPS TRACKING # USPS Ship',
    retailDistributionCode: '01',
    serviceTypeCode: serviceTypeCode(mailClass),
    mailClass,
    processingCategory: product.processingCategory,
    rateIndicator: product.rateIndicator,
    destinationEntryFacilityType: product.destinationEntryFacilityType,
  };
  const answer = multipartBody([
    { name: 'labelMetadata', contentType: 'application/json', body: JSON.stringify(metadata) },
    {
      name: 'labelImage',
      filename: `labelImage.${it.ext}`,
      contentType: it.contentType,
      body: label.toString('base64'),
    },
  ]);
  // international-labels.yaml answers a label 201 Created; domestic-labels.yaml 200.
  return reply
    .code(international ? 201 : 200)
    .header('content-type', answer.contentType)
    .send(answer.body);
}

function refund(ctx: CarrierDCtx, request: FastifyRequest, international: boolean) {
  requirePayment(ctx, request);
  const n = (request.params as { trackingNumber: string }).trackingNumber;
  const label = ctx.state.labels.get(n);
  if (!label || label.international !== international) throw new UspsFailure(400, [errors.notFound('trackingNumber')]);
  if (label.refunded) throw new UspsFailure(400, [errors.alreadyRefunded()]);
  // A label already on a SCAN form has been manifested: USPS opens a refund dispute instead.
  label.refunded = label.scanForm ? 'DISPUTED' : 'CANCELED';
  const offset = utcOffsetMinutes('US');
  const disputeId =
    label.refunded === 'DISPUTED' ? `${localDate(ctx.clock.now(), offset).replace(/-/g, '')}${n.slice(-4)}` : undefined;
  return { trackingNumber: n, status: label.refunded, ...(disputeId ? { disputeId } : {}) };
}

export function registerShipRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.post('/labels/v3/label', ctx.tag('ship'), (request, reply) => book(ctx, request, reply, 'label'));
  app.post('/labels/v3/return-label', ctx.tag('ship'), (request, reply) => book(ctx, request, reply, 'return'));
  app.post('/international-labels/v3/international-label', ctx.tag('ship'), (request, reply) =>
    book(ctx, request, reply, 'international'),
  );
  app.delete('/labels/v3/label/:trackingNumber', ctx.tag('cancel'), async (request) => refund(ctx, request, false));
  app.delete('/international-labels/v3/international-label/:trackingNumber', ctx.tag('cancel'), async (request) =>
    refund(ctx, request, true),
  );
}
