/**
 * End-of-day SCAN form: SCANRequest (GetSCANXML) for the day's PIC numbers and SCANResponse →
 * ManifestResult with the form as a PDF (README.md §9). The XML-string root name is inferred
 * from every other operation (the schema type name `SCANRequest`; §9, §15).
 */
import type { ManifestRequest, ManifestResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { dropUndefined } from '../shared/json.js';
import { decodeBase64, looksLikePdf } from '../../documents/index.js';
import { xmlElement, xmlList, xmlText } from '../shared/xml.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { certifiedIntermediary, responseRoot } from './mapping.js';
import type { Credentials, WireScanRequest } from './wire.js';

export function buildManifestRequest(req: ManifestRequest, creds: Credentials): WireScanRequest {
  if (req.tracking_numbers.length === 0) {
    // ELS builds a SCAN form from the items named (PicNumbers / TransactionIds / PieceNumbers, §9).
    throw new ApiError(
      'schema_field_required',
      'carrier_d_reseller needs the tracking_numbers of the labels to put on the SCAN form',
      'manifest.tracking_numbers',
    );
  }
  return {
    RequesterID: creds.requesterId,
    RequestID: `scan-${req.ship_date}`,
    CertifiedIntermediary: certifiedIntermediary(creds),
    GetSCANRequestParameters: { '@_ImageFormat': 'PDF' },
    PicNumbers: { PicNumber: [...req.tracking_numbers] },
  };
}

export function parseManifestResponse(body: string, req: ManifestRequest): ManifestResult {
  const root = responseRoot(body, 'SCANResponse');
  throwIfError(root);
  const form = xmlText(root.SCANForm);
  if (!form) throw unexpectedBody('SCAN response (no SCANForm)');
  const bytes = decodeBase64(form);
  if (!bytes || !looksLikePdf(bytes)) throw unexpectedBody('SCAN response (SCANForm is not a PDF)');
  const excluded = new Set(
    xmlList(xmlElement(root.ExcludedItems)?.Item)
      .map((i) => xmlText(xmlElement(i)?.PicNumber) ?? xmlText(i))
      .filter((v): v is string => v !== undefined),
  );
  return dropUndefined<ManifestResult>({
    carrier_manifest_id: xmlText(root.SubmissionID),
    tracking_numbers: req.tracking_numbers.filter((n) => !excluded.has(n)),
    document: bytes,
  });
}
