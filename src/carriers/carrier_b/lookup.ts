/**
 * Finding a booking by Waybill's own reference: UPS reference-number tracking, GET
 * /track/v1/reference/details/{referenceNumber} (vendor Tracking.yaml "Track by Reference Number":
 * the reference, the shipper number, the destination country and postal code, and a pickup-date
 * window, fromPickUpDate and toPickUpDate, which default to the last 14 days). Found: the
 * TrackApiResponse's packages; none is a 404 ("Tracking number information not found"), which the
 * client answers as null.
 *
 * Its labels are fetched again with Label Recovery, POST /labels/{version}/recovery (vendor
 * Shipping.yaml, operationId LabelRecovery: "allows us to retrieve forward and return labels";
 * LabelRecoveryRequest with the TrackingNumber and a LabelSpecification; LabelRecoveryResponse
 * with one LabelResults entry per package, its LabelImage.GraphicImage in base64). Label Recovery
 * draws GIF, PDF, ZPL, EPL or SPL (LabelImageFormat.Code), not PNG, and a PDF "is only returned at
 * the first package result": PDF and PNG labels are asked as that one PDF, split into one page per
 * package, and a PNG label is its page drawn at 203 dpi.
 */
import type { BookedPackage, FoundBooking, ShipmentRequest } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { decodeBase64, type LabelWork } from '../../documents/index.js';
import { dig, obj, objectList, objects, text } from '../shared/json.js';
import { lookupWindow } from '../shared/time.js';
import { labelChoice } from './codes.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { responseFailed } from './mapping.js';
import { carriesWaybillReference } from './ship.js';
import type { CarrierBLabelRecoveryRequest } from './wire.js';

/** Tracking.yaml gives no date format for the window; UPS's other APIs write dates as YYYYMMDD. */
const upsDate = (isoDate: string) => isoDate.replace(/-/g, '');
/** Thermal printers print 203 dpi, the resolution of UPS's own image labels. */
const PNG_DPI = 203;

/** The pickup dates searched: lookupWindow's (a booking on a weekend or past the cut-off is the next working day's). */
export function buildLookupRequest(
  req: ShipmentRequest,
  accountNumber: string,
  bookedAt: Date,
): { referenceNumber: string; query: Record<string, string> } {
  if (!carriesWaybillReference(req))
    throw new ApiError(
      'carrier_unsupported_method',
      "this booking carries no reference of Waybill's: the shipper's references take both reference numbers",
      'shipment.references',
    );
  const window = lookupWindow(req.ship_date, bookedAt);
  return {
    referenceNumber: req.waybill_reference!,
    query: {
      locale: 'en_US',
      fromPickUpDate: upsDate(window.from),
      toPickUpDate: upsDate(window.to),
      shipperNum: accountNumber,
      destCountry: req.recipient.country,
      ...(req.recipient.postal_code ? { destZip: req.recipient.postal_code } : {}),
      refNumType: 'SmallPackage',
    },
  };
}

/**
 * Reference tracking → the booking of `packages` packages, or null. Other than `packages` numbers
 * under the reference is not this request's booking as the carrier made it (fewer: recorded, it
 * would lack packages for good), so it is not recorded (booking-lookup.ts "unnamed").
 */
export function parseLookupResponse(body: unknown, packages: number): FoundBooking | null {
  const shipments = dig(body, 'trackResponse', 'shipment');
  if (!Array.isArray(shipments)) throw unexpectedBody('reference tracking answer without trackResponse.shipment');
  const numbers = objects(shipments).flatMap((s) => objects(s.package).flatMap((p) => text(p.trackingNumber) ?? []));
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return null;
  if (unique.length !== packages)
    throw new ApiError(
      'conflict',
      `carrier_b shows ${unique.length} packages with Waybill's reference for a shipment of ${packages}: ${unique.join(', ')}`,
      'shipment.references',
    );
  return { tracking_number: unique[0]!, package_tracking_numbers: unique };
}

/** The format Label Recovery is asked for: the booking's own, but PDF for PDF and PNG labels. */
function recoveryFormat(req: ShipmentRequest): {
  code: string;
  deliver: string;
  stock: { Height: string; Width: string };
} {
  const label = labelChoice(req.label_type, req.label_size);
  return { code: label.deliver === 'PNG' ? 'PDF' : label.deliver, deliver: label.deliver, stock: label.stock };
}

/** Label Recovery of a found booking's labels, by its lead tracking number. */
export function buildLabelRecoveryRequest(req: ShipmentRequest, trackingNumber: string): CarrierBLabelRecoveryRequest {
  const { code, stock } = recoveryFormat(req);
  return {
    LabelRecoveryRequest: {
      Request: {},
      // "HTTPUserAgent … Required if LabelImageFormat/Code = Gif" (LabelRecoveryRequest_LabelSpecification).
      LabelSpecification: {
        ...(code === 'GIF' ? { HTTPUserAgent: 'Mozilla/4.5' } : {}),
        LabelImageFormat: { Code: code },
        LabelStockSize: stock,
      },
      TrackingNumber: trackingNumber,
    },
  };
}

function labelImage(result: unknown, what: string): Uint8Array {
  const image = text(dig(result, 'LabelImage', 'GraphicImage'));
  const bytes = image === undefined ? undefined : decodeBase64(image);
  if (!bytes) throw unexpectedBody(`label recovery answer (${what} without a base64 LabelImage.GraphicImage)`);
  return bytes;
}

/**
 * LabelRecoveryResponse → each package of the found booking with its label, in the order of
 * `numbers` (the lookup's). A package without its label, or a PDF whose pages are not one a
 * package, is an unexpected body.
 */
export async function parseLabelRecoveryResponse(
  body: unknown,
  req: ShipmentRequest,
  numbers: readonly string[],
  labels: Pick<LabelWork, 'splitPdf' | 'pdfToPng'>,
): Promise<BookedPackage[]> {
  throwIfError(body);
  const response = obj(dig(body, 'LabelRecoveryResponse'));
  if (!response) throw unexpectedBody('label recovery answer (no LabelRecoveryResponse)');
  const failed = responseFailed(response);
  if (failed) throw failed;
  // LabelResults is a list in Shipping.yaml; a single package may come as one object, as PackageResults does.
  const results = objectList(response.LabelResults);
  if (results.length === 0) throw unexpectedBody('label recovery answer (no LabelResults)');
  const { code, deliver } = recoveryFormat(req);
  if (code === 'PDF') {
    const pdf = labelImage(results[0], 'the first package result');
    const pages = numbers.length === 1 ? [pdf] : await labels.splitPdf(pdf);
    if (pages.length !== numbers.length)
      throw unexpectedBody(`label recovery answer (a PDF of ${pages.length} pages for ${numbers.length} packages)`);
    return Promise.all(
      numbers.map(async (tracking_number, i) => ({
        tracking_number,
        label: deliver === 'PNG' ? await labels.pdfToPng(pages[i]!, PNG_DPI) : pages[i]!,
        label_format: deliver,
      })),
    );
  }
  return numbers.map((tracking_number, i) => {
    const result =
      results.find((r) => text(r.TrackingNumber) === tracking_number) ??
      (results.length === numbers.length ? results[i] : undefined);
    if (!result) throw unexpectedBody(`label recovery answer (no label of package ${tracking_number})`);
    return { tracking_number, label: labelImage(result, `package ${tracking_number}`), label_format: deliver };
  });
}
