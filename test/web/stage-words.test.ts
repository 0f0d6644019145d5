/**
 * The pages word the tracking stages twice, for staff (shared/format.ts) and for customers
 * (shared/public-format.ts); the stages themselves are the domain's list. Both wordings cover that
 * list exactly, so a stage added to the interface cannot reach a page as a bare code.
 */
import { describe, expect, it } from 'vitest';
import { TRACKING_STAGES } from '../../src/domain/tracking.js';
import { STAGE_CODES, stageText } from '../../web/shared/format.js';
import { stageWords } from '../../web/shared/public-format.js';

describe('tracking stage words', () => {
  it('list the interface’s stages, in its order, for staff', () => {
    expect(STAGE_CODES).toEqual([...TRACKING_STAGES]);
  });
  it.each([...TRACKING_STAGES])('word %s for staff and for customers', (stage) => {
    expect(stageText(stage)).not.toBe(stage.toLowerCase().replace(/_/g, ' '));
    expect(stageWords(stage)).not.toBe(stage);
  });
});
