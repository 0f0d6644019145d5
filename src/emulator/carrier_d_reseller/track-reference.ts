/**
 * GetTransactionsListingXML (src/carriers/carrier_d_reseller/README.md §2; the WSDL's GetTransactionsListingRequest,
 * TransactionListingsRequestOptions and TransactionsListingResponse): the account's label purchases
 * (TransactionType PRINT), narrowed by the options' ReferenceID (the LabelRequest's ReferenceID),
 * StartDateTime/EndDateTime (when bought), StartingTransactionID and RefundStatus, and by the
 * request's PicNumbers. Every label is listed with its PIC, TransactionID, postage, weight, mail
 * class, destination and ReferenceID, and a refunded one with its RefundDetails. The answer is
 * always the complete data set. A `hidden` fault keeps labels bought less than its milliseconds ago
 * out of the listing, as a lagging index would.
 *
 * The window's date format is documented nowhere: MM/DD/YYYY with an optional time (as ELS writes
 * dates elsewhere) and YYYYMMDD[HHMMSS] (as it writes TransactionDateTime) are read, in UTC.
 */
import type { FastifyInstance } from 'fastify';
import { xmlAttr, xmlElement, xmlList, xmlText } from '../../carriers/shared/xml.js';
import { hiddenFor } from '../faults.js';
import { authenticate, elsRoute, fail, type CarrierDResellerCtx } from './context.js';
import { MAIL_CLASSES } from './prices.js';
import type { StoredLabel } from './state.js';

const TRANSACTION_TYPES = new Set([
  'ALL',
  'PRINTS',
  'PURCHASES',
  'ADJUSTMENTS',
  'OUTSTANDING',
  'PAYONUSE',
  'PAYONUSERETURN',
]);
const REFUND_STATUSES = new Set(['ALL', 'SUBMITTED', 'VALIDATED', 'REJECTED', 'REFUNDED', 'MANUAL']);
const PURCHASE_TYPES = new Set(['ALL', 'MANUAL', 'AUTO', 'OVERDRAFT']);

/** A window bound: MM/DD/YYYY[ HH:MM[:SS]] or YYYYMMDD[HHMMSS], UTC; undefined: unreadable. */
export function windowTime(value: string): Date | undefined {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  const compact = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value.trim());
  const [y, mo, d, h, mi, s] = us ? [us[3], us[1], us[2], us[4], us[5], us[6]] : compact ? compact.slice(1) : [];
  if (!y) return undefined;
  const at = new Date(`${y}-${mo}-${d}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** yyyyMMddHHmmss in UTC, as TransactionDateTime is written (§5). */
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

function transaction(label: StoredLabel) {
  const refunded = label.refundedAt !== undefined;
  return {
    '@_TransactionType': 'PRINT',
    '@_TransactionDateTime': stamp(label.printedAt),
    '@_PostmarkDate': stamp(label.printedAt).slice(0, 8),
    ...(refunded ? { '@_RefundStatus': 'REFUNDED' } : {}),
    // As the label answer: an international label's number is its CustomsNumber, never a PIC.
    ...(label.international ? {} : { PIC: label.pic }),
    TransactionID: String(label.transactionId),
    Amount: label.postage.toFixed(2),
    Weight: label.weightOz ?? '',
    MailClass: label.mailClass,
    ToAddress: { PostalCode: label.toZip, Country: label.toCountry },
    CostCenter: '0',
    ReferenceID: label.referenceId ?? '',
    ...(refunded
      ? {
          RefundDetails: {
            RefundRequestedDateTime: stamp(label.refundedAt!),
            RefundRequestType: 'Electronic',
            RefundStatus: 'REFUNDED',
            RefundProcessedDateTime: stamp(label.refundedAt!),
            RefundedAmount: label.postage.toFixed(2),
          },
        }
      : {}),
    LabelCategory: MAIL_CLASSES[label.mailClass]?.international ? 'International' : 'Domestic',
  };
}

export function registerTrackReferenceRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  const route = {
    operation: 'track_reference' as const,
    path: 'GetTransactionsListingXML',
    field: 'transactionsRequestXML',
    root: 'GetTransactionsListingRequest',
    responseRoot: 'TransactionsListingResponse',
    // The schema's required attributes, on errors too.
    errorExtras: { '@_StartingTransactionID': '0', '@_EndingTransactionID': '0', '@_CompleteDataSet': 'false' },
  };
  elsRoute(app, ctx, route, (root, request) => {
    const account = authenticate(ctx, root, false);
    const options = xmlElement(root.RequestOptions);
    const option = (name: string, allowed: Set<string>): string => {
      const value = (xmlAttr(options, name) ?? 'ALL').toUpperCase();
      if (!allowed.has(value)) throw fail.missing(`RequestOptions/@${name}`);
      return value;
    };
    const type = option('TransactionType', TRANSACTION_TYPES);
    const refund = option('RefundStatus', REFUND_STATUSES);
    option('PurchaseType', PURCHASE_TYPES);
    const bound = (name: string): Date | undefined => {
      const value = xmlAttr(options, name);
      if (value === undefined || value.trim() === '') return undefined;
      const at = windowTime(value);
      if (!at) throw fail.missing(`RequestOptions/@${name}`);
      return at;
    };
    const start = bound('StartDateTime');
    const end = bound('EndDateTime');
    const reference = xmlAttr(options, 'ReferenceID');
    const from = Number(xmlAttr(options, 'StartingTransactionID') ?? 0) || 0;
    const pics = xmlList(xmlElement(root.PicNumbers)?.PIC)
      .map(xmlText)
      .filter((p): p is string => p !== undefined);
    const visibleBefore = ctx.clock.now().getTime() - hiddenFor(request);
    const listed = [...ctx.state.labels.values()]
      .filter(
        (l) =>
          l.accountId === account.accountId &&
          (type === 'ALL' || type === 'PRINTS') &&
          l.printedAt.getTime() <= visibleBefore &&
          (refund === 'ALL' || (refund === 'REFUNDED' && l.refundedAt !== undefined)) &&
          (start === undefined || l.printedAt >= start) &&
          (end === undefined || l.printedAt <= end) &&
          (reference === undefined || reference === '' || l.referenceId === reference) &&
          l.transactionId >= from &&
          (pics.length === 0 || pics.includes(l.pic)),
      )
      .sort((a, b) => a.transactionId - b.transactionId);
    return {
      '@_StartingTransactionID': String(listed[0]?.transactionId ?? 0),
      '@_EndingTransactionID': String(listed.at(-1)?.transactionId ?? 0),
      '@_CompleteDataSet': 'true',
      Status: '0',
      RequesterID: xmlText(root.RequesterID),
      RequestID: xmlText(root.RequestID) ?? '',
      TransactionsResults: { Transaction: listed.map(transaction) },
      ResponseOptions: {
        ...(start ? { '@_StartDateTime': xmlAttr(options, 'StartDateTime') } : {}),
        ...(end ? { '@_EndDateTime': xmlAttr(options, 'EndDateTime') } : {}),
      },
    };
  });
}
