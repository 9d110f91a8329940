import { describe, expect, it } from 'vitest';
import { isKmaGridPoint, kmaGridToLatLon, latLonToKmaGrid } from '../../../main/core/geo/kmaGrid.ts';
import { distanceMetres, fromTransverseMercator, KOREA_CENTRAL_TM, toTransverseMercator, UTMK } from '../../../main/core/geo/transverseMercator.ts';
import { skyEvents } from '../../../main/core/geo/sky.ts';
import { localTools } from '../../../main/core/catalog/localTools.ts';

describe('KMA grid', () => {
  // Grid points KMA's own converter gives for these places.
  it.each([
    ['Seoul City Hall', 37.5665, 126.978, 60, 127],
    ['세종대로 110', 37.56635, 126.9779, 60, 127],
    ['Gangnam-gu Office', 37.5172, 127.0473, 61, 126],
    ['Daejeon City Hall', 36.3504, 127.3845, 67, 100],
    ['Busan City Hall', 35.1798, 129.075, 98, 76],
    ['Jeju City Hall', 33.4996, 126.5312, 53, 38],
  ])('%s → (%i, %i)', (_name, lat, lon, nx, ny) => {
    expect(latLonToKmaGrid({ lat, lon })).toEqual({ nx, ny });
  });

  it('maps a cell centre back into the same cell', () => {
    for (const cell of [
      { nx: 60, ny: 127 },
      { nx: 98, ny: 76 },
      { nx: 1, ny: 1 },
      { nx: 149, ny: 253 },
    ]) {
      expect(latLonToKmaGrid(kmaGridToLatLon(cell))).toEqual(cell);
    }
  });

  it('knows the grid bounds', () => {
    expect(isKmaGridPoint({ nx: 60, ny: 127 })).toBe(true);
    expect(isKmaGridPoint({ nx: 0, ny: 127 })).toBe(false);
    expect(isKmaGridPoint({ nx: 150, ny: 1 })).toBe(false);
    expect(isKmaGridPoint({ nx: 60.5, ny: 127 })).toBe(false);
  });
});

describe('transverse Mercator grids', () => {
  it('round-trips UTM-K and the central-belt TM to well under a metre', () => {
    for (const p of [
      { lat: 37.5665, lon: 126.978 },
      { lat: 33.25, lon: 126.56 },
      { lat: 38.2, lon: 128.6 },
    ]) {
      for (const grid of [UTMK, KOREA_CENTRAL_TM]) {
        const back = fromTransverseMercator(toTransverseMercator(p, grid), grid);
        expect(distanceMetres(p, back)).toBeLessThan(0.01);
      }
    }
  });

  it('puts the UTM-K origin where EPSG:5179 puts it', () => {
    expect(toTransverseMercator({ lat: 38, lon: 127.5 }, UTMK)).toEqual({ x: 1_000_000, y: 2_000_000 });
  });

  it('gives the central-belt TM coordinates AirKorea shows for Jongno (about 198 km, 452 km)', () => {
    const { x, y } = toTransverseMercator({ lat: 37.572, lon: 126.9794 }, KOREA_CENTRAL_TM);
    expect(Math.abs(x - 198_138)).toBeLessThan(300);
    expect(Math.abs(y - 452_504)).toBeLessThan(300);
  });

  it('the local tool utmkToWgs84 converts juso coordinates back to latitude and longitude', () => {
    const p = toTransverseMercator({ lat: 37.5665, lon: 126.978 }, UTMK);
    expect(localTools.utmkToWgs84({ x: p.x, y: p.y })).toEqual({ lat: 37.5665, lon: 126.978 });
  });
});

describe('sunrise and sunset', () => {
  const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2));
  // Published values for Seoul (KASI): within two minutes.
  it.each([
    ['20250101', '0747', '1724'],
    ['20250621', '0511', '1957'],
    ['20251222', '0743', '1717'],
  ])('Seoul on %s: sunrise %s, sunset %s', (date, rise, set) => {
    const events = skyEvents(date, { lat: 37.5665, lon: 126.978 });
    expect(Math.abs(minutes(events.sunrise) - minutes(rise))).toBeLessThanOrEqual(2);
    expect(Math.abs(minutes(events.sunset) - minutes(set))).toBeLessThanOrEqual(2);
    expect(minutes(events.civilm)).toBeLessThan(minutes(events.sunrise));
    expect(minutes(events.civile)).toBeGreaterThan(minutes(events.sunset));
  });

  it('writes ---- for a moon event that does not happen that day, and HHMM otherwise', () => {
    const month = Array.from({ length: 30 }, (_, i) => skyEvents(`202503${String(i + 1).padStart(2, '0')}`, { lat: 37.5665, lon: 126.978 }));
    const values = month.flatMap((e) => [e.moonrise, e.moonset]);
    expect(values.every((v) => v === '----' || /^([01]\d|2[0-3])[0-5]\d$/.test(v))).toBe(true);
    expect(values).toContain('----');
  });
});
