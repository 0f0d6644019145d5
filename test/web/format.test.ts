/** The console's wording of counts: one thing is never said as several. */
import { describe, expect, it } from 'vitest';
import { counted } from '../../web/shared/format.js';

describe('counted', () => {
  it('says one thing in the singular and every other number in the plural', () => {
    expect(counted(1, 'row')).toBe('1 row');
    expect(counted(0, 'row')).toBe('0 rows');
    expect(counted(3, 'manifest')).toBe('3 manifests');
  });
  it('takes the plural it is given where adding an s is wrong', () => {
    expect(counted(1, 'delivery', 'deliveries')).toBe('1 delivery');
    expect(counted(2, 'delivery', 'deliveries')).toBe('2 deliveries');
  });
});
