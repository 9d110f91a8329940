import { describe, expect, it } from 'vitest';
import { formatMoment, formatTime } from '../../../main/core/i18n/moments.ts';

describe('moments in the locale’s own form', () => {
  it('says 오전 and 오후 in Korean whatever the ICU data, and a 24-hour clock in English, in KST wherever the machine is', () => {
    // 05:05 UTC is 14:05 in Seoul; 00:05 UTC is 09:05.
    const afternoon = new Date(Date.UTC(2026, 11, 1, 5, 5, 9));
    const morning = new Date(Date.UTC(2026, 11, 1, 0, 5, 9));
    expect(formatMoment(afternoon, 'ko')).toBe('2026. 12. 1. 오후 2:05 KST');
    expect(formatMoment(morning, 'ko')).toBe('2026. 12. 1. 오전 9:05 KST');
    expect(formatTime(afternoon, 'ko')).toBe('오후 2:05:09 KST');
    expect(formatMoment(afternoon, 'en')).toBe('1 Dec 2026, 14:05 KST');
    // 20:30 UTC on 1 December is already 2 December in Seoul.
    expect(formatMoment(new Date(Date.UTC(2026, 11, 1, 20, 30)), 'en')).toBe('2 Dec 2026, 05:30 KST');
  });

  it('leaves a value that is no moment as it was', () => {
    expect(formatMoment('not a date', 'ko')).toBe('not a date');
  });
});
