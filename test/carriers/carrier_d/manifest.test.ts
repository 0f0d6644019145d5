import { describe, expect, it } from 'vitest';
import { buildManifestRequest, parseManifestResponse } from '../../../src/carriers/carrier_d/manifest.js';
import { fixturesMissing, matchesRecorded } from '../../support/fixtures.js';
import { apiErrorOf, fixture, sender } from './support.js';

const json = (body: unknown) => ({ contentType: 'application/json', bytes: Buffer.from(JSON.stringify(body)) });

describe.skipIf(fixturesMissing)('carrier_d SCAN forms against the recorded payloads', () => {
  it('builds the recorded request, with exactly these differences', () => {
    const body = buildManifestRequest(
      { tracking_numbers: ['794947717776'], ship_date: '2024-07-28' },
      { manifestMid: '900000002', facilityZip: '29440' },
      sender,
    );
    expect(matchesRecorded(body, fixture('fixtures/manifest_ManifestRequest.json'))).toEqual([
      // imageType/labelType at the top level are deprecated (scan-forms.yaml DeprecatedImageType): we send imageInfo.
      '$.imageType: undefined ≠ "PDF"',
      '$.labelType: undefined ≠ "8.5x11LABEL"',
      // Our decision: labels printed for another day join today's form instead of failing it.
      '$.overwriteMailingDate: true ≠ false',
    ]);
    expect(body.imageInfo).toEqual({ imageType: 'PDF', labelType: '8.5x11LABEL' });
  });

  it('reads the recorded answer: manifest number, listed numbers, the PDF form', () => {
    const result = parseManifestResponse(json(fixture('fixtures/manifest_ManifestResponse.json')), ['794947717776']);
    expect(result.carrier_manifest_id).toBe('string');
    expect(result.tracking_numbers).toEqual(['string']);
    expect(Buffer.from(result.document.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('refuses the schema sample, whose image is the word "string"', () => {
    expect(apiErrorOf(() => parseManifestResponse(json(fixture('samples/scan_form_response.json')), [])).code).toBe(
      'carrier_http_exception',
    );
  });
});

describe('carrier_d SCAN form requests', () => {
  it('asks for all of the day’s labels of the manifest MID when no number is given', () => {
    expect(
      buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-22' }, { manifestMid: '900000002' }, sender)
        .shipment,
    ).toEqual({ manifestMID: '900000002' });
  });

  it('needs a full billing address', () => {
    expect(
      apiErrorOf(() =>
        buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-22' }, { manifestMid: '1' }, undefined),
      ).detail,
    ).toBe('shipping_account.billing_address');
  });

  it('reads a multipart answer whose image part is an attachment without a name', () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const body = Buffer.from(
      `--X\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="SCANFormMetaData"\r\n\r\n{"manifestNumber":"92750901","trackingNumbers":["a","b"]}\r\n--X\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="SCANForm.pdf"\r\n\r\n${pdf.toString('base64')}\r\n--X--\r\n`,
    );
    expect(parseManifestResponse({ contentType: 'multipart/form-data; boundary=X', bytes: body }, [])).toEqual({
      carrier_manifest_id: '92750901',
      tracking_numbers: ['a', 'b'],
      document: Uint8Array.from(pdf),
    });
  });
});
