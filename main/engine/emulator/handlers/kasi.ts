// KASI: public holidays and national days (from the checked holiday list), and sun/moon events computed for
// the place and day.
import { skyEvents } from '../../../core/geo/sky.ts';
import type { World } from '../world/World.ts';
import { apiError, isRealDate, rows, INVALID, type Handler } from './types.ts';

function yearMonth(params: Record<string, string>): { year: string; month?: string } | undefined {
  const year = params.solYear ?? '';
  if (!/^\d{4}$/.test(year)) return undefined;
  const month = params.solMonth;
  if (month !== undefined && month !== '' && !/^(0[1-9]|1[0-2])$/.test(month.padStart(2, '0'))) return undefined;
  return { year, ...(month ? { month: month.padStart(2, '0') } : {}) };
}

/** The years the checked holiday list covers; a year outside them is answered as the real service answers a year it has no data for. */
function yearNotHeld(world: World, year: string) {
  const years = world.holidays.restDays.map((d) => Number(d.date.slice(0, 4)));
  const first = Math.min(...years);
  const last = Math.max(...years);
  const y = Number(year);
  return y < first || y > last ? apiError('03', `NODATA_ERROR (the emulator holds holidays for ${first}–${last}, not ${year})`) : undefined;
}

/** A year's (or a month's) days off, numbered within each date as KASI numbers them. */
function restRows(world: World, year: string, month?: string): Record<string, unknown>[] {
  const prefix = month ? `${year}-${month}` : year;
  const seq = new Map<string, number>();
  return world.holidays.restDays
    .filter((d) => d.date.startsWith(prefix))
    .map((d) => {
      const n = (seq.get(d.date) ?? 0) + 1;
      seq.set(d.date, n);
      return { dateKind: '01', dateName: d.name, isHoliday: 'Y', locdate: Number(d.date.replace(/-/g, '')), seq: n };
    });
}

export const getRestDeInfo: Handler = ({ params, world }) => {
  const ym = yearMonth(params);
  if (!ym) return INVALID('solYear/solMonth');
  const missing = yearNotHeld(world, ym.year);
  if (missing) return missing;
  return rows(restRows(world, ym.year, ym.month));
};

/**
 * National days and days off together: every day off, and each national day that is not one that year, marked
 * isHoliday N with KASI's remark (제헌절 before 2026), in date order.
 */
export const getHoliDeInfo: Handler = ({ params, world }) => {
  const ym = yearMonth(params);
  if (!ym) return INVALID('solYear/solMonth');
  const missing = yearNotHeld(world, ym.year);
  if (missing) return missing;
  const off = restRows(world, ym.year, ym.month);
  const working = world.holidays.nationalDays
    .filter((d) => (!ym.month || d.monthDay.startsWith(ym.month)) && Number(ym.year) < d.restFromYear)
    .map((d) => ({
      dateKind: '01',
      dateName: d.name,
      isHoliday: 'N',
      locdate: Number(`${ym.year}${d.monthDay.replace('-', '')}`),
      remarks: '국경일이지만 공휴일 아님',
      seq: 1,
    }));
  return rows([...off, ...working].sort((a, b) => Number(a.locdate) - Number(b.locdate)));
};

/** 126.9667 → "12658" (degrees and minutes), as KASI writes positions. */
function degreesMinutes(value: number): string {
  const degrees = Math.floor(value);
  const minutes = Math.round((value - degrees) * 60);
  return `${degrees}${String(minutes).padStart(2, '0')}`;
}

function decimalOf(raw: string, decimal: boolean): number {
  if (decimal) return Number(raw);
  const n = Math.round(Number(raw));
  return Math.floor(n / 100) + (n % 100) / 60;
}

export const getLCRiseSetInfo: Handler = ({ params }) => {
  const locdate = params.locdate ?? '';
  if (!isRealDate(locdate)) return INVALID('locdate');
  const decimal = (params.dnYn ?? 'Y').toUpperCase() !== 'N';
  const lon = decimalOf(params.longitude ?? '', decimal);
  const lat = decimalOf(params.latitude ?? '', decimal);
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || lat < 33 || lat > 39 || lon < 124 || lon > 132) return INVALID('longitude/latitude');
  const events = skyEvents(locdate, { lat, lon });
  return rows([
    {
      locdate,
      location: '',
      longitude: degreesMinutes(lon),
      longitudeNum: lon.toFixed(7),
      latitude: degreesMinutes(lat),
      latitudeNum: lat.toFixed(7),
      ...events,
    },
  ]);
};
