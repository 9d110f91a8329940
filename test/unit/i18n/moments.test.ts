import { describe, expect, it } from 'vitest';
import { formatMoment, formatTime } from '../../../main/core/i18n/moments.ts';

describe('moments in the locale’s own form', () => {
  it('says 오전 and 오후 in Korean whatever the ICU data, and a 24-hour clock in English', () => {
    const afternoon = new Date(2026, 11, 1, 14, 5, 9);
    const morning = new Date(2026, 11, 1, 9, 5, 9);
    expect(formatMoment(afternoon, 'ko')).toBe('2026. 12. 1. 오후 2:05');
    expect(formatMoment(morning, 'ko')).toBe('2026. 12. 1. 오전 9:05');
    expect(formatTime(afternoon, 'ko')).toBe('오후 2:05:09');
    expect(formatMoment(afternoon, 'en')).toBe('1 Dec 2026, 14:05');
  });

  it('leaves a value that is no moment as it was', () => {
    expect(formatMoment('not a date', 'ko')).toBe('not a date');
  });
});
