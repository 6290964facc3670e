import { describe, expect, it } from 'vitest';
import { durationText } from './duration.js';

describe('durationText', () => {
  it('takes the largest unit that fits, with a decimal only below ten', () => {
    expect(durationText(12_400, 'en')).toBe('12 sec');
    expect(durationText(3.5 * 60_000, 'en')).toBe('3.5 min');
    expect(durationText(42 * 60_000, 'en')).toBe('42 min');
    expect(durationText(30 * 3_600_000, 'en')).toBe('30 hr');
    expect(durationText(3 * 86_400_000, 'en')).toBe('3 days');
  });

  it('writes Dutch as Dutch', () => {
    expect(durationText(3.5 * 60_000, 'nl')).toBe('3,5 min');
    expect(durationText(2.4 * 3_600_000, 'nl')).toBe('2,4 uur');
    expect(durationText(1 * 86_400_000 * 3, 'nl')).toBe('3 dagen');
  });
});
