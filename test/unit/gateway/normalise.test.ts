import { describe, expect, it } from 'vitest';
import { driftWarnings, normaliseItem, normaliseValue, normalisers } from '../../../main/core/gateway/normalise.ts';
import { toRows } from '../../../main/core/gateway/envelopes.ts';

describe('field normalisers', () => {
  it('read MOLIT amounts with commas and leading spaces as numbers', () => {
    expect(normaliseValue('    12,000', { type: 'integer', normalise: ['commaNumber'] })).toBe(12000);
    expect(normaliseValue(' 1,234,567', { type: 'integer' })).toBe(1234567);
  });

  it('turn AirKorea "-" and empty values into null', () => {
    expect(normaliseValue('-', { type: 'integer' })).toBeNull();
    expect(normaliseValue('-', { type: 'string' })).toBeNull();
    expect(normaliseValue('', { type: 'string', normalise: ['emptyNull'] })).toBeNull();
    expect(normaliseValue('', { type: 'number' })).toBeNull();
  });

  it('turn 24:00 into 00:00 of the next day, across months and years', () => {
    expect(normalisers.kstMidnight24('2024-09-13 24:00')).toBe('2024-09-14 00:00');
    expect(normalisers.kstMidnight24('2024-02-29 24:00')).toBe('2024-03-01 00:00');
    expect(normalisers.kstMidnight24('2025-12-31 24:00')).toBe('2026-01-01 00:00');
    expect(normalisers.kstMidnight24('2025-12-31 23:00')).toBe('2025-12-31 23:00');
  });

  it('read Y/N as booleans and upgrade image links to https', () => {
    expect(normaliseValue('Y', { type: 'boolean', normalise: ['ynBoolean'] })).toBe(true);
    expect(normaliseValue('N', { type: 'boolean' })).toBe(false);
    expect(normalisers.httpsUrl('http://tong.visitkorea.or.kr/a.jpg')).toBe('https://tong.visitkorea.or.kr/a.jpg');
  });

  it('give JSON numbers and XML text the same normalised value', () => {
    const fields = { nx: { type: 'integer' as const }, obsrValue: { type: 'number' as const }, category: { type: 'string' as const } };
    expect(normaliseItem({ nx: 60, obsrValue: '8.3', category: 'T1H', extra: 5 }, fields)).toEqual(
      normaliseItem({ nx: '60', obsrValue: '8.3', category: 'T1H', extra: '5' }, fields),
    );
  });

  it('make one row an array and no rows an empty array', () => {
    expect(toRows({ a: 1 })).toEqual([{ a: 1 }]);
    expect(toRows('')).toEqual([]);
    expect(toRows(undefined)).toEqual([]);
    expect(toRows([{ a: 1 }, { a: 2 }])).toHaveLength(2);
  });

  it('notice a renamed field, and stay quiet about optional ones', () => {
    const fields = { pm10Value: { type: 'integer' as const }, pm10Flag: { type: 'string' as const }, stationName: { type: 'string' as const } };
    expect(driftWarnings([{ pm10Val: '38', stationName: '종로구' }], fields)[0]).toContain('pm10Value → pm10Val');
    expect(driftWarnings([{ pm10Value: '38', stationName: '종로구', dataTime: 'x' }], fields)).toEqual([]);
  });
});
