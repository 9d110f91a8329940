// KASI: public holidays and national days (from the checked holiday list), and sun/moon events computed for
// the place and day.
import { skyEvents } from '../../../core/geo/sky.ts';
import { apiError, isRealDate, rows, INVALID, type Handler } from './types.ts';

const FIRST_YEAR = 2024;
const LAST_YEAR = 2026;

function yearMonth(params: Record<string, string>): { year: string; month?: string } | undefined {
  const year = params.solYear ?? '';
  if (!/^\d{4}$/.test(year)) return undefined;
  const month = params.solMonth;
  if (month !== undefined && month !== '' && !/^(0[1-9]|1[0-2])$/.test(month.padStart(2, '0'))) return undefined;
  return { year, ...(month ? { month: month.padStart(2, '0') } : {}) };
}

const outOfRange = (year: string) =>
  apiError('03', `NODATA_ERROR (the emulator holds holidays for ${FIRST_YEAR}–${LAST_YEAR}, not ${year})`);

export const getRestDeInfo: Handler = ({ params, world }) => {
  const ym = yearMonth(params);
  if (!ym) return INVALID('solYear/solMonth');
  if (Number(ym.year) < FIRST_YEAR || Number(ym.year) > LAST_YEAR) return outOfRange(ym.year);
  const prefix = ym.month ? `${ym.year}-${ym.month}` : ym.year;
  const days = world.holidays.restDays.filter((d) => d.date.startsWith(prefix));
  const seq = new Map<string, number>();
  return rows(
    days.map((d) => {
      const n = (seq.get(d.date) ?? 0) + 1;
      seq.set(d.date, n);
      return { dateKind: '01', dateName: d.name, isHoliday: 'Y', locdate: Number(d.date.replace(/-/g, '')), seq: n };
    }),
  );
};

export const getHoliDeInfo: Handler = ({ params, world }) => {
  const ym = yearMonth(params);
  if (!ym) return INVALID('solYear/solMonth');
  if (Number(ym.year) < FIRST_YEAR || Number(ym.year) > LAST_YEAR) return outOfRange(ym.year);
  const days = world.holidays.nationalDays.filter((d) => !ym.month || d.monthDay.startsWith(ym.month));
  return rows(
    days.map((d) => ({ dateKind: '01', dateName: d.name, isHoliday: Number(ym.year) >= d.restFromYear ? 'Y' : 'N', locdate: Number(`${ym.year}${d.monthDay.replace('-', '')}`), seq: 1 })),
  );
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
    { locdate, location: '', longitude: degreesMinutes(lon), longitudeNum: lon.toFixed(7), latitude: degreesMinutes(lat), latitudeNum: lat.toFixed(7), ...events },
  ]);
};
