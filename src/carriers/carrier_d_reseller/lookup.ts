/**
 * Finding a booking by Waybill's own reference: the Label Server's transactions listing,
 * GetTransactionsListingXML (README.md §2 "Other W21 HTTP-POST ops": form field
 * transactionsRequestXML; the WSDL's schema, vendor/EwsLabelService_2021_slingr.wsdl:
 * GetTransactionsListingRequest with RequestOptions of type TransactionListingsRequestOptions,
 * whose ReferenceID attribute names the ReferenceID a label was bought with (LabelRequest,
 * §4 "References"), StartDateTime and EndDateTime a window, and TransactionType PRINTS the label
 * purchases; the answer, TransactionsListingResponse, lists one Transaction per label with its PIC,
 * TransactionID, ReferenceID and, once a refund was asked, RefundDetails, and says by
 * CompleteDataSet whether the list goes on from a StartingTransactionID).
 *
 * The listing carries numbers and amounts, never a label image, and the Label Server has no reprint
 * of a postage label (none of the WSDL's operations; SCAN's SubmissionID reprints only forms, §9):
 * a booking found is recorded without its labels.
 *
 * Labels are single-piece (ship.ts): a booking of several packages bought one label each under the
 * same reference. All of them listed: found. Some: the booking was cut off between its labels, and
 * the client refunds those, as a failed booking's labels are (client.ts), so the shipment is booked
 * again whole.
 *
 * Neither the WSDL nor the guide gives the window's date format: it is written as the Label Server
 * writes dates elsewhere (ShipDate MM/DD/YYYY, §4; the refund message's "MM/DD/YYYY HH:MM:SS", VCR
 * get_refund_success), in UTC, as TransactionDateTime is (§5). Inferred.
 */
import type { FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { xmlAttr, xmlElement, xmlList, xmlText, type XmlObject } from '../shared/xml.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { carriesWaybillReference, certifiedIntermediary, responseRoot } from './mapping.js';
import type { Credentials, WireTransactionsListingRequest } from './wire.js';

const DAY_MS = 86_400_000;

/** MM/DD/YYYY HH:MM:SS in UTC (inferred; see above). */
function listingTime(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

/**
 * The account's label purchases with Waybill's reference, from the day before the booking call to
 * the day after (a label is bought at the call, whatever its ship date); `startingTransactionId`
 * continues a listing that was not complete.
 */
export function buildLookupRequest(
  req: ShipmentRequest,
  creds: Credentials,
  bookedAt: Date,
  startingTransactionId?: string,
): WireTransactionsListingRequest {
  if (!carriesWaybillReference(req))
    throw new ApiError(
      'carrier_unsupported_method',
      "this booking carries no reference of Waybill's: the shipper's references take ReferenceID or all four reference elements",
      'shipment.references',
    );
  return {
    RequestID: `lookup-${req.waybill_reference!}`.slice(0, 50),
    RequestOptions: {
      '@_StartDateTime': listingTime(new Date(bookedAt.getTime() - DAY_MS)),
      '@_EndDateTime': listingTime(new Date(bookedAt.getTime() + DAY_MS)),
      '@_ReferenceID': req.waybill_reference!,
      '@_TransactionType': 'PRINTS',
      ...(startingTransactionId !== undefined ? { '@_StartingTransactionID': startingTransactionId } : {}),
      '@_RefundStatus': 'ALL',
      '@_PurchaseType': 'ALL',
    },
    RequesterID: creds.requesterId,
    CertifiedIntermediary: certifiedIntermediary(creds),
  };
}

/** One page of the listing: the live labels bought with the reference, and where the list goes on. */
export interface ListedLabels {
  /** PIC numbers in the order the labels were bought (TransactionID). */
  pics: string[];
  /** The StartingTransactionID of the next page, when the answer was not the complete list. */
  next?: string;
}

/** Refund statuses (TransactionRefundStatus) of a label whose postage is coming back: it is no booking any more. */
const REFUNDING = new Set(['SUBMITTED', 'VALIDATED', 'REFUNDED', 'MANUAL']);

function refunded(t: XmlObject): boolean {
  const status = (xmlAttr(t, 'RefundStatus') ?? xmlText(xmlElement(t.RefundDetails)?.RefundStatus))?.toUpperCase();
  return status !== undefined ? REFUNDING.has(status) : t.RefundDetails !== undefined;
}

/**
 * TransactionsListingResponse → the labels bought with `reference` and not refunded. A transaction
 * of another reference is left out even if the listing returned it (only ours may settle a booking).
 */
export function parseLookupResponse(body: string, reference: string): ListedLabels {
  const root = responseRoot(body, 'TransactionsListingResponse');
  throwIfError(root, 'transactions listing');
  const labels = xmlList(xmlElement(root.TransactionsResults)?.Transaction)
    .map(xmlElement)
    .filter((t): t is XmlObject => t !== undefined)
    .filter(
      (t) =>
        (xmlAttr(t, 'TransactionType') ?? 'PRINT').toUpperCase() === 'PRINT' &&
        xmlText(t.ReferenceID) === reference &&
        !refunded(t),
    )
    .map((t) => {
      const pic = xmlText(t.PIC);
      // An international label has no PIC, only a CustomsNumber (README.md §5), which the
      // listing's Transaction does not give: the booking is there but cannot be named (booking-lookup.ts
      // "unnamed": neither recorded nor bought again, nor asked about for as long as the key lives).
      if (!pic)
        throw new ApiError(
          'conflict',
          `carrier_d_reseller lists a label bought with Waybill's reference without a PIC (transaction ${xmlText(t.TransactionID) ?? 'without an id'}; an international label's customs number is not in the listing): look it up in the carrier's account`,
          'shipment.references',
        );
      return { pic, id: Number(xmlText(t.TransactionID) ?? Number.NaN) };
    })
    .sort((a, b) => a.id - b.id);
  const complete = xmlAttr(root, 'CompleteDataSet')?.toLowerCase() !== 'false';
  const ending = Number(xmlAttr(root, 'EndingTransactionID'));
  if (!complete && !Number.isInteger(ending))
    throw unexpectedBody('transactions listing (incomplete, without EndingTransactionID)');
  return { pics: [...new Set(labels.map((l) => l.pic))], ...(complete ? {} : { next: String(ending + 1) }) };
}

/**
 * What the labels listed say of a booking of `packages` packages: none, all of them (found, the
 * first package's number the shipment's, as ship.ts assembles it), or some (`partial`, to refund).
 */
export function bookingOf(
  pics: readonly string[],
  packages: number,
): { found: FoundBooking } | { partial: string[] } | null {
  if (pics.length === 0) return null;
  if (pics.length < packages) return { partial: [...pics] };
  // More labels than packages under one reference: not one booking of this request's
  // (booking-lookup.ts "unnamed"): a /ship retry is told so, a batch item fails as interrupted.
  if (pics.length > packages)
    throw new ApiError(
      'conflict',
      `carrier_d_reseller lists ${pics.length} labels with Waybill's reference for a shipment of ${packages} packages: ${pics.join(', ')}`,
      'shipment.references',
    );
  return {
    found: {
      tracking_number: pics[0]!,
      package_tracking_numbers: [...pics],
      ...(pics.length > 1 ? { carrier_shipment_id: pics.join(',') } : {}),
    },
  };
}
