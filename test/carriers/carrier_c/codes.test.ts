/** carrier_c code tables: every catalog slug maps, both ways, and every documented status has a stage. */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/carriers/carrier_c/catalog.js';
import {
  labelSpec,
  PACKAGING,
  productCode,
  productSlug,
  trackingStage,
  unsupportedSpecialService,
  VALUE_ADDED_SERVICES,
} from '../../../src/carriers/carrier_c/codes.js';
import { TRACKING_STAGES } from '../../../src/domain/types.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf } from './support.js';

/** Special services that act through another member than valueAddedServices (codes.ts). */
const HANDLED_ELSEWHERE = ['hide_account', 'include_qr', 'importer_of_record'];

describe('codes', () => {
  it('maps every catalog service to one DHL product code and back', () => {
    const codes = catalog.services.map((s) => productCode(s));
    expect(codes.every((c) => c !== undefined && /^[0-9A-Z]$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(catalog.services.length);
    for (const s of catalog.services) expect(productSlug(productCode(s)!)).toBe(s);
    expect(productSlug('z')).toBe('carrier_c_z');
  });

  it('maps every catalog packaging', () => {
    expect(catalog.packaging.filter((p) => PACKAGING[p] === undefined)).toEqual([]);
  });

  it('maps every special service to a value-added service, another member, or a reasoned refusal', () => {
    const all = [...catalog.specialServices, ...catalog.packageSpecialServices];
    const unmapped = all.filter((s) => VALUE_ADDED_SERVICES[s] === undefined && !HANDLED_ELSEWHERE.includes(s));
    expect(unmapped).toEqual(['cod', 'breakbulk']);
    for (const s of unmapped) expect(unsupportedSpecialService(s)?.code).toBe('schema_validation_error');
  });

  it('maps every catalog label type to an encoding and template; PNG is the PDF, to be drawn as a PNG', () => {
    for (const t of catalog.labelTypes) expect(labelSpec(t, undefined).templateName, t).toMatch(/^ECOM/);
    expect(labelSpec('PNG', undefined)).toEqual({ encodingFormat: 'pdf', templateName: 'ECOM26_84_001', png: true });
    expect(labelSpec('PDF', '6X4_A4_PDF')).toEqual({
      encodingFormat: 'pdf',
      templateName: 'ECOM26_A6_002',
      fitLabelsToA4: true,
    });
    expect(labelSpec('ZPL2', '8x4_THERMAL')).toEqual({ encodingFormat: 'zpl', templateName: 'ECOM26_84_001' });
    expect(apiErrorOf(() => labelSpec('PDF', 'PAPER_4X6')).detail).toBe('shipment.label_size');
  });

  it.skipIf(fixturesMissing)('gives every express status of vendor/status.csv a tracking stage', () => {
    const rows = readFixtureText('carrier_c', 'vendor/status.csv')
      .split('\n')
      .map((l) => l.split(';'))
      .filter((r) => r[0] === 'express');
    expect(rows.length).toBe(44);
    for (const [, code] of rows) expect(TRACKING_STAGES, code).toContain(trackingStage(code));
    expect([
      trackingStage('OK'),
      trackingStage('PU'),
      trackingStage('WC'),
      trackingStage('RT'),
      trackingStage('pre-transit'),
    ]).toEqual(['DELIVERED', 'PICKED_UP', 'OUT_FOR_DELIVERY', 'EXCEPTION', 'CREATED']);
  });
});
