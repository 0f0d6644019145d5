import { describe, expect, it } from 'vitest';
import { compositeServices, simpleServices } from '../../../src/carriers/carrier_d/catalog.js';
import {
  COMPOSITE_INPUTS,
  labelSpec,
  MAIL_CLASSES,
  priceInputs,
  serviceOfRate,
} from '../../../src/carriers/carrier_d/codes.js';
import { EVENT_CODES, eventStage } from '../../../src/carriers/carrier_d/codes-track.js';
import { TRACKING_STAGES } from '../../../src/domain/types.js';

/** domestic-prices.yaml BaseRatesQuery.rateIndicator and processingCategory enums. */
const RATE_INDICATORS =
  '3D 3N 3R 5D BA BB BM C1 C2 C3 C4 C5 CP CM DC DE DF DN DR E4 E6 E7 FA FB FE FP FS LC LF LL LO LS NP O1 O2 O3 O4 O5 O6 O7 OS P5 P6 P7 P8 P9 Q6 Q7 Q8 Q9 Q0 PA PL PM PR SB SN SP SR'.split(
    ' ',
  );
const CATEGORIES = ['LETTERS', 'FLATS', 'MACHINABLE', 'IRREGULAR', 'NON_MACHINABLE', 'NONSTANDARD'];
const ENTRIES = [
  'NONE',
  'DESTINATION_NETWORK_DISTRIBUTION_CENTER',
  'DESTINATION_SECTIONAL_CENTER_FACILITY',
  'DESTINATION_DELIVERY_UNIT',
  'DESTINATION_SERVICE_HUB',
];

describe('carrier_d codes', () => {
  it('maps every simple value to a mail class, and back', () => {
    for (const s of simpleServices) {
      expect(MAIL_CLASSES[s], s).toBeDefined();
      expect(serviceOfRate({ mailClass: MAIL_CLASSES[s]?.mailClass })).toBe(s);
    }
  });

  it('maps every composite of the catalog to four valid USPS price inputs', () => {
    expect(COMPOSITE_INPUTS.size).toBe(compositeServices.length);
    for (const c of compositeServices) {
      const i = priceInputs(c, 'your_packaging');
      expect(i, c).toBeDefined();
      expect(RATE_INDICATORS, c).toContain(i?.rateIndicator);
      expect(CATEGORIES, c).toContain(i?.processingCategory);
      expect(ENTRIES, c).toContain(i?.destinationEntryFacilityType);
      expect(i?.exact).toBe(true);
    }
  });

  it('names a priced option by the first composite with its inputs, so it books at the same price', () => {
    for (const c of compositeServices) {
      const i = COMPOSITE_INPUTS.get(c);
      const back = serviceOfRate(i ?? {});
      expect(COMPOSITE_INPUTS.get(back ?? ''), c).toEqual(i);
    }
    expect(priceInputs('priority_mail|padded_flat_rate_envelope|nonmachinable|none', 'x')).toMatchObject({
      processingCategory: 'FLATS',
      rateIndicator: 'FP',
    });
    expect(priceInputs('connect_local|flat_rate_box|machinable|ddu', 'x')).toMatchObject({
      mailClass: 'USPS_CONNECT_LOCAL',
      rateIndicator: 'LF',
      destinationEntryFacilityType: 'DESTINATION_DELIVERY_UNIT',
    });
    expect(priceInputs('priority_mail', 'small_flat_rate_box')).toEqual({
      mailClass: 'PRIORITY_MAIL',
      processingCategory: 'MACHINABLE',
      rateIndicator: 'FS',
      destinationEntryFacilityType: 'NONE',
      exact: false,
    });
    expect(priceInputs('priority_mail|tube|machinable|none', 'x')).toBeUndefined();
  });

  it('maps label types and sizes to imageType and labelType', () => {
    expect(labelSpec('ZPL', '6X4LABEL')).toEqual({ imageType: 'ZPL203DPI', labelType: '6X4LABEL', format: 'ZPL' });
    expect(labelSpec('PNG__2X7LABEL', undefined)).toEqual({ imageType: 'PNG', labelType: '2X7LABEL', format: 'PNG' });
    expect(labelSpec(undefined, undefined)).toEqual({ imageType: 'PDF', labelType: '4X6LABEL', format: 'PDF' });
  });

  it('maps every event code of the table to a tracking stage', () => {
    for (const code of EVENT_CODES) expect(TRACKING_STAGES).toContain(eventStage(code));
    expect(eventStage('01')).toBe('DELIVERED');
    expect(eventStage('ZZ')).toBeUndefined();
  });
});
