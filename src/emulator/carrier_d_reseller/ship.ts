/**
 * GetPostageLabelXML (src/carriers/carrier_d_reseller/README.md §4-§5): checks the LabelRequest like ELS (1001 for a missing
 * element, 12144 without PartnerCustomerID, 12503 when the balance cannot pay), draws the postage
 * from the account, and answers a LabelRequestResponse shaped like the VCR recording (domestic:
 * Base64LabelImage, PIC = TrackingNumber) or the tehpeh international stub (Label/Image parts: the
 * label, then the integrated customs form; CustomsNumber = TrackingNumber). GetRefundXML refunds labels
 * (src/carriers/carrier_d_reseller/README.md §8).
 */
import type { FastifyInstance } from 'fastify';
import { xmlAttr, xmlElement, xmlList, xmlText, type XmlObject } from '../../carriers/shared/xml.js';
import { renderLabel, type LabelData } from '../../documents/drawing/index.js';
import {
  authenticate,
  elsRoute,
  ElsFailure,
  fail,
  picNumbers,
  requireText,
  type CarrierDResellerCtx,
} from './context.js';
import { imageFormat, stockFor } from './label-stock.js';
import { postagePrice, price, readPiece } from './rate.js';
import { MAIL_CLASSES, round2 } from './prices.js';

/** yyyyMMddHHmmss and yyyyMMdd in UTC (§5: TransactionDateTime is UTC, G13 p.50). */
function stamp(d: Date): { dateTime: string; date: string } {
  const iso = d.toISOString();
  const dateTime = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return { dateTime, date: dateTime.slice(0, 8) };
}

function lines(root: XmlObject, names: string[]): string[] {
  return names.map((n) => xmlText(root[n])).filter((v): v is string => v !== undefined);
}

function customsLines(root: XmlObject): string[] {
  const info = xmlElement(root.CustomsInfo);
  const items = xmlList(xmlElement(info?.CustomsItems)?.CustomsItem).map(xmlElement);
  if (items.length === 0) throw new ElsFailure(1050, 'Customs information is required: no customs items were given.');
  return items.map((item, i) => {
    const description = xmlText(item?.Description);
    if (!description || xmlText(item?.Value) === undefined)
      throw new ElsFailure(1051, `Customs item ${i + 1} has missing or invalid data.`);
    return `${xmlText(item?.Quantity) ?? '1'} x ${description} ${xmlText(item?.Value)} USD`;
  });
}

