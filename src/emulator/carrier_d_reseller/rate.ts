/**
 * CalculatePostageRateXML and CalculatePostageRatesXML (src/carriers/carrier_d_reseller/README.md §6): one mail class, or every
 * class of the Domestic / International family, priced by prices.ts and answered as PostagePrice
 * nodes (§6c) shaped like tehpeh postage_rates_success.xml.
 */
import type { FastifyInstance } from 'fastify';
import { addBusinessDays, localDate, utcOffsetMinutes } from '../calendar.js';
import { xmlAttr, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { authenticate, elsRoute, ElsFailure, fail, type CarrierDResellerCtx } from './context.js';
import { FEES, isZip5, MAIL_CLASSES, postageOf, round2 } from './prices.js';

/** What a rate or label request says about the piece (§4, §6). */
export interface Piece {
  mailClass: string;
  shape: string;
  weightOz: number;
  fromZip: string;
  toZip: string;
  country: string;
  services: string[];
}

export function readPiece(root: XmlObject, mailClass: string, fromElement = 'FromPostalCode'): Piece {
  const weight = Number(xmlText(root.WeightOz));
  if (xmlText(root.WeightOz) === undefined || !Number.isFinite(weight)) throw fail.missing('WeightOz');
  const country = (xmlText(root.ToCountryCode) ?? 'US').toUpperCase();
  const international = country !== 'US';
  const fromZip = xmlText(root[fromElement]);
  if (!isZip5(fromZip)) throw new ElsFailure(307, `Invalid origin ZIP code ${fromZip ?? ''}.`.replace(' .', '.'));
  const toZip = xmlText(root.ToPostalCode) ?? '';
  if (!international && !isZip5(toZip))
    throw new ElsFailure(308, `Invalid destination ZIP code ${toZip}.`.replace(' .', '.'));
  const info = MAIL_CLASSES[mailClass];
  if (info && info.international !== international) {
    throw new ElsFailure(420, `${info.name} is not available to ${international ? country : 'domestic destinations'}.`);
  }
  const servicesNode = root.Services;
  const services = Object.keys(FEES).filter((s) => {
    const v = xmlAttr(servicesNode, s);
    return v !== undefined && v.toUpperCase() !== 'OFF';
  });
  return {
    mailClass,
    shape: xmlText(root.MailpieceShape) ?? 'Parcel',
    weightOz: weight,
    fromZip,
    toZip,
    country,
    services,
  };
}

export interface Priced {
  piece: Piece;
  postage: number;
  fees: number;
  zone: number;
  transitDays: number;
  deliveryDate: string;
}

export function price(ctx: CarrierDResellerCtx, piece: Piece): Priced {
  const { postage, zone } = postageOf(
    piece.mailClass,
    piece.shape,
    piece.weightOz,
    piece.fromZip,
    piece.toZip,
    piece.country,
  );
  const fees = round2(piece.services.reduce((sum, s) => sum + (FEES[s] ?? 0), 0));
  const info = MAIL_CLASSES[piece.mailClass];
  const transitDays = info?.transitDays ?? 5;
  const today = localDate(ctx.clock.now(), utcOffsetMinutes('US', piece.fromZip));
  return { piece, postage, fees, zone, transitDays, deliveryDate: addBusinessDays(today, transitDays) };
}

/** MM/DD/YYYY. */
function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * Every Fees child, in the order ELS answers them (samples/tehpeh__postage_rates_success.xml; W21's
 * Fees type is this order less CriticalMail, plus FragileHandling): the XML schema fixes the order.
 */
const FEE_ELEMENTS = [
  'CertificateOfMailing',
  'CertifiedMail',
  'CollectOnDelivery',
  'DeliveryConfirmation',
  'ElectronicReturnReceipt',
  'InsuredMail',
  'RegisteredMail',
  'RestrictedDelivery',
  'ReturnReceipt',
  'ReturnReceiptForMerchandise',
  'SignatureConfirmation',
  'SpecialHandling',
  'CriticalMail',
  'MerchandiseReturn',
  'OpenAndDistribute',
  'AdultSignature',
  'AdultSignatureRestrictedDelivery',
  'LiveAnimalSurcharge',
  'AMDelivery',
];
/** Requested services whose fee element has another name (HoldForPickup has none: it is free). */
const FEE_ELEMENT_OF: Record<string, string> = { COD: 'CollectOnDelivery' };

/** The PostagePrice node (§6c). */
export function postagePrice(p: Priced): object {
  const info = MAIL_CLASSES[p.piece.mailClass];
  const fees: Record<string, string> = { '@_TotalAmount': p.fees.toFixed(2) };
  for (const element of FEE_ELEMENTS) {
    const service = p.piece.services.find((s) => (FEE_ELEMENT_OF[s] ?? s) === element);
    fees[element] = service ? (FEES[service] ?? 0).toFixed(2) : '0';
  }
  return {
    '@_TotalAmount': round2(p.postage + p.fees).toFixed(2),
    MailClass: p.piece.mailClass,
    Postage: {
      '@_TotalAmount': p.postage.toFixed(2),
      MailService: info?.name ?? p.piece.mailClass,
      Zone: String(p.zone),
      IntraBMC: 'false',
      Pricing: 'CommercialBase',
    },
    Fees: fees,
    DeliveryTimeDays: String(p.transitDays),
    EstimatedDeliveryDate: usDate(p.deliveryDate),
  };
}

export function registerRateRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  elsRoute(
    app,
    ctx,
    {
      operation: 'rate',
      path: 'CalculatePostageRateXML',
      field: 'postageRateRequestXML',
      root: 'PostageRateRequest',
      responseRoot: 'PostageRateResponse',
    },
    (root) => {
      authenticate(ctx, root, false);
      const mailClass = xmlText(root.MailClass);
      if (!mailClass) throw fail.missing('MailClass');
      const priced = price(ctx, readPiece(root, mailClass));
      const wantsPrice = xmlAttr(root.ResponseOptions, 'PostagePrice')?.toUpperCase() === 'TRUE';
      const info = MAIL_CLASSES[mailClass];
      return {
        Status: '0',
        Zone: String(priced.zone),
        ...(wantsPrice
          ? { PostagePrice: postagePrice(priced) }
          : {
              Postage: { MailService: info?.name ?? mailClass, Rate: round2(priced.postage + priced.fees).toFixed(2) },
            }),
      };
    },
  );

  elsRoute(
    app,
    ctx,
    {
      operation: 'rates',
      path: 'CalculatePostageRatesXML',
      field: 'postageRatesRequestXML',
      root: 'PostageRatesRequest',
      responseRoot: 'PostageRatesResponse',
    },
    (root) => {
      authenticate(ctx, root, false);
      const family = xmlText(root.MailClass);
      if (family !== 'Domestic' && family !== 'International') throw fail.missing('MailClass');
      const international = family === 'International';
      const prices: object[] = [];
      for (const [mailClass, info] of Object.entries(MAIL_CLASSES)) {
        if (info.international !== international) continue;
        try {
          prices.push(postagePrice(price(ctx, readPiece(root, mailClass))));
        } catch (err) {
          // A class the piece does not fit (too heavy, wrong shape) is simply not offered.
          if (!(err instanceof ElsFailure) || err.status === 307 || err.status === 308 || err.status === 420) throw err;
        }
      }
      return { Status: '0', PostagePrice: prices };
    },
  );
}
