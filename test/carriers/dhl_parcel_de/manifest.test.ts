/**
 * dhl_parcel_de manifests: POST /manifests bodies (30 parcels a call) and the GET of the day's
 * document, built under a fixed clock. The recordings hold no manifest exchange; the answers here
 * are shaped as the Shipping API's description writes MultipleManifestResponse and SingleManifestResponse.
 */
import { describe, expect, it } from 'vitest';
import {
  buildManifestDocumentQuery,
  buildManifestRequest,
  parseManifestDocumentResponse,
  parseManifestResponse,
} from '../../../src/carriers/dhl_parcel_de/manifest.js';
import { apiErrorOf, NOW } from './support.js';

const PDF = Buffer.from('%PDF-1.7 manifest').toString('base64');

describe('buildManifestRequest', () => {
  it('closes the named parcels 30 a call, each once, under the standard profile', () => {
    const numbers = Array.from({ length: 61 }, (_, i) => String(340434310000 + i));
    const bodies = buildManifestRequest({ tracking_numbers: [...numbers, numbers[0]!], ship_date: '2026-11-27' });
    expect(bodies.map((b) => b.shipmentNumbers.length)).toEqual([30, 30, 1]);
    expect(bodies[0]).toMatchObject({ profile: 'STANDARD_GRUPPENPROFIL', shipmentNumbers: numbers.slice(0, 30) });
    expect(apiErrorOf(() => buildManifestRequest({ tracking_numbers: [], ship_date: '2026-11-27' })).code).toBe(
      'schema_field_required',
    );
  });

  it("fetches Germany's date today by the clock", () => {
    expect(buildManifestDocumentQuery(NOW)).toEqual([
      ['date', '2026-11-27'],
      ['includeDocs', 'include'],
    ]);
    expect(buildManifestDocumentQuery(new Date('2026-11-27T23:30:00Z'))).toEqual([
      ['date', '2026-11-28'],
      ['includeDocs', 'include'],
    ]);
  });
});

describe('manifest answers', () => {
  const closing = {
    status: { title: 'Multi-Status', statusCode: 207 },
    items: [
      { shipmentNo: '1', sstatus: { title: 'OK', statusCode: 200 } },
      {
        shipmentNo: '2',
        sstatus: { title: 'OK', statusCode: 200 },
        validationMessages: [
          {
            property: 'shipmentNumbers',
            validationMessage: 'The shipment has already been closed.',
            validationState: 'Warning',
          },
        ],
      },
      { shipmentNo: '3', sstatus: { title: 'Bad Request', statusCode: 400, detail: 'Unknown shipment number.' } },
    ],
  };

  it('takes closed and closed-before parcels as on the manifest, and the PDF (one document or a list of them)', () => {
    const closed = parseManifestResponse(closing);
    expect(closed).toEqual({ closed: ['1', '2'], refused: [{ number: '3', message: 'Unknown shipment number.' }] });
    for (const manifest of [[{ b64: PDF, fileFormat: 'PDF' }], { b64: PDF, fileFormat: 'PDF' }]) {
      const result = parseManifestDocumentResponse(
        { status: { statusCode: 200 }, manifestDate: '2026-11-27', manifest },
        [closed],
      );
      expect(result.tracking_numbers).toEqual(['1', '2']);
      expect(Buffer.from(result.document).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("refuses with DHL's words when nothing was closed, and a body without its PDF is carrier_http_exception", () => {
    const none = parseManifestResponse({ items: [closing.items[2]] });
    expect(apiErrorOf(() => parseManifestDocumentResponse(undefined, [none]))).toMatchObject({
      code: 'carrier_exception',
      message: '3: Unknown shipment number.',
    });
    const closed = parseManifestResponse(closing);
    for (const body of [
      null,
      {},
      { manifest: [] },
      { manifest: { b64: Buffer.from('not a pdf').toString('base64') } },
    ]) {
      expect(apiErrorOf(() => parseManifestDocumentResponse(body, [closed])).code).toBe('carrier_http_exception');
    }
    for (const body of [null, {}, { items: [] }])
      expect(apiErrorOf(() => parseManifestResponse(body)).code).toBe('carrier_http_exception');
  });
});
