/**
 * End of day: a PS Form 5630 SCAN form, `POST /scan-forms/v3/scan-form` (scan-forms.yaml
 * SCANFormRequest), recorded as fixtures/manifest_ManifestRequest.json. Given tracking numbers are
 * sent as a LabelShipment; without any, the ManifestMIDShipment form makes USPS add every eligible
 * label of the account's manifest MID for the mailing date, i.e. all of the day's labels not yet
 * on a SCAN form ("Labels that have already been added to a SCAN Form cannot be added to a second").
 * The answer is multipart (SCANFormMetaData JSON + SCANFormImage) or, as recorded in
 * fixtures/manifest_ManifestResponse.json, JSON with the image base64 in `SCANFormImage`.
 */
import type { Address, ManifestRequest, ManifestResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { text, texts } from '../shared/json.js';
import { unexpectedBody } from './errors.js';
import { wireAddress, zip5 } from './mapping.js';
import { answerParts } from './ship.js';
import type { CarrierDScanFormRequest } from './wire.js';

export interface ScanFormAccount {
  manifestMid: string;
  /** ZIP Code of the facility the mail is entered at (auth manifest_facility_postal_code). */
  facilityZip?: string;
}

export function buildManifestRequest(
  req: ManifestRequest,
  account: ScanFormAccount,
  from: Address | undefined,
): CarrierDScanFormRequest {
  if (!from?.street1 || !from.city || !from.state || !zip5(from.postal_code)) {
    throw new ApiError(
      'schema_field_required',
      'carrier_d needs an origin address (street1, city, state, postal_code) for the SCAN form: the shipping account billing_address, or a sender shared by the labels on the form',
      'shipping_account.billing_address',
    );
  }
  const entry = zip5(account.facilityZip) ?? zip5(from.postal_code) ?? '';
  const { email: _email, phone: _phone, ...address } = wireAddress(from);
  // scan-forms.yaml ignoreBadAddress: "Integrators are recommended to always use false".
  const fromAddress = { ...address, ignoreBadAddress: false };
  return {
    form: '5630',
    imageInfo: { imageType: 'PDF', labelType: '8.5x11LABEL' },
    mailingDate: req.ship_date,
    // Labels printed for another day move to this one rather than failing the whole form.
    overwriteMailingDate: true,
    entryFacilityZIPCode: entry,
    destinationEntryFacilityType: 'NONE',
    shipment:
      req.tracking_numbers.length > 0
        ? { trackingNumbers: req.tracking_numbers }
        : { manifestMID: account.manifestMid },
    fromAddress,
  };
}

export function parseManifestResponse(
  answer: { contentType: string | undefined; bytes: Uint8Array },
  asked: string[],
): ManifestResult {
  const { metadata, image } = answerParts(answer, {
    what: 'SCAN form response',
    metadata: ['SCANFormMetaData'],
    image: 'SCANFormImage',
  });
  if (!image || !Buffer.from(image.subarray(0, 1024)).toString('latin1').includes('%PDF-')) {
    throw unexpectedBody('SCAN form response (SCANFormImage is not a PDF)');
  }
  const listed = texts(metadata.trackingNumbers);
  const manifestNumber = text(metadata.manifestNumber);
  return {
    ...(manifestNumber ? { carrier_manifest_id: manifestNumber } : {}),
    tracking_numbers: listed.length > 0 ? listed : asked,
    document: image,
  };
}