/** MM/DD/YYYY HH:MM:SS, as the refund message writes its date (VCR). */
function refundDate(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

export function registerShipRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  const route = {
    operation: 'ship' as const,
    path: 'GetPostageLabelXML',
    field: 'labelRequestXML',
    root: 'LabelRequest',
    responseRoot: 'LabelRequestResponse',
    // VCR get_postage_label_error: numeric members are present on errors too.
    errorExtras: {
      FinalPostage: '0.0',
      TransactionID: '0',
      PostageBalance: '0.00',
      CostCenter: '0',
      ReferenceID2: '',
      ReferenceID3: '',
      ReferenceID4: '',
    },
  };
  elsRoute(app, ctx, route, async (root) => {
    const account = authenticate(ctx, root, true);
    const mailClass = requireText(root, 'MailClass');
    if (!MAIL_CLASSES[mailClass]) throw new ElsFailure(405, `Invalid mail class ${mailClass}.`);
    const labelType = xmlAttr(root, 'LabelType');
    const international = MAIL_CLASSES[mailClass]?.international === true;
    if (international && labelType?.toLowerCase() !== 'international') throw fail.missing('LabelType');
    const stock = stockFor(labelType, xmlAttr(root, 'LabelSize') ?? (international ? 'sheet' : undefined));
    const { format, name: formatName } = imageFormat(xmlAttr(root, 'ImageFormat'), xmlAttr(root, 'ImageResolution'));
    if (!xmlText(root.PartnerCustomerID)) throw new ElsFailure(12144, 'PartnerCustomerID is missing or invalid.');
    for (const element of ['ToName', 'ToAddress1', 'ToCity']) requireText(root, element);
    if (!international) requireText(root, 'ToState');
    requireText(root, 'FromName');
    requireText(root, 'ReturnAddress1');
    const customs = international ? customsLines(root) : [];
    const priced = price(ctx, readPiece(root, mailClass));
    const total = round2(priced.postage + priced.fees);
    if (account.balance < total) {
      throw new ElsFailure(
        12503,
        `Insufficient postage: the label costs ${total.toFixed(2)} and the postage balance is ${account.balance.toFixed(2)}.`,
      );
    }
    const info = MAIL_CLASSES[mailClass];
    const pic = ctx.state.nextTrackingNumber(international, info?.prefix ?? 'HJ');
    const now = ctx.clock.now();
    account.balance = round2(account.balance - total);
    account.transactions += 1;
    ctx.state.labels.set(pic, {
      pic,
      accountId: account.accountId,
      mailClass,
      international,
      postage: total,
      transactionId: account.transactions,
      printedAt: now,
      transitDays: priced.transitDays,
      fromZip: priced.piece.fromZip,
      toZip: priced.piece.toZip,
      toCountry: priced.piece.country,
      weightOz: xmlText(root.WeightOz) ?? '0',
      ...(xmlText(root.ReferenceID) ? { referenceId: xmlText(root.ReferenceID) } : {}),
      references: ['ReferenceID', 'ReferenceID2', 'ReferenceID3', 'ReferenceID4'].flatMap(
        (e) => xmlText(root[e]) ?? [],
      ),
    });
    const test = xmlAttr(root, 'Test')?.toUpperCase() === 'YES';
    const data: LabelData = {
      trackingNumber: pic,
      service: info?.name ?? mailClass,
      from: lines(root, [
        'FromName',
        'FromCompany',
        'ReturnAddress1',
        'ReturnAddress2',
        'FromCity',
        'FromState',
        'FromPostalCode',
      ]),
      to: lines(root, [
        'ToName',
        'ToCompany',
        'ToAddress1',
        'ToAddress2',
        'ToCity',
        'ToState',
        'ToPostalCode',
        'ToCountryCode',
      ]),
      weight: `${xmlText(root.WeightOz) ?? ''} OZ`,
      shipDate: stamp(now).date,
      ...(xmlText(root.ReferenceID) ? { reference: xmlText(root.ReferenceID) as string } : {}),
      note: test ? 'SAMPLE - DO NOT MAIL (test postage)' : `POSTAGE ${total.toFixed(2)} USD`,
    };
    const label = (await renderLabel(format, stock, data)).toString('base64');
    const { dateTime, date } = stamp(now);
    const common = {
      FinalPostage: total.toFixed(2),
      TransactionID: String(account.transactions),
      TransactionDateTime: dateTime,
      PostmarkDate: date,
      PostageBalance: account.balance.toFixed(2),
      CostCenter: '0',
      ...(xmlAttr(root.ResponseOptions, 'PostagePrice')?.toUpperCase() === 'TRUE'
        ? { PostagePrice: postagePrice(priced) }
        : {}),
      RequesterID: xmlText(root.RequesterID),
      ReferenceID2: xmlText(root.ReferenceID2) ?? '',
      ReferenceID3: xmlText(root.ReferenceID3) ?? '',
      ReferenceID4: xmlText(root.ReferenceID4) ?? '',
    };
    if (!international) {
      return { Status: '0', Base64LabelImage: label, PIC: pic, TrackingNumber: pic, ...common };
    }
    const form = (
      await renderLabel(format, stock, {
        ...data,
        service: 'CUSTOMS DECLARATION CP72',
        from: data.from,
        to: customs,
        note: `PS Form 2976-A - ${formatName}`,
      })
    ).toString('base64');
    return {
      Status: '0',
      Label: {
        Image: [
          { '@_PartNumber': '1', '#text': label },
          { '@_PartNumber': '2', '#text': form },
        ],
      },
      CustomsNumber: pic,
      TrackingNumber: pic,
      ...common,
    };
  });

  // GetRefundXML (src/carriers/carrier_d_reseller/README.md §8): a refund is approved per label that is the account's, not yet
  // refunded and not on a SCAN form (G13 p.112), and returns its postage to the balance;
  // RefundResponse has no Status (VCR get_refund_*).
  const refund = {
    operation: 'cancel' as const,
    path: 'GetRefundXML',
    field: 'refundRequestXML',
    root: 'RefundRequest',
    responseRoot: 'RefundResponse',
  };
  elsRoute(app, ctx, refund, (root) => {
    const account = authenticate(ctx, root, false);
    const now = ctx.clock.now();
    const refunds = picNumbers(root).map((pic) => {
      const label = ctx.state.labels.get(pic);
      let status = 'DeniedInvalid';
      let message = 'RC INVALID_REFUND_RECORD due to missing tracking record or mismatching associated data';
      if (label && label.accountId === account.accountId) {
        if (label.refundedAt) message = `RC ALREADY_REFUNDED on ${refundDate(label.refundedAt)}`;
        else if (label.scanFormId)
          message = `RC ITEM_ON_SCAN_FORM ${label.scanFormId}: items on a SCAN form cannot be refunded`;
        else {
          label.refundedAt = now;
          account.balance = round2(account.balance + label.postage);
          status = 'Approved';
          message = ` Electronic RC RC_SUCCESS Transaction date ${refundDate(label.printedAt)} mail class ${label.mailClass} sub class  PicNumber ${pic} CustomsId `;
        }
      }
      return {
        '@_PicNumber': pic,
        '@_TransactionId': String(label?.transactionId ?? 0),
        '@_PieceNumber': '0',
        RefundStatus: status,
        RefundStatusMessage: message,
      };
    });
    return {
      RequesterID: xmlText(root.RequesterID),
      RequestID: xmlText(root.RequestID) ?? '',
      Refund: refunds,
      FormId: refunds.some((r) => r.RefundStatus === 'Approved') ? String(12_345_678) : '0',
    };
  });
}
