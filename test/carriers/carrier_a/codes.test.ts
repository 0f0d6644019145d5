import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/carriers/carrier_a/catalog.js';
import {
  PACKAGE_SIGNATURE_OPTIONS,
  SHIPMENT_SPECIAL_SERVICES,
  labelSpecification,
  packagingCode,
  serviceCode,
  serviceSlug,
  trackingStage,
  transitDays,
  weekday,
} from '../../../src/carriers/carrier_a/codes.js';
import { splitLabelType } from '../../../src/domain/catalog.js';
import { fixturesMissing, readFixtureText } from '../../support/fixtures.js';
import { apiErrorOf } from './support.js';

describe('carrier_a codes against the catalog', () => {
  it('maps every catalog service, and the code maps back to a bookable slug', () => {
    for (const slug of catalog.services) {
      const code = serviceCode(slug);
      expect(code, slug).toMatch(/^[A-Z0-9_]+$/);
      expect(catalog.services).toContain(serviceSlug(code ?? ''));
    }
    expect(serviceCode('carrier_a_ground')).toBe('FEDEX_GROUND');
    expect(serviceCode('carrier_a_2_day')).toBe('FEDEX_2_DAY');
    expect(serviceCode('carrier_a_international_priority')).toBe('FEDEX_INTERNATIONAL_PRIORITY');
    expect(serviceSlug('INTERNATIONAL_PRIORITY')).toBe('carrier_a_international_priority');
    expect(serviceSlug('FEDEX_INTERNATIONAL_PRIORITY')).toBe('carrier_a_international_priority');
    expect(serviceSlug('SMART_POST')).toBe('carrier_a_smart_post_parcel_select');
  });

  it('maps every catalog packaging, label type and special service', () => {
    for (const slug of catalog.packaging) expect(packagingCode(slug), slug).toBeDefined();
    expect(packagingCode('carrier_a_box')).toBe('FEDEX_BOX');
    for (const labelType of catalog.labelTypes) {
      const { format, size } = splitLabelType(labelType);
      const spec = labelSpecification(format, size);
      expect(spec.imageType, labelType).toBe(format === 'ZPL' ? 'ZPLII' : format);
      expect(
        spec.labelStockType.startsWith(format === 'PDF' || format === 'PNG' ? 'PAPER_' : 'STOCK_'),
        labelType,
      ).toBe(true);
    }
    expect(labelSpecification(undefined, undefined)).toEqual({ imageType: 'PDF', labelStockType: 'PAPER_4X6' });
    expect(labelSpecification('ZPL', undefined)).toEqual({ imageType: 'ZPLII', labelStockType: 'STOCK_4X6' });
    expect(labelSpecification('PNG', 'PAPER_7X4.75')).toEqual({ imageType: 'PNG', labelStockType: 'PAPER_7X475' });
    expect(labelSpecification('PDF__PAPER_8.5X11_TOP_HALF_LABEL', undefined).labelStockType).toBe(
      'PAPER_85X11_TOP_HALF_LABEL',
    );
    expect(apiErrorOf(() => labelSpecification('EPL2', 'PAPER_4X6')).code).toBe('schema_validation_error');
    for (const s of catalog.packageSpecialServices) expect(PACKAGE_SIGNATURE_OPTIONS[s], s).toBeDefined();
    expect(SHIPMENT_SPECIAL_SERVICES.carrier_a_one_rate).toBe('FEDEX_ONE_RATE');
    expect(SHIPMENT_SPECIAL_SERVICES.paperless_trade).toBe('ELECTRONIC_TRADE_DOCUMENTS');
  });

  it('reads FedEx transit words and weekdays', () => {
    expect(transitDays('ONE_DAY')).toBe(1);
    expect(transitDays('THREE_DAYS')).toBe(3);
    expect(transitDays('TW0_DAYS')).toBe(2);
    expect(transitDays('TWENTY_DAYS')).toBe(20);
    expect(transitDays('SMARTPOST_TRANSIT_DAYS')).toBeUndefined();
    expect(transitDays('UNKNOWN')).toBeUndefined();
    expect(weekday('Thu')).toBe('THU');
    expect(weekday('SUNDAY')).toBe('SUN');
    expect(weekday('Funday')).toBeUndefined();
  });
});

describe.skipIf(fixturesMissing)('carrier_a tracking stages against the vendor status code page', () => {
  it('maps every Movement and Regulatory code of Tracking-Status-Codes.html', () => {
    const html = readFixtureText('carrier_a', 'vendor/Tracking-Status-Codes.html');
    // The page lists "CODE Definition" cells; the Possession table (CA Carrier, RC Recipient…) follows "Possession".
    const statusPart = html.split(/Possession/)[0] ?? '';
    const codes = [...statusPart.matchAll(/>\s*([A-Z][A-Za-z])\s*</g)].map((m) => (m[1] ?? '').toUpperCase());
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) expect(trackingStage(code), code).toBeDefined();
  });

  it('chooses the documented stages', () => {
    expect(trackingStage('OC')).toBe('CREATED');
    expect(trackingStage('PU')).toBe('PICKED_UP');
    expect(['IT', 'AR', 'DP', 'AF', 'CC'].map(trackingStage)).toEqual(Array(5).fill('IN_TRANSIT'));
    expect(trackingStage('OD')).toBe('OUT_FOR_DELIVERY');
    expect(trackingStage('DL')).toBe('DELIVERED');
    expect(['DE', 'SE', 'DY', 'CD'].map(trackingStage)).toEqual(Array(4).fill('EXCEPTION'));
    expect(trackingStage('CA')).toBe('SHIPMENT_VOIDED');
    expect(trackingStage('EP')).toBe('DRIVER_ASSIGNED');
    expect(trackingStage('QQ')).toBeUndefined();
  });
});
