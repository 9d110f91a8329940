import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatTime, kstDayBounds } from '../../../main/core/i18n/moments.ts';

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

  it('filters a calendar day in Korean time and says it in words, whatever order the browser writes the field in', () => {
    // 4 December in Seoul runs from 15:00 UTC on the 3rd to 15:00 UTC on the 4th.
    expect(kstDayBounds('2026-12-04')).toEqual({ from: '2026-12-03T15:00:00.000Z', to: '2026-12-04T15:00:00.000Z' });
    expect(formatDay('2026-12-04', 'ko')).toBe('2026년 12월 4일 금요일');
    expect(formatDay('2026-12-04', 'en')).toMatch(/^Friday,? 4 December 2026$/);
    expect(kstDayBounds('2026-02-30')).toBeUndefined();
    expect(kstDayBounds('')).toBeUndefined();
    expect(formatDay('12/04/2026', 'en')).toBe('12/04/2026');
  });
});
